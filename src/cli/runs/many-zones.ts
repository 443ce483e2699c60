/**
 * What `plan` and `drift` share for many zones: the flags of the rate budget and of sharding,
 * running the zones with their own outcomes, the output grouped by zone with a closing summary
 * table, the GitHub job summary, and the exit code (the worst of the zones).
 */
import { appendFileSync } from 'node:fs';
import { redact } from '../../app/output/index.js';
import { Option, type Command } from 'commander';
import {
  plannedRuns,
  type ZoneOutcome,
  unmanagedZones,
  type UnmanagedZone,
  checkPlanPermissions,
  planAccountOutcomes,
  type AccountOutcome,
} from '../../app/plan/index.js';
import { groupRunsByAccount, planAccountGroups, RunClients } from '../../app/connect/index.js';
import { printable, type AccountConfig, type RepoConfig, type ZoneConfig } from '../../core/zonefile/index.js';
import { accountLabel } from '../../core/account/plan-account.js';
import { jsonAccount, renderAccountText } from '../../core/render/render-account.js';
import { assertNever } from '../../core/errors.js';
import { renderJson } from '../../core/render/render-json.js';
import { renderMarkdownReport } from '../../core/render/render-markdown.js';
import { renderSummaryTable } from '../../core/render/render-summary.js';
import { renderText } from '../../core/render/render-text.js';
import type { ReportKind, ZoneReport } from '../../core/render/zone-report.js';
import { inShard, parseShard, type Shard } from '../../core/shard.js';
import { configOption, rateLimitOption, shardOption } from '../options.js';
import { errorLine } from '../output/error-line.js';
import { currentVerbosity, log, out, styleFor } from '../output/io.js';

export type OutputFormat = 'text' | 'json' | 'markdown';

export interface ManyZoneFlags {
  format: OutputFormat;
  baseUrl?: string;
  rateLimit?: string;
  shard?: string;
  config?: string;
}

/** The zone paths, `--format`, the budget and the shard: what plan and drift take alike. */
export function addManyZoneOptions(command: Command): Command {
  return command
    .argument('<paths...>', 'zone files, or directories of zone files (*.yaml, *.yml, recursively)')
    .addOption(new Option('--format <format>', 'output format').choices(['text', 'json', 'markdown']).default('text'))
    .addOption(rateLimitOption())
    .addOption(shardOption())
    .addOption(configOption());
}

/**
 * The files of this shard (all without --shard): zones by zone name, account files by account
 * id, so that N CI jobs cover each account file once too.
 */
export function selectShard(
  files: { readonly configs: readonly ZoneConfig[]; readonly accounts?: readonly AccountConfig[]; readonly repo?: RepoConfig },
  spec: string | undefined,
): { configs: ZoneConfig[]; accounts: AccountConfig[]; shard?: Shard; repo?: RepoConfig } {
  const accounts = [...(files.accounts ?? [])];
  const repo = files.repo !== undefined ? { repo: files.repo } : {};
  if (spec === undefined) return { configs: [...files.configs], accounts, ...repo };
  const shard = parseShard(spec);
  return {
    configs: files.configs.filter((c) => inShard(c.zone, shard)),
    accounts: accounts.filter((a) => inShard(a.accountId, shard)),
    shard,
    ...repo,
  };
}

/**
 * The clients of a run: one per credential, each with its own budget. Without a repository
 * configuration the environment's credential is checked at once, as a run-wide error.
 */
export function runClients(
  flags: { readonly baseUrl?: string; readonly rateLimit?: string },
  shard: Shard | undefined,
  repo: RepoConfig | undefined,
): RunClients {
  const clients = new RunClients(repo, {
    ...(flags.baseUrl !== undefined ? { baseUrl: flags.baseUrl } : {}),
    ...(flags.rateLimit !== undefined ? { rateLimit: flags.rateLimit } : {}),
    ...(shard ? { shard } : {}),
  });
  if (repo === undefined) clients.default();
  return clients;
}

/** The outcomes of a run: each zone's, and each account file's. */
export interface RunOutcomes {
  readonly zones: ZoneOutcome[];
  readonly accounts: AccountOutcome[];
  /** `drift --unmanaged-zones`: the zones no file manages. */
  readonly unmanagedZones?: UnmanagedZone[];
}

