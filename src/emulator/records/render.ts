/**
 * A stored record as the service returns it: every field of the spec's record table, minus
 * those retired by the api date (`locked` from 2024-07-14, `zone_id`/`zone_name` from
 * 2024-11-30).
 */
import { isProxiableAddress } from '../net/address-classes.js';
import { parseIPv4, parseIPv6 } from '../net/ip.js';
import { renderDataContent } from './types/index.js';
import { DATED, isBefore } from '../dated.js';
import type { RecordRow } from './record-row.js';
import type { ShadowMeta } from './shadow.js';

export function isProxiable(row: Pick<RecordRow, 'type' | 'content' | 'proxiable'>): boolean {
  if (row.proxiable !== undefined) return row.proxiable;
  switch (row.type) {
    case 'A':
    case 'AAAA': {
      const a = parseIPv4(row.content ?? '') ?? parseIPv6(row.content ?? '');
      return a !== undefined && isProxiableAddress(a);
    }
    case 'CNAME':
      return true;
    default:
      return false;
  }
}

/** The record's `content` as returned (data types: the read-only rendering of `data`). */
export function renderedContent(row: RecordRow): string {
  return row.data !== undefined ? renderDataContent(row.type, row.data) : (row.content ?? '');
}

/** What the answer's shape depends on besides the row. */
export interface RenderOptions {
  apiDate: string;
  /** MX/URI priority inside `data` only (`--priority-in-data`). */
  priorityInData?: boolean;
}

/** `shadow`: the record's shadow metadata when the request asked for it (`include_shadow_metadata`, ./shadow.ts). */
export function renderRecord(row: RecordRow, zoneName: string, opts: RenderOptions, shadow?: ShadowMeta): Record<string, unknown> {
  const apiDate = opts.apiDate;
  const out: Record<string, unknown> = { id: row.id };
  if (isBefore(apiDate, DATED.noZoneFieldsInRecords)) {
    out.zone_id = row.zone_id;
    out.zone_name = zoneName;
  }
  out.name = row.name;
  out.type = row.type;
  out.content = renderedContent(row);
  out.proxiable = isProxiable(row);
  out.proxied = row.proxied;
  // A and AAAA answer their private network routing (false by default: the docs' "API field behavior").
  if (row.type === 'A' || row.type === 'AAAA') out.private_routing = row.private_routing === true;
  out.ttl = row.ttl;
  if (isBefore(apiDate, DATED.noLockedInRecords)) out.locked = false;
  out.settings = { ...row.settings };
  out.meta = { auto_added: false, managed_by_apps: false, managed_by_argo_tunnel: false, source: 'primary', ...shadow };
  out.comment = row.comment;
  out.tags = [...row.tags];
  out.created_on = row.created_on;
  out.modified_on = row.modified_on;
  if (row.priority !== undefined && opts.priorityInData === true) {
    out.data = { priority: row.priority, ...(row.data ?? {}) };
    return out;
  }
  if (row.priority !== undefined) out.priority = row.priority;
  else if (row.type === 'SRV' && row.data?.priority !== undefined) out.priority = row.data.priority;
  if (row.data !== undefined) out.data = { ...row.data };
  return out;
}
