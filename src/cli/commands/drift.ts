/**
 * `zonectl drift PATHS...`: the nightly check (src/app/drift). Exit 2 on drift, 1 when a zone
 * could not be checked. `--adopt [ID...]` takes drift items into the zone files instead
 * (src/app/drift/adopt-session.ts).
 */

/** `--adopt` alone: every item that can be adopted. */
const ADOPT_ALL = 'all';
import { DRIFT_ITEM_ID, FAIL_ON, runAdopt, runDrift } from '../../app/drift/index.js';
import { runToEnd } from '../../app/session/index.js';
import { ZonectlError } from '../../core/errors.js';
import { defineCommand, flag } from '../definition/define-command.js';
import { EXIT } from '../output/io.js';
import { baseUrlFlag } from '../options.js';
import { MANY_ZONE_ARGS, MANY_ZONE_FLAGS } from '../many-zone-flags.js';
import { adoptView, driftView } from '../views/drift.js';

/** The ids given to `--adopt` (without the "all" of `--adopt` alone). */
function adoptIds(adopt: readonly string[]): string[] {
  return adopt.filter((id) => id !== ADOPT_ALL);
}

/** The ids given are drift item ids (`d2:` and 24 hex digits), checked before any file or API is read. */
function checkAdoptIds(ids: readonly string[]): void {
  const bad = ids.filter((id) => !DRIFT_ITEM_ID.test(id));
  if (bad.length > 0)
    throw new ZonectlError(
      'BAD_FLAG',
      `--adopt ${bad.map((b) => JSON.stringify(b)).join(', ')}: not a drift item id (d2: and 24 hex digits, as in \`zonectl drift --format json\`); give the zone files before --adopt`,
    );
}

export const driftCommand = defineCommand({
  name: 'drift',
  description:
    'Report how the live zones differ from the zone files: what happened at the service, who did it (the account audit log, with Account Settings Read), and how to revert or adopt it (exit 2 on drift, 0 when in sync, 1 on error); changes nothing, but with --adopt, which writes the live side of the chosen items into the zone files',
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
    adopt: flag.list(
      '--adopt [ids...]',
      'take the live side of drift into the zone files instead of reporting it: every item that can be adopted, or only the items of these ids (as in the JSON report; give the files first); records added, changed or removed at the service and DNS settings, written by the lossless editor where the file (or the fragment it includes) sets them; comments and layout stay; a plan is then empty of them',
      (value: string) => value,
      { preset: ADOPT_ALL },
    ),
    dryRun: flag.switch('--dry-run', 'with --adopt: print the unified diff it would write, write nothing; exit 2 when a file would change'),
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
    'zonectl drift zones/ --adopt                        # every live change into the files; then plan is empty',
    'zonectl drift zones/example.com.yaml --adopt d2:0123456789abcdef01234567 --dry-run',
  ],
  validate: ({ flags }) => {
    if (flags.adopt !== undefined) {
      const clash = [
        flags.baseline !== undefined ? '--baseline' : undefined,
        flags.failOn !== 'any' ? '--fail-on' : undefined,
        flags.out !== undefined ? '--out' : undefined,
        (flags.report ?? []).length > 0 ? '--report' : undefined,
        flags.format !== 'text' ? '--format' : undefined,
        flags.tokens ? '--tokens' : undefined,
        flags.unmanagedZones ? '--unmanaged-zones' : undefined,
        flags.failOnUnmanaged ? '--fail-on-unmanaged' : undefined,
      ].filter((f) => f !== undefined);
      if (clash.length > 0)
        throw new ZonectlError('BAD_FLAG', `--adopt edits the zone files and prints no report: it takes no ${clash.join(', ')}`);
      checkAdoptIds(adoptIds(flags.adopt));
      return;
    }
    if (flags.dryRun) throw new ZonectlError('BAD_FLAG', '--dry-run goes with --adopt (drift itself never writes)');
    // `--fail-on new` without a baseline has nothing to call new.
    if (flags.failOn === 'new' && flags.baseline === undefined)
      throw new ZonectlError('BAD_FLAG', '--fail-on new needs --baseline FILE (the earlier report)');
  },
  run: async ({ args, flags }) => {
    if (flags.adopt !== undefined) {
      const ids = adoptIds(flags.adopt);
      const result = await runAdopt(
        {
          paths: args.paths,
          config: flags.config,
          shard: flags.shard,
          ids: flags.adopt.includes(ADOPT_ALL) ? 'all' : ids,
          dryRun: flags.dryRun,
          connection: { baseUrl: flags.baseUrl, rateLimit: flags.rateLimit, env: process.env },
        },
        adoptView(),
      );
      return flags.dryRun && result.changed.length > 0 ? EXIT.changes : EXIT.ok;
    }
    const output = driftView(flags.format, flags.tokens, flags.out, flags.report ?? []);
    const result = await runToEnd(output, () =>
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
        output,
      ),
    );
    return result.failed ? EXIT.error : result.drift ? EXIT.changes : EXIT.ok;
  },
});
