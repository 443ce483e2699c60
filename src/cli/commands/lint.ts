/** `zonectl lint FILE...`: what breaks mail and the web (src/app/lint), shown by ../views/lint.ts; `--list` the checks. */
import { runLint } from '../../app/lint/index.js';
import { runToEnd } from '../../app/session/index.js';
import { arg, defineCommand, flag } from '../definition/define-command.js';
import { configFlag } from '../options.js';
import { EXIT } from '../output/io.js';
import { LINT_FORMATS, lintView, printCheckList } from '../views/lint.js';

export const lintCommand = defineCommand({
  name: 'lint',
  description: 'Check what breaks mail and the web: SPF, DMARC, DKIM, MX/NS/CNAME targets, CAA, wildcards, delegations, TTLs (no API call)',
  args: { files: arg.variadic('files', 'zone files', { required: false }) },
  flags: {
    strict: flag.switch(
      '--strict',
      'every finding is an error (exit 1); without it, only the findings that break mail or validation for every receiver are',
    ),
    config: configFlag,
    list: flag.switch('--list', 'print every check zonectl runs (id, severity, where it runs, the rule it enforces) instead of linting'),
    format: flag.choice(
      '--format <format>',
      'output format: text, one JSON document, or SARIF 2.1.0 (GitHub code scanning)',
      LINT_FORMATS,
      'text',
    ),
  },
  examples: [
    'zonectl lint zones/example.com.yaml --strict',
    "zonectl lint zones/ --format json | jq '.files[].problems[]'",
    'zonectl lint zones/ --format sarif > zonectl-lint.sarif',
    'zonectl lint --list',
  ],
  validate: ({ args, flags }, cli) => {
    if (flags.list) {
      if (args.files.length > 0) cli.usageError('error: --list takes no files');
      if (flags.format === 'sarif') cli.usageError('error: --list prints text or json (SARIF holds findings, not the list of checks)');
      return;
    }
    // As commander says it of a required argument (`[files...]` is optional only for --list).
    if (args.files.length === 0) cli.usageError("error: missing required argument 'files'", { code: 'commander.missingArgument' });
  },
  run: async ({ args, flags }) => {
    if (flags.list) {
      printCheckList(flags.format === 'json' ? 'json' : 'text');
      return undefined;
    }
    const view = lintView(flags.format);
    const result = await runToEnd(view, () =>
      runLint({ paths: args.files, strict: flags.strict, config: flags.config, env: process.env }, view),
    );
    return result.failed ? EXIT.error : EXIT.ok;
  },
});
