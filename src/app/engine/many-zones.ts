/**
 * What `plan` and `drift` share for many zones: each zone and account file planned with the
 * run's own clients (one per credential, each with its budget), each with its own outcome, and
 * the run as the reports its renderers read.
 */
import { accountLabel } from '../../core/account/plan-account.js';
import type { ZoneAudit } from '../../core/audit/join-audit.js';
import type { Baseline } from '../../core/drift/index.js';
import { buildDriftReport, type DriftReport } from '../../core/drift/index.js';
import type { ReportKind, ZoneReport } from '../../core/drift/index.js';
import type { Shard } from '../../core/shard.js';
import type { AccountConfig, RepoConfig, ZoneConfig } from '../../core/zonefile/index.js';
import { groupRunsByAccount, planAccountGroups, RunClients } from './clients-by-account.js';
import type { ChangedSelection } from '../files/index.js';
import { warning, type MessageEvent } from '../session/index.js';
import { checkPlanPermissions } from './check-permissions.js';
import { type AccountOutcome, planAccountOutcomes } from './plan-account-run.js';
import { plannedRuns, type ZoneOutcome } from './plan-zone-outcomes.js';
import { type UnmanagedZone, unmanagedZones } from './unmanaged-zones.js';

/** How a run reaches the API: `--base-url`, `--rate-limit`, and the environment (credentials). */
export interface Connection {
  readonly baseUrl?: string | undefined;
  readonly rateLimit?: string | undefined;
  readonly env: Readonly<Record<string, string | undefined>>;
}

/**
 * The clients of a run: one per credential, each with its own budget. Without a repository
 * configuration the environment's credential is checked at once, as a run-wide error.
 */
export function runClients(connection: Connection, shard: Shard | undefined, repo: RepoConfig | undefined): RunClients {
  const clients = new RunClients(
    repo,
    {
      ...(connection.baseUrl !== undefined ? { baseUrl: connection.baseUrl } : {}),
      ...(connection.rateLimit !== undefined ? { rateLimit: connection.rateLimit } : {}),
      ...(shard ? { shard } : {}),
      env: connection.env,
    },
    connection.env,
  );
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

/** True when any zone or account file could not be planned. */
export function anyFailed(outcomes: RunOutcomes): boolean {
  return outcomes.zones.some((o) => o.kind === 'failed') || outcomes.accounts.some((o) => o.kind === 'failed');
}

/** True when an account file's defaults differ from the live ones. */
export function accountsChange(outcomes: RunOutcomes): boolean {
  return outcomes.accounts.some((o) => o.kind === 'planned' && o.run.plan.operations.length > 0);
}

/**
 * Plans every selected zone and account file with the run's own budget; the clients are closed
 * afterwards. With `checkPermissions` (plan), a token that could not make the planned writes is
 * told now, before anyone runs apply: one warning per zone and missing permission group.
 */
export async function runZones(
  files: { readonly configs: readonly ZoneConfig[]; readonly accounts: readonly AccountConfig[]; readonly repo?: RepoConfig | undefined },
  connection: Connection,
  shard: Shard | undefined,
  emit: (event: MessageEvent) => void,
  options: {
    checkPermissions?: boolean;
    unmanagedZonesOf?: readonly ZoneConfig[];
    /** More reads with the run's clients once the zones are planned, before the clients close (drift: the audit log). */
    whilePlanned?: (clients: RunClients, zones: readonly ZoneOutcome[]) => Promise<void>;
  } = {},
): Promise<RunOutcomes> {
  const clients = runClients(connection, shard, files.repo);
  try {
    const zones = await planAccountGroups(clients, files.configs, files.repo);
    const accounts = files.accounts.length > 0 ? await planAccountOutcomes(clients.default(), files.accounts) : [];
    if (options.checkPermissions === true) {
      // Advice only: a check that cannot be made never fails the plan (apply checks again).
      for (const runs of groupRunsByAccount(plannedRuns(zones), files.repo)) {
        const check = await checkPlanPermissions(clients.for(runs[0]!.config), runs).catch(() => undefined);
        if (check?.kind === 'missing')
          for (const problem of check.problems) emit(warning(`zonectl: warning: ${problem}; apply would be refused`));
      }
    }
    if (options.whilePlanned !== undefined) await options.whilePlanned(clients, zones);
    const unmanaged =
      options.unmanagedZonesOf !== undefined
        ? { unmanagedZones: await unmanagedZones(clients, options.unmanagedZonesOf, files.repo, (text) => emit(warning(text))) }
        : {};
    return { zones, accounts, ...unmanaged };
  } finally {
    await clients.close();
  }
}

/**
 * The run's outcomes as the renderers read them: a zone's plan, an account file's, or why there
 * is none; `fileWarnings`: the warnings each zone file drew when read (told before the plans).
 */
export function toReports(outcomes: RunOutcomes, fileWarnings?: ReadonlyMap<string, number>): ZoneReport[] {
  const zones = outcomes.zones.map((o): ZoneReport => {
    const group = o.config.account !== undefined ? { group: o.config.account.name } : {};
    const warned = fileWarnings?.get(o.config.file) ?? 0;
    // The addresses the file lists: the zone's known ranges, against which drift is ranked (src/core/drift/drift-impact.ts).
    const addresses = o.config.records.flatMap((r) =>
      (r.record.type === 'A' || r.record.type === 'AAAA') && r.record.content !== undefined ? [r.record.content] : [],
    );
    return o.kind === 'planned'
      ? {
          kind: 'planned',
          zone: o.config.zone,
          file: o.config.file,
          plan: o.run.plan,
          ...group,
          ...(warned > 0 ? { fileWarnings: warned } : {}),
          addresses,
        }
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

/** A plan or drift run as its renderers read it (text, JSON, markdown, HTML, JUnit, Slack, the job summary). */
export interface RunReport {
  readonly kind: ReportKind;
  readonly reports: readonly ZoneReport[];
  /** The run as drift items, marked against the baseline when there is one. */
  readonly drift: DriftReport;
  readonly unmanagedZones?: readonly UnmanagedZone[];
  /** `plan --changed-since`: what was selected and why. */
  readonly changedSince?: ChangedSelection;
  /** `drift --baseline`: the earlier report the items are compared with. */
  readonly baseline?: Baseline;
}

/** What a run's report is told beside its outcomes. */
export interface RunReportExtra {
  readonly changedSince?: ChangedSelection;
  readonly baseline?: Baseline;
  readonly fileWarnings?: ReadonlyMap<string, number>;
  /** `drift`: each drifted zone's audit log, by zone file, read for the last `auditDays` days. */
  readonly audit?: ReadonlyMap<string, ZoneAudit>;
  readonly auditDays?: number;
}

export function runReport(kind: ReportKind, outcomes: RunOutcomes, extra: RunReportExtra = {}): RunReport {
  const { fileWarnings, audit, auditDays, ...rest } = extra;
  const reports = toReports(outcomes, fileWarnings);
  return {
    kind,
    reports,
    drift: buildDriftReport(kind, reports, {
      ...(extra.baseline !== undefined ? { baseline: extra.baseline } : {}),
      ...(audit !== undefined ? { audit, auditDays: auditDays ?? 0 } : {}),
    }),
    ...(outcomes.unmanagedZones ? { unmanagedZones: outcomes.unmanagedZones } : {}),
    ...rest,
  };
}
