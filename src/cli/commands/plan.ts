import type { Command } from 'commander';
import { resolveBaseUrl } from '../../app/connect/index.js';
import { hasChanges, plannedRuns, savePlanFile, unsavableRepositoryConfig } from '../../app/plan/index.js';
import { baseUrlOption } from '../options.js';
import { EXIT, info, log } from '../output/io.js';
import {
  accountsChange,
  addManyZoneOptions,
  printReport,
  runZones,
  selectShard,
  toReports,
  type ManyZoneFlags,
} from '../runs/many-zones.js';
import { examplesText } from '../help-examples.js';
import { beforeJsonReport } from '../output/json-error.js';
import { loadValidFiles } from '../runs/load-files.js';
import { changedSinceJson, selectChangedFiles, type ChangedSelection } from '../runs/changed-since-report.js';

export type { OutputFormat } from '../runs/many-zones.js';

interface PlanFlags extends ManyZoneFlags {
  detailedExitcode?: boolean;
  out?: string;
  changedSince?: string;
}

export function registerPlan(program: Command): void {
  const command = program
    .command('plan')
    .description('Compare zone files with the live zones and show the changes apply would make (changes nothing)')
    .option('--detailed-exitcode', 'exit 2 when there are changes, 0 when there are none')
    .option('--out <plan.json>', 'save the plan for `zonectl apply --plan` (only when every zone was planned)')
    .option(
      '--changed-since <ref>',
      'plan only the zones whose file, included fragments or zonectl.yaml changed since the merge base of this git revision and HEAD (e.g. origin/main)',
    )
    .addOption(baseUrlOption())
    .addHelpText(
      'after',
      examplesText([
        'zonectl plan zones/example.com.yaml',
        'zonectl plan zones/ --out plan.json --detailed-exitcode',
        'zonectl plan zones/ --shard 2/4 --format markdown > comment.md',
      ]),
    );
  addManyZoneOptions(command).action(async (paths: string[], opts: PlanFlags) => {
    let changed: ChangedSelection | undefined;
    const { configs, accounts, outcomes, repo } = await beforeJsonReport(opts.format, async () => {
      const valid = await loadValidFiles(paths, { ...(opts.config !== undefined ? { config: opts.config } : {}) });
      const selected = opts.changedSince !== undefined ? await selectChangedFiles(valid, opts.changedSince, paths) : valid;
      if (opts.changedSince !== undefined) changed = selected as ChangedSelection;
      // The repository configuration (accounts, credentials) goes on with the zones selected.
      const { configs, accounts, shard, repo } = selectShard({ ...selected, ...(valid.repo ? { repo: valid.repo } : {}) }, opts.shard);
      return {
        configs,
        accounts,
        repo,
        outcomes: await runZones({ configs, accounts, ...(repo ? { repo } : {}) }, opts, shard, { checkPermissions: true }),
      };
    });
    printReport('plan', toReports(outcomes), opts.format, {
      ...(changed ? { jsonExtra: { changed_since: changedSinceJson(changed) } } : {}),
      ...(opts.report ? { files: opts.report } : {}),
    });
    const runs = plannedRuns(outcomes.zones);
    const failed = outcomes.zones.length - runs.length + outcomes.accounts.filter((o) => o.kind === 'failed').length;
    const newZones = runs.filter((r) => r.plan.newZone !== undefined).map((r) => r.config.zone);
    const withAccount = runs.some((r) => r.config.account !== undefined);
    if (opts.out !== undefined) {
      const unsavable = unsavableRepositoryConfig(runs, withAccount ? repo?.file : undefined);
      if (failed > 0) {
        log(`zonectl: warning: no plan saved to ${opts.out}: ${failed} zone(s) could not be planned`);
      } else if (newZones.length > 0) {
        // A new zone's records are planned against the zone once it exists: apply the files.
        log(
          `zonectl: warning: no plan saved to ${opts.out}: ${newZones.join(', ')} do(es) not exist yet; apply the zone files to create them`,
        );
      } else if (unsavable !== undefined) {
        log(`zonectl: warning: no plan saved to ${opts.out}: ${unsavable}`);
      } else {
        const accountRuns = outcomes.accounts.flatMap((o) => (o.kind === 'planned' ? [o.run] : []));
        // Fragments too: apply --plan refuses a plan whose zone files or included fragments changed since.
        const files = [
          ...new Set([...runs.flatMap((r) => [r.config.file, ...(r.config.includes ?? [])]), ...accountRuns.map((a) => a.config.file)]),
        ];
        // Zones of zonectl.yaml accounts: the plan records that file, whose bytes apply --plan checks
        // and whose credential variables it uses (src/app/plan/saved-plan.ts).
        const repositoryConfig = withAccount ? repo?.file : undefined;
        const digest = savePlanFile(opts.out, runs, resolveBaseUrl(opts.baseUrl, process.env), files, accountRuns, repositoryConfig);
        info(`Plan saved to ${opts.out} (${digest}); apply it with: zonectl apply --plan ${opts.out} --expect-digest ${digest}`);
      }
    }
    if (configs.length === 0 && accounts.length === 0 && !changed) log('zonectl: warning: no zone to plan (no zone file in this shard)');
    const changes = hasChanges(runs) || accountsChange(outcomes);
    process.exitCode = failed > 0 ? EXIT.error : opts.detailedExitcode && changes ? EXIT.changes : EXIT.ok;
  });
}
