/** `zonectl drift PATHS...`: the nightly check (src/app/drift). Exit 2 on drift, 1 when a zone could not be checked. */
import { checkFailOn, FAIL_ON, runDrift } from '../../app/drift/index.js';
import { defineCommand, flag } from '../definition/define-command.js';
import { EXIT } from '../output/io.js';
import { baseUrlFlag } from '../options.js';
import { MANY_ZONE_ARGS, MANY_ZONE_FLAGS } from '../render/report/many-zone-flags.js';
import { reportOutput, withReportOutput } from '../render/report/report-output.js';

export const driftCommand = defineCommand({
  name: 'drift',
  description:
    'Report how the live zones differ from the zone files: what happened at the service, who did it (the account audit log, with Account Settings Read), and how to revert or adopt it (exit 2 on drift, 0 when in sync, 1 on error); changes nothing',
  args: MANY_ZONE_ARGS,
  flags: {
    failOnUnmanaged: flag.switch(
      '--fail-on-unmanaged',
      'count unmanaged (kept) records as drift too (tokens no file lists are reported but not counted)',
    ),
    tokens: flag.switch('--tokens', 'list every API token no file lists (name, id, last use, expiry, policies) instead of counting them'),
    unmanagedZones: flag.switch(
      '--unmanaged-zones',
      "also list the zones the credentials can see that no file manages (each account's, with its own credential)",
    ),
    baseline: flag.text(
      '--baseline <previous.json>',
      'mark each drift item new, still present or gone since this earlier `drift --format json` (or --out)',
    ),
    failOn: flag.choice('--fail-on <what>', 'exit 2 on any drift, or only on drift that is new since --baseline', FAIL_ON, 'any'),
    out: flag.text('--out <drift.json>', "also write the JSON report (with drift item ids) to this file: the next run's --baseline"),
    baseUrl: baseUrlFlag,
    ...MANY_ZONE_FLAGS,
  },
  examples: [
    'zonectl drift zones/',
    'zonectl drift zones/example.com.yaml --fail-on-unmanaged --format json',
    'zonectl drift zones/ --tokens',
    'zonectl drift zones/ --unmanaged-zones',
    'zonectl drift zones/ --format html > drift.html',
    'zonectl drift zones/ --baseline last-night.json --fail-on new --out tonight.json',
  ],
  run: async ({ args, flags }) => {
    checkFailOn(flags.failOn, flags.baseline);
    const output = reportOutput(flags.format, {
      listTokens: flags.tokens,
      files: [...(flags.out !== undefined ? [{ format: 'json' as const, file: flags.out }] : []), ...(flags.report ?? [])],
    });
    const result = await withReportOutput(output, (o) =>
      runDrift(
        {
          paths: args.paths,
          config: flags.config,
          shard: flags.shard,
          baseline: flags.baseline,
          failOn: flags.failOn,
          failOnUnmanaged: flags.failOnUnmanaged,
          unmanagedZones: flags.unmanagedZones,
          connection: { baseUrl: flags.baseUrl, rateLimit: flags.rateLimit, env: process.env },
        },
        o,
      ),
    );
    return result.failed ? EXIT.error : result.drift ? EXIT.changes : EXIT.ok;
  },
});
