/**
 * What `plan` and `drift` share for many zones: the flags of the rate budget and of sharding,
 * running the zones with their own outcomes, the output grouped by zone with a closing summary
 * table, the GitHub job summary, and the exit code (the worst of the zones).
 */
import { appendFileSync } from 'node:fs';
import { redact, writeOutputFile } from '../../app/output/index.js';
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
import type { AccountConfig, RepoConfig, ZoneConfig } from '../../core/zonefile/index.js';
import { accountLabel } from '../../core/account/plan-account.js';
import type { Baseline } from '../../core/render/baseline.js';
import { buildDriftReport, type DriftReport } from '../../core/render/drift-report.js';
import { renderMarkdownReport } from '../../core/render/render-markdown.js';
import type { ReportKind, ZoneReport } from '../../core/render/zone-report.js';
import type { TextStyle } from '../../core/render/render-text.js';
import { inShard, parseShard, type Shard } from '../../core/shard.js';
import { configOption, rateLimitOption, shardOption } from '../options.js';
import { errorLine } from '../output/error-line.js';
import { currentVerbosity, log, out, styleFor } from '../output/io.js';
import {
  markdownReport,
  OUTPUT_FORMATS,
  parseReportFile,
  renderReport,
  type OutputFormat,
  type ReportFile,
  type ReportInput,
} from './report-formats.js';

export type { OutputFormat } from './report-formats.js';
export { describeUnmanagedZones } from './report-formats.js';

export interface ManyZoneFlags {
  format: OutputFormat;
  /** `--report FORMAT=FILE`, repeated. */
  report?: ReportFile[];
  baseUrl?: string;
  rateLimit?: string;
  shard?: string;
  config?: string;
}

/** The zone paths, `--format`, the budget and the shard: what plan and drift take alike. */
export function addManyZoneOptions(command: Command): Command {
  return command
    .argument('<paths...>', 'zone files, or directories of zone files (*.yaml, *.yml, recursively)')
    .addOption(
      new Option('--format <format>', 'output format (html: one self-contained page; junit: JUnit XML; slack: a Slack webhook body)')
        .choices([...OUTPUT_FORMATS])
        .default('text'),
    )
    .option(
      '--report <format=file>',
      'also write the report in FORMAT to FILE (repeatable), e.g. --report html=drift.html',
      parseReportFile,
    )
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

const plainStyle: TextStyle = { green: (s) => s, yellow: (s) => s, red: (s) => s, dim: (s) => s, bold: (s) => s };

/** What `printReport` is told beyond the reports and the format. */
export interface ReportOptions {
  readonly listTokens?: boolean;
  readonly unmanagedZones?: readonly UnmanagedZone[];
  /** More top-level fields of the JSON document (e.g. `changed_since`). */
  readonly jsonExtra?: Record<string, unknown>;
  /** `drift --baseline`: the earlier report each item is compared with. */
  readonly baseline?: Baseline;
  /** `--out FILE` (the JSON report) and `--report FORMAT=FILE`: files written besides stdout. */
  readonly files?: readonly ReportFile[];
}

/**
 * Prints the report: each zone's output, failures as error lines, a summary table for many zones.
 * Tokens no file lists are one counting line unless `listTokens` (drift --tokens) or --verbose;
 * JSON always lists them. Report files are written first (a failed write is an error line and
 * exit 1, the report on stdout is still printed).
 */
export function printReport(
  kind: ReportKind,
  reports: readonly ZoneReport[],
  format: OutputFormat,
  options: ReportOptions = {},
  env: Readonly<Record<string, string | undefined>> = process.env,
): DriftReport {
  const input: ReportInput = {
    kind,
    reports,
    listTokens: options.listTokens === true || currentVerbosity() === 'verbose',
    now: new Date(),
    ...(options.unmanagedZones ? { unmanagedZones: options.unmanagedZones } : {}),
    ...(options.jsonExtra ? { jsonExtra: options.jsonExtra } : {}),
    report: buildDriftReport(kind, reports, options.baseline),
  };
  for (const r of reports) if (r.kind === 'failed') log(errorLine(r.code, `${r.zone}: ${r.message}`));
  for (const f of options.files ?? []) writeOutputFile(f.file, renderReport(input, f.format, plainStyle));
  for (const chunk of renderReport(input, format, styleFor(process.stdout))) out(chunk);
  if (env.GITHUB_ACTIONS === 'true') appendStepSummary(kind, reports, env, markdownReport(input));
  return input.report;
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
