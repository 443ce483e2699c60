/**
 * What `plan` and `drift` share for many zones: the flags of the rate budget and of sharding,
 * running the zones with their own outcomes, the output grouped by zone with a closing summary
 * table, the GitHub job summary, and the exit code (the worst of the zones).
 */
import { appendFileSync } from 'node:fs';
import { Option, type Command } from 'commander';
import type { CloudflareClient } from '../api/index.js';
import { connectWithBudget } from '../app/run-budget.js';
import { plannedRuns, planZoneOutcomes, type ZoneOutcome } from '../app/run-zones.js';
import { checkPlanPermissions } from '../app/plan-permissions.js';
import { planAccountOutcomes, type AccountOutcome } from '../app/plan-account.js';
import { accountLabel } from '../core/account/plan-account.js';
import { jsonAccount, renderAccountText } from '../core/render/render-account.js';
import { assertNever } from '../core/errors.js';
import { renderJson } from '../core/render/render-json.js';
import { renderMarkdownReport } from '../core/render/render-markdown.js';
import { renderSummaryTable } from '../core/render/render-summary.js';
import { renderText } from '../core/render/render-text.js';
import type { ReportKind, ZoneReport } from '../core/render/zone-report.js';
import { inShard, parseShard, type Shard } from '../core/shard.js';
import type { AccountConfig, ZoneConfig } from '../core/zonefile/index.js';
import { errorLine } from './errors.js';
import { currentVerbosity, log, out, styleFor } from './io.js';

export type OutputFormat = 'text' | 'json' | 'markdown';

export interface ManyZoneFlags {
  format: OutputFormat;
  baseUrl?: string;
  rateLimit?: string;
  shard?: string;
}

/** The zone paths, `--format`, the budget and the shard: what plan and drift take alike. */
export function addManyZoneOptions(command: Command): Command {
  return command
    .argument('<paths...>', 'zone files, or directories of zone files (*.yaml, *.yml, recursively)')
    .addOption(new Option('--format <format>', 'output format').choices(['text', 'json', 'markdown']).default('text'))
    .addOption(rateLimitOption())
    .addOption(shardOption());
}

export const rateLimitOption = (): Option =>
  new Option('--rate-limit <N/SECONDS>', "the run's request budget (default 1200/300, the service's per-user limit; divided by N under --shard)");

export const shardOption = (): Option =>
  new Option('--shard <K/N>', 'only the zones of shard K of N (1 <= K <= N), chosen by zone name: N CI jobs cover each zone once');

/**
 * The files of this shard (all without --shard): zones by zone name, account files by account
 * id, so that N CI jobs cover each account file once too.
 */
export function selectShard(
  files: { readonly configs: readonly ZoneConfig[]; readonly accounts?: readonly AccountConfig[] },
  spec: string | undefined,
): { configs: ZoneConfig[]; accounts: AccountConfig[]; shard?: Shard } {
  const accounts = [...(files.accounts ?? [])];
  if (spec === undefined) return { configs: [...files.configs], accounts };
  const shard = parseShard(spec);
  return { configs: files.configs.filter((c) => inShard(c.zone, shard)), accounts: accounts.filter((a) => inShard(a.accountId, shard)), shard };
}

/** The run's client: `--base-url`, and one rate budget from `--rate-limit` and `--shard`. */
export function runClient(flags: { readonly baseUrl?: string; readonly rateLimit?: string }, shard: Shard | undefined): CloudflareClient {
  return connectWithBudget({ ...(flags.baseUrl !== undefined ? { baseUrl: flags.baseUrl } : {}), ...(flags.rateLimit !== undefined ? { rateLimit: flags.rateLimit } : {}), ...(shard ? { shard } : {}) });
}

/** The outcomes of a run: each zone's, and each account file's. */
export interface RunOutcomes {
  readonly zones: ZoneOutcome[];
  readonly accounts: AccountOutcome[];
}

export function toReports(outcomes: RunOutcomes): ZoneReport[] {
  const zones = outcomes.zones.map((o): ZoneReport =>
    o.kind === 'planned'
      ? { kind: 'planned', zone: o.config.zone, file: o.config.file, plan: o.run.plan }
      : { kind: 'failed', zone: o.config.zone, file: o.config.file, code: o.code, message: o.message },
  );
  const accounts = outcomes.accounts.map((o): ZoneReport => {
    const zone = accountLabel(o.config.accountId);
    return o.kind === 'planned'
      ? { kind: 'account', zone, file: o.config.file, plan: o.run.plan }
      : { kind: 'failed', zone, file: o.config.file, code: o.code, message: o.message, account: true };
  });
  return [...zones, ...accounts];
}

