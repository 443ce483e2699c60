/** `zonectl plan PATHS...`: the changes apply would make (src/app/plan `runPlan`), as a report in the format asked. */
import { runPlan } from '../../app/plan/index.js';
import { runToEnd } from '../../app/session/index.js';
import { defineCommand, flag } from '../definition/define-command.js';
import { EXIT } from '../output/io.js';
import { baseUrlFlag } from '../options.js';
import { planView } from '../views/plan.js';
import { MANY_ZONE_ARGS, MANY_ZONE_FLAGS } from '../many-zone-flags.js';

export const planCommand = defineCommand({
  name: 'plan',
  description: 'Compare zone files with the live zones and show the changes apply would make (changes nothing)',
  args: MANY_ZONE_ARGS,
  flags: {
    detailedExitcode: flag.switch('--detailed-exitcode', 'exit 2 when there are changes, 0 when there are none'),
    out: flag.text('--out <plan.json>', 'save the plan for `zonectl apply --plan` (only when every zone was planned)'),
    changedSince: flag.text(
      '--changed-since <ref>',
      'plan only the zones whose file, included fragments or repository configuration (zonectl.yaml, --config) changed since the merge base of this git revision and HEAD (e.g. origin/main)',
    ),
    baseUrl: baseUrlFlag,
    ...MANY_ZONE_FLAGS,
  },
  examples: [
    'zonectl plan zones/example.com.yaml',
    'zonectl plan zones/ --out plan.json --detailed-exitcode',
    'zonectl plan zones/ --shard 2/4 --format markdown > comment.md',
  ],
  run: async ({ args, flags }) => {
    const output = planView(flags.format, flags.report);
    const result = await runToEnd(output, () =>
      runPlan(
        {
          paths: args.paths,
          config: flags.config,
          changedSince: flags.changedSince,
          shard: flags.shard,
          out: flags.out,
          connection: { baseUrl: flags.baseUrl, rateLimit: flags.rateLimit, env: process.env },
          cwd: process.cwd(),
        },
        output,
      ),
    );
    return result.failed ? EXIT.error : flags.detailedExitcode && result.changes ? EXIT.changes : EXIT.ok;
  },
});
