import { Command, Option } from 'commander';
import { connect } from '../../app/connect.js';
import { planZoneRuns } from '../../app/plan-zones.js';
import { EXIT, out } from '../io.js';
import { loadValidConfigs } from './load.js';
import { baseUrlOption, hasChanges, renderPlans, type OutputFormat } from './plan.js';

/** `zonectl drift`: the nightly check. Exit 2 when the live zone differs from the file. */
export function registerDrift(program: Command): void {
  program
    .command('drift')
    .description('Report how the live zones differ from the zone files (exit 2 on drift, 0 when in sync); changes nothing')
    .argument('<files...>', 'zone files')
    .addOption(new Option('--format <format>', 'output format').choices(['text', 'json', 'markdown']).default('text'))
    .option('--fail-on-unmanaged', 'count unmanaged (kept) records as drift too')
    .addOption(baseUrlOption())
    .action(async (files: string[], opts: { format: OutputFormat; failOnUnmanaged?: boolean; baseUrl?: string }) => {
      const configs = await loadValidConfigs(files);
      const client = connect({ baseUrl: opts.baseUrl });
      try {
        const runs = await planZoneRuns(client, configs);
        out(renderPlans(runs, opts.format));
        const unmanaged = opts.failOnUnmanaged === true && runs.some((r) => r.plan.unmanaged.length > 0);
        process.exitCode = hasChanges(runs) || unmanaged ? EXIT.changes : EXIT.ok;
      } finally {
        await client.close();
      }
    });
}
