/**
 * Who changed it: a zone's drift items joined with the entries of the account's audit log that
 * touched the same thing (docs/drift-report.md, "Who changed it"). For each item, the newest
 * successful entry of the zone that is about:
 *
 * - a record the service still has: that record's id (`resource.id`, or the request's URI ending
 *   in `/dns_records/{id}`); for a changed field, an update (the create, within the window, wrote
 *   what the file had then), for an added record any write to it but a delete;
 * - a record removed at the service: a delete of an id the log shows under the item's name and
 *   type (the delete's own request or answer, or an earlier entry of the same id that named it);
 * - a DNS setting: a write to `/zones/{id}/dns_settings` that set that field (or whose body the
 *   entry does not show); the DNSSEC state: a write to `/zones/{id}/dnssec`.
 *
 * Tokens (user-scoped, not in a zone's log) and a zone that does not exist are never joined. An
 * item no entry covers keeps no `who`: it changed before the window zonectl reads, or through
 * something the log does not record; the report says how many, once. Pure.
 */
import { whoOf, type AuditEntry, type Who } from './audit-entry.js';

/** What the join reads of a drift item (src/core/drift/drift-items.ts). */
export interface JoinableItem {
  readonly id: string;
  readonly kind: string;
  readonly name: string;
  readonly type: string;
  readonly field: string;
  readonly counted: boolean;
  readonly recordId?: string;
}

/** What the run could learn from the audit log of a zone's account. */
export type ZoneAudit =
  | {
      readonly kind: 'read';
      /** The entries of the zone in the window, newest first. */
      readonly entries: readonly AuditEntry[];
      /** The window read (RFC 3339). */
      readonly since: string;
      readonly before: string;
      /** False when the zone had more entries than zonectl reads (the oldest were left out). */
      readonly complete: boolean;
    }
  /** The credential may not read the log (403: Account Settings Read is needed). */
  | { readonly kind: 'forbidden'; readonly detail: string }
  /** The log could not be read (another error, or the zone's account is not known). */
  | { readonly kind: 'unavailable'; readonly detail: string };

const byNewest = (a: AuditEntry, b: AuditEntry): number => Date.parse(b.time) - Date.parse(a.time);

function endsWithPath(uri: string | undefined, path: string): boolean {
  if (uri === undefined) return false;
  const bare = uri.split('?')[0]!.replace(/\/+$/, '');
  return bare.endsWith(path);
}

/** The record id an entry is about: its resource id, else the id its URI ends with. */
function recordIdOf(e: AuditEntry): string | undefined {
  if (e.resourceId !== undefined) return e.resourceId;
  const m = /\/dns_records\/([0-9a-fA-F]{32})\/?(?:\?.*)?$/.exec(e.uri ?? '');
  return m?.[1];
}

/** The entries of one zone that a join may use: successful, of this zone (or not saying), newest first. */
function usable(entries: readonly AuditEntry[], zoneId: string): AuditEntry[] {
  return entries.filter((e) => e.result !== 'failure' && (e.zoneId === undefined || e.zoneId === zoneId)).sort(byNewest);
}

/**
 * `who` for each item of a zone the log covers, by item id. `zoneId` is the zone's id; entries
 * of other zones (an entry saying so) are never used.
 */
export function joinAudit(items: readonly JoinableItem[], entries: readonly AuditEntry[], zoneId: string): Map<string, Who> {
  const log = usable(entries, zoneId);
  const byRecord = new Map<string, AuditEntry[]>();
  // The name and type each record id had, from any entry that says them (a delete's answer is only `{id}`).
  const nameOfId = new Map<string, string>();
  for (const e of log) {
    const id = recordIdOf(e);
    if (id === undefined) continue;
    byRecord.set(id, [...(byRecord.get(id) ?? []), e]);
    if (e.recordName !== undefined && e.recordType !== undefined && !nameOfId.has(id)) nameOfId.set(id, `${e.recordName} ${e.recordType}`);
  }
  const out = new Map<string, Who>();
  for (const i of items) {
    if (!i.counted) continue;
    const entry = entryFor(i, log, byRecord, nameOfId, zoneId);
    if (entry !== undefined) out.set(i.id, whoOf(entry));
  }
  return out;
}

function entryFor(
  i: JoinableItem,
  log: readonly AuditEntry[],
  byRecord: ReadonlyMap<string, readonly AuditEntry[]>,
  nameOfId: ReadonlyMap<string, string>,
  zoneId: string,
): AuditEntry | undefined {
  switch (i.kind) {
    case 'changed':
      return i.recordId !== undefined ? byRecord.get(i.recordId)?.find((e) => e.action === 'update') : undefined;
    case 'added':
      return i.recordId !== undefined ? byRecord.get(i.recordId)?.find((e) => e.action !== 'delete') : undefined;
    case 'deleted': {
      const key = `${i.name} ${i.type}`;
      return log.find((e) => {
        if (e.action !== 'delete') return false;
        const id = recordIdOf(e);
        const named = e.recordName !== undefined && e.recordType !== undefined ? `${e.recordName} ${e.recordType}` : undefined;
        return named === key || (id !== undefined && nameOfId.get(id) === key);
      });
    }
    case 'settings': {
      if (i.type === 'dnssec') return log.find((e) => endsWithPath(e.uri, `/zones/${zoneId}/dnssec`));
      if (i.type !== 'dns_settings') return undefined;
      return log.find(
        (e) =>
          (endsWithPath(e.uri, `/zones/${zoneId}/dns_settings`) || e.resourceType === 'dns_settings') &&
          (e.requestKeys === undefined || e.requestKeys.includes(i.field)),
      );
    }
    default:
      // Tokens (user-scoped), a zone that does not exist, what is no drift.
      return undefined;
  }
}
