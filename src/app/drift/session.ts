/**
 * The drift session, the nightly check: the zone and account files (valid, or the run is refused
 * before any API call), this shard's, each planned against the live zone with the run's own
 * clients, who made each change (the account's audit log, ./read-audit.ts), the zones no file
 * manages (`--unmanaged-zones`), each item marked against an earlier report (`--baseline`), and
 * whether that is drift (`--fail-on`, `--fail-on-unmanaged`).
 */
import { isDnssecDrift } from '../../core/dnssec/index.js';
import type { ZoneAudit } from '../../core/audit/join-audit.js';
import type { Baseline } from '../../core/drift/index.js';
import { AUDIT_LOG_DAYS } from '../../core/service/audit-log.js';
import { filesToPlan, selectShard, tellWarnings } from '../files/index.js';
import { accountsChange, anyFailed, type Connection, type RunReport, runReport, runZones } from '../engine/index.js';
import { hasDrift, plannedRuns } from '../engine/index.js';
import type { MessageEvent, SessionOutput } from '../session/index.js';
import { readZoneAudits } from './read-audit.js';
import { readBaselineFile } from './read-baseline.js';

export const FAIL_ON = ['any', 'new'] as const;
export type FailOn = (typeof FAIL_ON)[number];

export interface DriftRequest {
  readonly paths: readonly string[];
  readonly config?: string | undefined;
  readonly shard?: string | undefined;
  /** `--baseline FILE`: an earlier `drift --format json` (or `--out`). */
  readonly baseline?: string | undefined;
  /** Drift is any drift, or only drift new since the baseline. */
  readonly failOn: FailOn;
  /** Unmanaged (kept) records count as drift too. */
  readonly failOnUnmanaged: boolean;
  /** Also list the zones the credentials can see that no file manages. */
  readonly unmanagedZones: boolean;
  readonly connection: Connection;
  /** The run's time (the audit log's window ends there); now by default. */
  readonly now?: Date;
}

export type DriftEvent = MessageEvent | { readonly kind: 'report'; readonly report: RunReport };

export interface DriftResult {
  /** A zone or account file could not be checked. */
  readonly failed: boolean;
  /** The live zones differ from the files, as `failOn` counts it. */
  readonly drift: boolean;
}

/** The request's flags are checked by the command's definition first (src/cli/commands/drift.ts, `validate`). */
export async function runDrift(request: DriftRequest, output: SessionOutput<DriftEvent>): Promise<DriftResult> {
  const baseline: Baseline | undefined = request.baseline !== undefined ? readBaselineFile(request.baseline) : undefined;
  const loaded = await filesToPlan(request.paths, { config: request.config, env: request.connection.env }, (e) => output.emit(e));
  const { configs, accounts, shard, repo } = selectShard(loaded, request.shard);
  const fileWarnings = tellWarnings(loaded.warnings, { configs, accounts }, (e) => output.emit(e));
  // Managed means named by any file given, not only by this shard's.
  let audit: Map<string, ZoneAudit> | undefined;
  const outcomes = await runZones({ configs, accounts, repo }, request.connection, shard, (e) => output.emit(e), {
    ...(request.unmanagedZones ? { unmanagedZonesOf: loaded.configs } : {}),
    whilePlanned: async (clients, zones) => {
      audit = await readZoneAudits(clients, zones, request.now ?? new Date());
    },
  });
  const report = runReport('drift', outcomes, {
    ...(baseline ? { baseline } : {}),
    fileWarnings,
    ...(audit !== undefined ? { audit, auditDays: AUDIT_LOG_DAYS } : {}),
  });
  output.emit({ kind: 'report', report });
  const runs = plannedRuns(outcomes.zones);
  // Unmanaged: records the file does not list and keeps (`keep`), or has not marked as zonectl's (`owned`).
  const unmanaged =
    request.failOnUnmanaged &&
    runs.some((r) => r.plan.unmanaged.length > 0 || (r.plan.leftAlone ?? []).some((l) => l.reason.kind === 'not-marked'));
  // The service's DNSSEC `error` on a managed zone is drift with nothing to plan (src/core/dnssec/diff.ts, rule 5).
  const dnssecError = runs.some((r) => r.plan.dnssec !== undefined && isDnssecDrift(r.plan.dnssec));
  const anyDrift = hasDrift(runs) || dnssecError || accountsChange(outcomes) || unmanaged;
  // With `--fail-on new`, drift counts only when an item is new since the baseline.
  return { failed: anyFailed(outcomes), drift: request.failOn === 'new' ? report.drift.totals.new > 0 : anyDrift };
}
