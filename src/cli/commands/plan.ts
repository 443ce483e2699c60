import { Command, Option } from 'commander';
import { resolveBaseUrl } from '../../app/connect.js';
import { plannedRuns } from '../../app/run-zones.js';
import type { ZoneRun } from '../../app/plan-zones.js';
import { savePlanFile } from '../../app/saved-plan.js';
import { EXIT, info, log } from '../io.js';
import { accountsChange, addManyZoneOptions, printReport, runZones, selectShard, toReports, type ManyZoneFlags } from '../zone-runs.js';
import { examplesText } from '../help-examples.js';
import { beforeJsonReport } from '../json-error.js';
import { loadValidFiles } from './load.js';

export type { OutputFormat } from '../zone-runs.js';

export function hasChanges(runs: readonly ZoneRun[]): boolean {
  return runs.some((r) => r.plan.operations.length > 0);
}

export const baseUrlOption = (): Option =>
  new Option('--base-url <url>', 'API base URL (default: $CLOUDFLARE_BASE_URL or https://api.cloudflare.com/client/v4)');

interface PlanFlags extends ManyZoneFlags {
  detailedExitcode?: boolean;
  out?: string;
}

export function registerPlan(program: Command): void {
  const command = program
    .command('plan')
    .description('Compare zone files with the live zones and show the changes apply would make (changes nothing)')
    .option('--detailed-exitcode', 'exit 2 when there are changes, 0 when there are none')
    .option('--out <plan.json>', 'save the plan for `zonectl apply --plan` (only when every zone was planned)')
    .addOption(baseUrlOption())
    .addHelpText('after', examplesText(['zonectl plan zones/example.com.yaml', 'zonectl plan zones/ --out plan.json --detailed-exitcode', 'zonectl plan zones/ --shard 2/4 --format markdown > comment.md']));
  addManyZoneOptions(command).action(async (paths: string[], opts: PlanFlags) => {
    const { configs, accounts, outcomes } = await beforeJsonReport(opts.format, async () => {
      const { configs, accounts, shard } = selectShard(await loadValidFiles(paths), opts.shard);
      return { configs, accounts, outcomes: await runZones({ configs, accounts }, opts, shard, { checkPermissions: true }) };
    });
    printReport('plan', toReports(outcomes), opts.format);
    const runs = plannedRuns(outcomes.zones);
    const failed = outcomes.zones.length - runs.length + outcomes.accounts.filter((o) => o.kind === 'failed').length;
    if (opts.out !== undefined) {
      if (failed > 0) {
        log(`zonectl: warning: no plan saved to ${opts.out}: ${failed} zone(s) could not be planned`);
      } else {
        const accountRuns = outcomes.accounts.flatMap((o) => (o.kind === 'planned' ? [o.run] : []));
        const files = [...runs.map((r) => r.config.file), ...accountRuns.map((a) => a.config.file)];
        const digest = savePlanFile(opts.out, runs, resolveBaseUrl(opts.baseUrl, process.env), files, accountRuns);
        info(`Plan saved to ${opts.out} (${digest}); apply it with: zonectl apply --plan ${opts.out} --expect-digest ${digest}`);
      }
    }
    if (configs.length === 0 && accounts.length === 0) log('zonectl: warning: no zone to plan (no zone file in this shard)');
    const changes = hasChanges(runs) || accountsChange(outcomes);
    process.exitCode = failed > 0 ? EXIT.error : opts.detailedExitcode && changes ? EXIT.changes : EXIT.ok;
  });
}

