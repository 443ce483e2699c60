/**
 * The service's shadow metadata of a zone whose list it gives none. "For list and batch requests,
 * shadow metadata is computed only when the page or batch contains 1,000 records or fewer"
 * (https://developers.cloudflare.com/dns/manage-dns-records/reference/shadowed-records/): zonectl
 * reads a zone in one page (src/api/paging.ts), so a zone of more than 1,000 records comes without
 * it. Only records at or below a delegation (NS below the apex) can carry it, so those are asked
 * for again, one delegation at a time: `shadowed_by_name=NAME` with `include_shadow_metadata=true`
 * ("The filter returns all records at or below that name", the NS records at NAME excluded),
 * 1,000 records a page. Only the shallowest delegations are asked (the records below a deeper one
 * are below a shallower one too), at most `SHADOW_DELEGATIONS_MAX` of them: past that, the zone's
 * records stay without it and the plan says so (no page of requests for each of hundreds of
 * delegations on every plan).
 */
import type { ApiRecord } from '../core/model/api-codec.js';
import type { LiveRecord, RecordMeta } from '../core/model/record.js';
import { mapBounded } from './bounded.js';
import type { CloudflareClient } from './client.js';
import { listAll } from './paging.js';

/** The most records a list page carries shadow metadata for (the page above). */
export const SHADOW_METADATA_PAGE = 1000;
/** The most delegations asked one by one (one request each, a page of 1,000 records). */
export const SHADOW_DELEGATIONS_MAX = 20;

/** The meta fields of shadow metadata a record carries (`shadowed_records_count` is not read). */
const SHADOW_FIELDS = ['shadowed_by', 'is_glue', 'dead_glue'] as const;

export interface ShadowRead {
  readonly records: LiveRecord[];
  /** The zone's shallowest delegations when there were too many to ask (the records then carry no shadow metadata). */
  readonly unread?: number;
}

/** The shallowest delegations of the zone: NS names below the apex that no other NS name holds. */
export function shallowestDelegations(records: readonly LiveRecord[], zone: string): string[] {
  const names = new Set(records.filter((r) => r.type === 'NS' && r.name !== zone && r.name.endsWith(`.${zone}`)).map((r) => r.name));
  const held = (name: string): boolean => {
    for (let at = name.indexOf('.'); at !== -1; at = name.indexOf('.', at + 1)) {
      const parent = name.slice(at + 1);
      if (parent === zone) return false;
      if (names.has(parent)) return true;
    }
    return false;
  };
  return [...names].filter((n) => !held(n)).sort();
}

function shadowFieldsOf(meta: unknown): Partial<RecordMeta> | undefined {
  if (meta === null || typeof meta !== 'object' || Array.isArray(meta)) return undefined;
  const m = meta as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const key of SHADOW_FIELDS) if (m[key] !== undefined) out[key] = m[key];
  return Object.keys(out).length > 0 ? (out as Partial<RecordMeta>) : undefined;
}

/**
 * The zone's records with the service's shadow metadata: as listed when the list could carry it
 * (1,000 records or fewer) or nothing can be shadowed (no delegation); else the records of each
 * shallowest delegation read again with it and their fields added.
 */
export async function withShadowMetadata(
  client: CloudflareClient,
  zoneId: string,
  zone: string,
  records: LiveRecord[],
): Promise<ShadowRead> {
  if (records.length <= SHADOW_METADATA_PAGE) return { records };
  const delegations = shallowestDelegations(records, zone);
  if (delegations.length === 0) return { records };
  if (delegations.length > SHADOW_DELEGATIONS_MAX) return { records, unread: delegations.length };
  const found = new Map<string, Partial<RecordMeta>>();
  await mapBounded(delegations, 4, async (name) => {
    const listed = await listAll<ApiRecord>(
      client,
      `/zones/${zoneId}/dns_records`,
      { include_shadow_metadata: 'true', shadowed_by_name: name },
      { perPage: SHADOW_METADATA_PAGE },
    );
    for (const api of listed) {
      const fields = shadowFieldsOf(api.meta);
      if (fields !== undefined && typeof api.id === 'string') found.set(api.id, fields);
    }
  });
  if (found.size === 0) return { records };
  return { records: records.map((r) => (found.has(r.id) ? { ...r, meta: { ...r.meta, ...found.get(r.id) } } : r)) };
}
