/**
 * `drift`: who changed it. For the zones that drifted, their entries of the account's audit log
 * in the last AUDIT_LOG_DAYS days (src/api/audit-log.ts), read with each zone's own credential:
 * per zone (`zone_id`), or, for an account with more than AUDIT_LOG_ZONES_PER_ACCOUNT_READ
 * drifted zones, the account's log read once and shared out by zone. The join itself is pure
 * (src/core/audit/join-audit.ts); a log that cannot be read is said once in the report, and the
 * report goes on without it.
 */
import { readAuditLog, type CloudflareClient } from '../../api/index.js';
import type { ZoneAudit } from '../../core/audit/join-audit.js';
import { AUDIT_LOG_ACCOUNT_MAX_PAGES, AUDIT_LOG_DAYS, AUDIT_LOG_ZONES_PER_ACCOUNT_READ } from '../../core/service/audit-log.js';
import type { RunClients } from '../engine/index.js';
import type { ZoneOutcome } from '../engine/index.js';

/** The window of a run made at `now`: the last AUDIT_LOG_DAYS days, to the second. */
export function auditWindow(now: Date): { since: string; before: string } {
  const second = (d: Date): string => `${d.toISOString().slice(0, 19)}Z`;
  return { since: second(new Date(now.getTime() - AUDIT_LOG_DAYS * 86_400_000)), before: second(new Date(now.getTime() + 1000)) };
}

interface Drifted {
  readonly file: string;
  readonly zoneId: string;
  readonly client: CloudflareClient;
}

/** The audit log of each zone with drift, by zone file. */
export async function readZoneAudits(clients: RunClients, zones: readonly ZoneOutcome[], now: Date): Promise<Map<string, ZoneAudit>> {
  const out = new Map<string, ZoneAudit>();
  const window = auditWindow(now);
  // Drifted zones by account and credential (one credential may not read another's account log).
  const groups = new Map<string, { accountId: string; zones: Drifted[] }>();
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
    const key = `${accountId}\u0000${o.config.account?.name ?? ''}`;
    const group = groups.get(key) ?? { accountId, zones: [] };
    group.zones.push({ file: o.config.file, zoneId: o.run.zoneId, client: clients.for(o.config) });
    groups.set(key, group);
  }
  for (const { accountId, zones: drifted } of groups.values()) {
    if (drifted.length <= AUDIT_LOG_ZONES_PER_ACCOUNT_READ) {
      for (const z of drifted) out.set(z.file, await readAuditLog(z.client, accountId, z.zoneId, window));
      continue;
    }
    const all = await readAuditLog(drifted[0]!.client, accountId, undefined, window, AUDIT_LOG_ACCOUNT_MAX_PAGES);
    for (const z of drifted) {
      out.set(z.file, all.kind === 'read' ? { ...all, entries: all.entries.filter((e) => e.zoneId === z.zoneId) } : all);
    }
  }
  return out;
}
