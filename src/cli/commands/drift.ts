import type { Command } from 'commander';
import { plannedRuns, hasChanges } from '../../app/plan/index.js';
import { EXIT } from '../output/io.js';
import {
  accountsChange,
  addManyZoneOptions,
  anyFailed,
  printReport,
  runZones,
  selectShard,
  toReports,
  type ManyZoneFlags,
} from '../runs/many-zones.js';
import { examplesText } from '../help-examples.js';
import { beforeJsonReport } from '../output/json-error.js';
import { loadValidFiles } from '../runs/load-files.js';
import { baseUrlOption } from '../options.js';
import { checkFailOn, driftCounts, failOnOption, readBaselineFile, type FailOn } from '../runs/drift-baseline.js';

interface DriftFlags extends ManyZoneFlags {
  failOnUnmanaged?: boolean;
  baseline?: string;
  failOn: FailOn;
  out?: string;
  tokens?: boolean;
  unmanagedZones?: boolean;
}

/** `zonectl drift`: the nightly check. Exit 2 on drift, 1 when a zone could not be checked. */
export function registerDrift(program: Command): void {
  const command = program
    .command('drift')
    .description('Report how the live zones differ from the zone files (exit 2 on drift, 0 when in sync, 1 on error); changes nothing')
    .option('--fail-on-unmanaged', 'count unmanaged (kept) records as drift too (tokens no file lists are reported but not counted)')
    .option('--tokens', 'list every API token no file lists (name, id, last use, expiry, policies) instead of counting them')
    .option(
      '--unmanaged-zones',
      "also list the zones the credentials can see that no file manages (each account's, with its own credential)",
    )
    .option(
      '--baseline <previous.json>',
      'mark each drift item new, still present or gone since this earlier `drift --format json` (or --out)',
    )
    .addOption(failOnOption())
    .option('--out <drift.json>', "also write the JSON report (with drift item ids) to this file: the next run's --baseline")
    .addOption(baseUrlOption())
    .addHelpText(
      'after',
      examplesText([
        'zonectl drift zones/',
        'zonectl drift zones/example.com.yaml --fail-on-unmanaged --format json',
        'zonectl drift zones/ --tokens',
        'zonectl drift zones/ --unmanaged-zones',
        'zonectl drift zones/ --format html > drift.html',
        'zonectl drift zones/ --baseline last-night.json --fail-on new --out tonight.json',
      ]),
    );
  addManyZoneOptions(command).action(async (paths: string[], opts: DriftFlags) => {
    checkFailOn(opts.failOn, opts.baseline);
    const from = opts.baseline;
    const baseline = from !== undefined ? await beforeJsonReport(opts.format, async () => readBaselineFile(from)) : undefined;
    const outcomes = await beforeJsonReport(opts.format, async () => {
      const loaded = await loadValidFiles(paths, { ...(opts.config !== undefined ? { config: opts.config } : {}) });
      const { configs, accounts, shard, repo } = selectShard(loaded, opts.shard);
      // Managed means named by any file given, not only by this shard's.
      return runZones(
        { configs, accounts, ...(repo ? { repo } : {}) },
        opts,
        shard,
        opts.unmanagedZones === true ? { unmanagedZonesOf: loaded.configs } : {},
      );
    });
    const report = printReport('drift', toReports(outcomes), opts.format, {
      listTokens: opts.tokens === true,
      ...(outcomes.unmanagedZones ? { unmanagedZones: outcomes.unmanagedZones } : {}),
      ...(baseline ? { baseline } : {}),
      files: [...(opts.out !== undefined ? [{ format: 'json' as const, file: opts.out }] : []), ...(opts.report ?? [])],
    });
    const runs = plannedRuns(outcomes.zones);
    const unmanaged = opts.failOnUnmanaged === true && runs.some((r) => r.plan.unmanaged.length > 0);
    const drift = driftCounts(opts.failOn, report, hasChanges(runs) || accountsChange(outcomes) || unmanaged);
    process.exitCode = anyFailed(outcomes) ? EXIT.error : drift ? EXIT.changes : EXIT.ok;
  });
}