export function toReports(outcomes: RunOutcomes): ZoneReport[] {
  const zones = outcomes.zones.map((o): ZoneReport => {
    const group = o.config.account !== undefined ? { group: o.config.account.name } : {};
    return o.kind === 'planned'
      ? { kind: 'planned', zone: o.config.zone, file: o.config.file, plan: o.run.plan, ...group }
      : { kind: 'failed', zone: o.config.zone, file: o.config.file, code: o.code, message: o.message, ...group };
  });
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
  files: { readonly configs: readonly ZoneConfig[]; readonly accounts: readonly AccountConfig[]; readonly repo?: RepoConfig },
  flags: ManyZoneFlags,
  shard: Shard | undefined,
  options: { checkPermissions?: boolean; unmanagedZonesOf?: readonly ZoneConfig[] } = {},
): Promise<RunOutcomes> {
  const clients = runClients(flags, shard, files.repo);
  try {
    const zones = await planAccountGroups(clients, files.configs, files.repo);
    const accounts = files.accounts.length > 0 ? await planAccountOutcomes(clients.default(), files.accounts) : [];
    if (options.checkPermissions === true) {
      // Advice only: a check that cannot be made never fails the plan (apply checks again).
      for (const runs of groupRunsByAccount(plannedRuns(zones), files.repo)) {
        const check = await checkPlanPermissions(clients.for(runs[0]!.config), runs).catch(() => undefined);
        if (check?.kind === 'missing') for (const problem of check.problems) log(`zonectl: warning: ${problem}; apply would be refused`);
      }
    }
    const unmanaged =
      options.unmanagedZonesOf !== undefined ? { unmanagedZones: await unmanagedZones(clients, options.unmanagedZonesOf, files.repo) } : {};
    return { zones, accounts, ...unmanaged };
  } finally {
    await clients.close();
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
  options: {
    readonly listTokens?: boolean;
    readonly unmanagedZones?: readonly UnmanagedZone[];
    /** More top-level fields of the JSON document (e.g. `changed_since`). */
    readonly jsonExtra?: Record<string, unknown>;
  } = {},
  env: Readonly<Record<string, string | undefined>> = process.env,
): void {
  const zonesNoFileManages = options.unmanagedZones;
  const listing = { listTokens: options.listTokens === true || currentVerbosity() === 'verbose' };
  for (const r of reports) if (r.kind === 'failed') log(errorLine(r.code, `${r.zone}: ${r.message}`));
  const plans = reports.flatMap((r) => (r.kind === 'planned' ? [r.plan] : []));
  const accounts = reports.flatMap((r) => (r.kind === 'account' ? [jsonAccount(r.plan)] : []));
  const failed = reports.flatMap((r) => (r.kind === 'failed' ? [{ zone: r.zone, file: r.file, code: r.code, message: r.message }] : []));
  let markdown: string | undefined;
  switch (format) {
    case 'json':
      out(
        renderJson(plans, {
          ...(options.jsonExtra ?? {}),
          ...(failed.length > 0 ? { errors: failed } : {}),
          ...(accounts.length > 0 ? { accounts } : {}),
          ...(zonesNoFileManages ? { unmanaged_zones: zonesNoFileManages } : {}),
        }),
      );
      break;
    case 'markdown':
      markdown = renderMarkdownReport(reports, { kind, ...listing });
      out(markdown);
      if (zonesNoFileManages)
        out(
          `\n${describeUnmanagedZones(zonesNoFileManages)
            .map((l, i) => (i === 0 ? l : `- \`${l.trim()}\``))
            .join('\n')}\n`,
        );
      break;
    case 'text':
      if (plans.length > 0) out(renderText(plans, styleFor(process.stdout), listing));
      for (const r of reports)
        if (r.kind === 'account') out(`${plans.length > 0 ? '\n' : ''}${renderAccountText(r.plan, styleFor(process.stdout))}`);
      if (reports.length > 1) out(`\n${renderSummaryTable(reports)}`);
      if (zonesNoFileManages) out(`\n${describeUnmanagedZones(zonesNoFileManages).join('\n')}\n`);
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
export function appendStepSummary(
  kind: ReportKind,
  reports: readonly ZoneReport[],
  env: Readonly<Record<string, string | undefined>>,
  markdown?: string,
): void {
  const file = env.GITHUB_STEP_SUMMARY;
  if (env.GITHUB_ACTIONS !== 'true' || file === undefined || file === '') return;
  try {
    appendFileSync(file, redact(markdown ?? renderMarkdownReport(reports, { kind })));
  } catch (error) {
    log(`zonectl: warning: cannot append to GITHUB_STEP_SUMMARY (${error instanceof Error ? error.message : String(error)})`);
  }
}

/** `drift --unmanaged-zones` in text: a heading and one line per zone (names escaped for the terminal). */
export function describeUnmanagedZones(zones: readonly UnmanagedZone[]): string[] {
  if (zones.length === 0) return ['Unmanaged zones: none (every zone the credentials can see has a file)'];
  return [
    `Unmanaged zones (${zones.length}; no file manages them; zonectl never deletes a zone):`,
    ...zones.map(
      (z) =>
        `  ${printable(z.zone)} (id ${printable(z.id)}, account ${printable(z.account_id)}${z.account !== undefined ? ` "${z.account}"` : ''})`,
    ),
  ];
}