/** True when any zone or account file could not be planned. */
export function anyFailed(outcomes: RunOutcomes): boolean {
  return outcomes.zones.some((o) => o.kind === 'failed') || outcomes.accounts.some((o) => o.kind === 'failed');
}

/** True when an account file's defaults differ from the live ones. */
export function accountsChange(outcomes: RunOutcomes): boolean {
  return outcomes.accounts.some((o) => o.kind === 'planned' && o.run.plan.operations.length > 0);
}

/**
 * Plans every selected zone and account file with the run's own budget; the client is closed
 * afterwards. With `checkPermissions` (plan), a token that could not make the planned writes is
 * told now, before anyone runs apply: one warning line per zone and missing permission group.
 */
export async function runZones(
  files: { readonly configs: readonly ZoneConfig[]; readonly accounts: readonly AccountConfig[] },
  flags: ManyZoneFlags,
  shard: Shard | undefined,
  options: { checkPermissions?: boolean } = {},
): Promise<RunOutcomes> {
  const client = runClient(flags, shard);
  try {
    const zones = await planZoneOutcomes(client, files.configs);
    const accounts = await planAccountOutcomes(client, files.accounts);
    if (options.checkPermissions === true) {
      // Advice only: a check that cannot be made never fails the plan (apply checks again).
      const check = await checkPlanPermissions(client, plannedRuns(zones)).catch(() => undefined);
      if (check?.kind === 'missing') for (const problem of check.problems) log(`zonectl: warning: ${problem}; apply would be refused`);
    }
    return { zones, accounts };
  } finally {
    await client.close();
  }
}

/**
 * Prints the report: each zone's output, failures as error lines, a summary table for many zones.
 * Tokens no file lists are one counting line unless `listTokens` (drift --tokens) or --verbose;
 * JSON always lists them.
 */
export function printReport(
  kind: ReportKind,
  reports: readonly ZoneReport[],
  format: OutputFormat,
  options: { readonly listTokens?: boolean } = {},
  env: Readonly<Record<string, string | undefined>> = process.env,
): void {
  const listing = { listTokens: options.listTokens === true || currentVerbosity() === 'verbose' };
  for (const r of reports) if (r.kind === 'failed') log(errorLine(r.code, `${r.zone}: ${r.message}`));
  const plans = reports.flatMap((r) => (r.kind === 'planned' ? [r.plan] : []));
  const accounts = reports.flatMap((r) => (r.kind === 'account' ? [jsonAccount(r.plan)] : []));
  const failed = reports.flatMap((r) => (r.kind === 'failed' ? [{ zone: r.zone, file: r.file, code: r.code, message: r.message }] : []));
  let markdown: string | undefined;
  switch (format) {
    case 'json':
      out(renderJson(plans, { ...(failed.length > 0 ? { errors: failed } : {}), ...(accounts.length > 0 ? { accounts } : {}) }));
      break;
    case 'markdown':
      markdown = renderMarkdownReport(reports, { kind, ...listing });
      out(markdown);
      break;
    case 'text':
      if (plans.length > 0) out(renderText(plans, styleFor(process.stdout), listing));
      for (const r of reports) if (r.kind === 'account') out(`${plans.length > 0 ? '\n' : ''}${renderAccountText(r.plan, styleFor(process.stdout))}`);
      if (reports.length > 1) out(`\n${renderSummaryTable(reports)}`);
      break;
    default:
      assertNever(format, 'output format');
  }
  appendStepSummary(kind, reports, env, markdown);
}

/**
 * On GitHub Actions, the Markdown report is appended to the job summary
 * (https://docs.github.com/en/actions/reference/workflows-and-actions/workflow-commands#adding-a-job-summary).
 */
export function appendStepSummary(kind: ReportKind, reports: readonly ZoneReport[], env: Readonly<Record<string, string | undefined>>, markdown?: string): void {
  const file = env.GITHUB_STEP_SUMMARY;
  if (env.GITHUB_ACTIONS !== 'true' || file === undefined || file === '') return;
  try {
    appendFileSync(file, markdown ?? renderMarkdownReport(reports, { kind }));
  } catch (error) {
    log(`zonectl: warning: cannot append to GITHUB_STEP_SUMMARY (${error instanceof Error ? error.message : String(error)})`);
  }
}
