/**
 * Live records -> the `records` (and `defaults`) of a zone file that plans clean: each record
 * written as a person would (relative names, `@` for the apex, `data` for structured types, TTL
 * and proxied only where they differ from `defaults`), grouped by name then type, in a stable
 * order. Pure. The values are the canonical model's, so the file normalises back to exactly the
 * live records (normalizeRecord is idempotent).
 */
import { relativeRecordName, zoneFileRecordName } from '../model/names.js';
import type { CanonicalRecord, RecordData } from '../model/record.js';
import { RECORD_TYPES, PROXIABLE_TYPES, TOP_LEVEL_PRIORITY_TYPES, contentInZoneFile } from '../record-types/index.js';
import { TTL_AUTO } from '../service/ttl.js';
import { valueKey } from '../model/keys.js';

/** One record as the zone file writes it (field order is the order written). */
export interface ExportedRecord {
  name: string;
  type: string;
  content?: string;
  data?: RecordData;
  priority?: number;
  ttl?: number | 'auto';
  proxied?: boolean;
  comment?: string;
  tags?: string[];
  settings?: Record<string, boolean>;
  private_routing?: boolean;
}

export interface ExportedDefaults {
  ttl?: number | 'auto';
  proxied?: boolean;
}

const TYPE_ORDER = new Map<string, number>(RECORD_TYPES.map((t, i) => [t, i]));

/** Apex first, then names in DNS order (by labels from the right), so a subtree stays together. */
function compareNames(a: string, b: string): number {
  if (a === b) return 0;
  if (a === '@') return -1;
  if (b === '@') return 1;
  const la = a.split('.').reverse();
  const lb = b.split('.').reverse();
  for (let i = 0; i < Math.min(la.length, lb.length); i += 1) {
    if (la[i] !== lb[i]) return la[i] < lb[i] ? -1 : 1;
  }
  return la.length - lb.length;
}

/** The value most records share, when more than half of them do (else undefined). */
function majority<T>(values: readonly T[]): T | undefined {
  const counts = new Map<T, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  let best: T | undefined;
  let bestCount = 0;
  for (const [v, n] of counts) {
    if (n > bestCount) {
      best = v;
      bestCount = n;
    }
  }
  return bestCount * 2 > values.length ? best : undefined;
}

/** `defaults` worth writing: a TTL most DNS-only records share (other than auto), proxied when most proxiable records are. */
export function chooseDefaults(records: readonly CanonicalRecord[]): ExportedDefaults {
  const defaults: ExportedDefaults = {};
  const dnsOnly = records.filter((r) => !r.proxied);
  const ttl = majority(dnsOnly.map((r) => r.ttl));
  if (ttl !== undefined && ttl !== TTL_AUTO && dnsOnly.length >= 2) defaults.ttl = ttl;
  const proxiable = records.filter((r) => PROXIABLE_TYPES.has(r.type));
  if (proxiable.length >= 2 && majority(proxiable.map((r) => r.proxied)) === true) defaults.proxied = true;
  return defaults;
}

export function exportRecord(r: CanonicalRecord, zone: string, defaults: ExportedDefaults): ExportedRecord {
  const out: ExportedRecord = { name: zoneFileRecordName(r.name, zone), type: r.type };
  if (r.data !== undefined) out.data = { ...r.data };
  else out.content = contentInZoneFile(r);
  if (TOP_LEVEL_PRIORITY_TYPES.has(r.type) && r.priority !== undefined) out.priority = r.priority;
  if (!r.proxied) {
    const fileTtl = defaults.ttl ?? TTL_AUTO;
    if (r.ttl !== fileTtl) out.ttl = r.ttl === TTL_AUTO ? 'auto' : r.ttl;
  }
  if (PROXIABLE_TYPES.has(r.type) && r.proxied !== (defaults.proxied ?? false)) out.proxied = r.proxied;
  if (r.comment !== undefined && r.comment !== null && r.comment !== '') out.comment = r.comment;
  if (r.tags !== undefined && r.tags.length > 0) out.tags = [...r.tags];
  const settings = Object.entries(r.settings ?? {}).filter(([, on]) => on === true);
  if (settings.length > 0) out.settings = Object.fromEntries(settings) as Record<string, boolean>;
  // Written whenever the service says it: a proxied private address validates only with it.
  if (r.private_routing === true) out.private_routing = true;
  return out;
}

function compareRecords(a: CanonicalRecord & { rel: string }, b: CanonicalRecord & { rel: string }): number {
  return (
    compareNames(a.rel, b.rel) ||
    (TYPE_ORDER.get(a.type) ?? 99) - (TYPE_ORDER.get(b.type) ?? 99) ||
    (valueKey(a) < valueKey(b) ? -1 : valueKey(a) > valueKey(b) ? 1 : 0)
  );
}

/**
 * Records and the defaults they were written against (`defaults`: these, instead of the ones
 * chooseDefaults would find: an import writes the old tool's own). `sources`: the record each
 * written one was made from, in the written order.
 */
export function exportRecords(
  records: readonly CanonicalRecord[],
  zone: string,
  given?: ExportedDefaults,
): { defaults: ExportedDefaults; records: ExportedRecord[]; sources: CanonicalRecord[] } {
  const defaults = given ?? chooseDefaults(records);
  const sorted = records
    .map((r) => ({ r, key: { ...r, rel: relativeRecordName(r.name, zone) } }))
    .sort((a, b) => compareRecords(a.key, b.key));
  return { defaults, records: sorted.map(({ key }) => exportRecord(key, zone, defaults)), sources: sorted.map(({ r }) => r) };
}
