import { Command, Option } from 'commander';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { connect, resolveBaseUrl } from '../../app/connect.js';
import { planZoneRuns, type ZoneRun } from '../../app/plan-zones.js';
import { writeFileAtomic } from '../../app/write-file-atomic.js';
import { PLAN_FORMAT_VERSION, serializePlanFile, type PlanFile } from '../../core/plan/plan-file.js';
import { renderJson } from '../../core/render/render-json.js';
import { renderMarkdown } from '../../core/render/render-markdown.js';
import { renderText } from '../../core/render/render-text.js';
import { EXIT, log, out, styleFor } from '../io.js';
import { loadValidConfigs } from './load.js';

export type OutputFormat = 'text' | 'json' | 'markdown';

export function renderPlans(runs: readonly ZoneRun[], format: OutputFormat): string {
  const plans = runs.map((r) => r.plan);
  if (format === 'json') return renderJson(plans);
  if (format === 'markdown') return renderMarkdown(plans);
  return renderText(plans, styleFor(process.stdout));
}

export function hasChanges(runs: readonly ZoneRun[]): boolean {
  return runs.some((r) => r.plan.operations.length > 0);
}

export function savePlanFile(path: string, runs: readonly ZoneRun[], baseUrl: string, files: readonly string[]): void {
  const plan: PlanFile = {
    format_version: PLAN_FORMAT_VERSION,
    tool: 'zonectl',
    created_at: new Date().toISOString(),
    base_url: baseUrl,
    files: files.map((f) => ({ path: f, sha256: createHash('sha256').update(readFileSync(f)).digest('hex') })),
    zones: runs.map((r) => ({ config: r.config, plan: r.plan, batch_limit: r.batchLimit })),
  };
  writeFileAtomic(path, serializePlanFile(plan));
}

export const baseUrlOption = (): Option =>
  new Option('--base-url <url>', 'API base URL (default: $CLOUDFLARE_BASE_URL or https://api.cloudflare.com/client/v4)');

export function registerPlan(program: Command): void {
  program
    .command('plan')
    .description('Compare zone files with the live zones and show the changes apply would make (changes nothing)')
    .argument('<files...>', 'zone files')
    .addOption(new Option('--format <format>', 'output format').choices(['text', 'json', 'markdown']).default('text'))
    .option('--detailed-exitcode', 'exit 2 when there are changes, 0 when there are none')
    .option('--out <plan.json>', 'save the plan for `zonectl apply --plan`')
    .addOption(baseUrlOption())
    .action(async (files: string[], opts: { format: OutputFormat; detailedExitcode?: boolean; out?: string; baseUrl?: string }) => {
      const configs = await loadValidConfigs(files);
      const client = connect({ baseUrl: opts.baseUrl });
      try {
        const runs = await planZoneRuns(client, configs);
        out(renderPlans(runs, opts.format));
        if (opts.out !== undefined) {
          savePlanFile(opts.out, runs, resolveBaseUrl(opts.baseUrl, process.env), files);
          log(`Plan saved to ${opts.out}; apply it with: zonectl apply --plan ${opts.out}`);
        }
        process.exitCode = opts.detailedExitcode && hasChanges(runs) ? EXIT.changes : EXIT.ok;
      } finally {
        await client.close();
      }
    });
}
