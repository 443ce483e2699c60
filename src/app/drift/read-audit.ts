/**
 * `drift`: who changed it. For each zone that drifted, its entries of the account's audit log
 * in the last AUDIT_LOG_DAYS days (src/api/audit-log.ts), read with the zone's own credential,
 * one zone after the other (a few requests a night). The join itself is pure
 * (src/core/audit/join-audit.ts); a log that cannot be read is said once in the report, and the
 * report goes on without it.
 */
import { readZoneAuditLog } from '../../api/index.js';
import type { ZoneAudit } from '../../core/audit/join-audit.js';
import { AUDIT_LOG_DAYS } from '../../core/service/audit-log.js';
import type { RunClients } from '../connect/clients-by-account.js';
import type { ZoneOutcome } from '../plan/plan-zone-outcomes.js';

/** The window of a run made at `now`: the last AUDIT_LOG_DAYS days, to the second. */
export function auditWindow(now: Date): { since: string; before: string } {
  const second = (d: Date): string => `${d.toISOString().slice(0, 19)}Z`;
  return { since: second(new Date(now.getTime() - AUDIT_LOG_DAYS * 86_400_000)), before: second(new Date(now.getTime() + 1000)) };
}

/** The audit log of each zone with drift, by zone file. */
export async function readZoneAudits(clients: RunClients, zones: readonly ZoneOutcome[], now: Date): Promise<Map<string, ZoneAudit>> {
  const out = new Map<string, ZoneAudit>();
  const window = auditWindow(now);
  for (const o of zones) {
    if (o.kind !== 'planned' || o.run.plan.operations.length === 0 || o.run.plan.newZone !== undefined) continue;
    const accountId = o.run.zone?.account?.id;
    if (accountId === undefined) {
      out.set(o.config.file, {
        kind: 'unavailable',
        detail: "the zone's account is not known (the credential may not read the zone object: Zone Read)",
      });
      continue;
    }
    out.set(o.config.file, await readZoneAuditLog(clients.for(o.config), accountId, o.run.zoneId, window));
  }
  return out;
}
