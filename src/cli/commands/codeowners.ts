/** `zonectl codeowners [PATHS...]`: CODEOWNERS lines from zonectl.yaml's teams (src/app/codeowners), shown by ../views/codeowners.ts. */
import { runCodeowners } from '../../app/codeowners/index.js';
import { arg, defineCommand, flag } from '../definition/define-command.js';
import { configFlag } from '../options.js';
import { EXIT } from '../output/io.js';
import { messagesOnly } from '../output/messages.js';
import { showCodeowners } from '../views/codeowners.js';

export const codeownersCommand = defineCommand({
  name: 'codeowners',
  description:
    "Print CODEOWNERS lines for the zone files and fragments, from zonectl.yaml's teams (owners:), so that reviews follow the DNS scopes",
  args: { paths: arg.variadic('paths', "zone files and directories (default: zonectl.yaml's directory)", { required: false }) },
  flags: {
    config: configFlag,
    check: flag.text('--check <file>', 'print nothing; exit 1 when this CODEOWNERS file lacks a line zonectl would print'),
  },
  examples: ['zonectl codeowners > .github/CODEOWNERS', 'zonectl codeowners zones/ --check .github/CODEOWNERS'],
  run: async ({ args, flags }) => {
    const result = await runCodeowners(
      {
        paths: args.paths,
        ...(flags.config !== undefined ? { config: flags.config } : {}),
        ...(flags.check !== undefined ? { check: flags.check } : {}),
        env: process.env,
      },
      messagesOnly,
    );
    return showCodeowners(result, flags.check) ? EXIT.error : EXIT.ok;
  },
});
