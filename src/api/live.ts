/** Reading live state over the API: zone lookup, records, DNS settings, tokens, permission groups. */
import { type ApiRecord, UnknownRecordTypeError, fromApiRecord } from '../core/model/api-codec.js';
import type { LiveRecord } from '../core/model/record.js';
import { ZonectlError } from '../core/errors.js';
import { type ZoneType, zoneTypeLabel, zoneTypeMatches } from '../core/zone-type.js';
import type { CloudflareClient } from './client.js';
import { whyNoZone } from './why-no-zone.js';
import { checkApiId, isApiId } from './api-ids.js';
import { rememberListedTokens } from './listed-tokens.js';
import type { ApiToken } from './api-token.js';
import { RECORDS_PER_PAGE, TOKENS_PER_PAGE, ZONES_PER_PAGE, listAll } from './paging.js';

/** The zone object fields zonectl reads. */
export interface ApiZone {
  id: string;
  name: string;
  status?: string;
  account?: { id: string; name?: string };
  plan?: { id?: string; name?: string; legacy_id?: string };
  /** `full`, `partial`, `secondary` or `internal` (src/core/zone-type.ts). */
  type?: string;
  [other: string]: unknown;
}

export class ZoneLookupError extends ZonectlError {
  constructor(
    message: string,
    /** True when no zone of the name exists for these credentials (a zone zonectl may create). */
    readonly notFound = false,
  ) {
    super('ZONE_LOOKUP', message);
  }
}

export class LiveRecordError extends ZonectlError {
  constructor(message: string, cause?: unknown) {
    super('LIVE_RECORD', message, { cause });
  }
}

/** A zone object from the API, its id (and its account's) checked before any path is built from it. */
export function checkZone(zone: ApiZone): ApiZone {
  const what = `zone ${JSON.stringify(typeof zone?.name === 'string' ? zone.name : '?')}`;
  checkApiId(zone?.id, what);
  if (zone.account?.id !== undefined) checkApiId(zone.account.id, `the account of ${what}`);
  return zone;
}

/** GET /zones (every page, `query` e.g. `{ name }`), each zone checked (`checkZone`). */
export async function listZones(client: CloudflareClient, query: Readonly<Record<string, string>> = {}): Promise<ApiZone[]> {
  return (await listAll<ApiZone>(client, '/zones', query, { perPage: ZONES_PER_PAGE })).map(checkZone);
}

/**
 * The zone of that name and type (GET /zones?name=, then the zones of `type`: an internal zone
 * may share its name with a public zone, src/core/zone-type.ts); a clear error naming the
 * candidates' ids when none or several match, never a guess.
 */
export async function findZone(client: CloudflareClient, zoneName: string, type: ZoneType = 'full'): Promise<ApiZone> {
  const name = zoneName.trim().toLowerCase().replace(/\.$/, '');
  const zones = await listZones(client, { name });
  const named = zones.filter((z) => z.name.toLowerCase() === name);
  const matching = named.filter((z) => zoneTypeMatches(type, z.type));
  if (matching.length === 0) {
    const others =
      named.length > 0
        ? ` (${named.length} zone(s) of that name are not of this type: ${named.map((z) => `${z.id} type ${String(z.type)}`).join(', ')})`
        : '';
    throw new ZoneLookupError(
      `zone "${name}" not found: no ${zoneTypeLabel(type)} of that name is visible to these credentials at ${client.baseUrl}${others}; ${await whyNoZone(client)}`,
      true,
    );
  }
  if (matching.length > 1) {
    throw new ZoneLookupError(
      `zone "${name}" is ambiguous: ${matching.length} ${zoneTypeLabel(type)}s match (${matching.map((z) => z.id).join(', ')}); set zone_id in the zone file`,
    );
  }
  return matching[0]!;
}

export async function findZoneId(client: CloudflareClient, zoneName: string): Promise<string> {
  return (await findZone(client, zoneName)).id;
}

export interface LiveRecords {
  /** Records of types zonectl knows, in canonical form. */
  readonly records: LiveRecord[];
  /** Records of types zonectl does not know: left alone by the planner. */
  readonly unknownTypes: ApiRecord[];
}

/** A listed record of a type zonectl does not know, set aside while the list is decoded. */
interface UnknownTypeItem {
  readonly id: string;
  readonly unknownType: ApiRecord;
}

/** One listed API record as a live record, or set aside when zonectl does not know its type. */
function decodeListedRecord(api: ApiRecord, zoneName: string): LiveRecord | UnknownTypeItem {
  // The message names the record: built only for an id that fails (once per listed record otherwise).
  if (!isApiId(api?.id)) checkApiId(api?.id, `record ${JSON.stringify(api?.name)} ${JSON.stringify(api?.type)}`);
  try {
    return fromApiRecord(api, zoneName);
  } catch (err) {
    if (err instanceof UnknownRecordTypeError) return { id: api.id, unknownType: api };
    const why = err instanceof Error ? err.message : String(err);
    throw new LiveRecordError(`live record ${api.id} (${api.name} ${api.type}) could not be read: ${why}`, err);
  }
}

function splitDecoded(items: ReadonlyArray<LiveRecord | UnknownTypeItem>): LiveRecords {
  const records: LiveRecord[] = [];
  const unknownTypes: ApiRecord[] = [];
  for (const item of items) {
    if ('unknownType' in item) unknownTypes.push(item.unknownType);
    else records.push(item);
  }
  return { records, unknownTypes };
}

/**
 * One `meta` object for the listed records that carry the same flags. A live record keeps its
 * `meta` (protection flags: src/core/ownership/service-marks.ts), and most records of a zone carry the
 * same one (`{"auto_added":false,...,"source":"primary"}`): a `meta` whose keys and primitive
 * values equal the previous one's, in the same order, is replaced by that object before the
 * record is decoded. A 100,000-record zone then keeps one object, not 100,000 that every
 * garbage collection of the read copies or marks (bench/README.md). Nothing mutates a `meta`.
 */
export class SharedMeta {
  private last: Record<string, unknown> | undefined;
  private lastKeys: string[] = [];

  share(api: ApiRecord): void {
    const meta = (api as { meta?: unknown }).meta;
    if (meta === null || typeof meta !== 'object' || Array.isArray(meta)) return;
    const m = meta as Record<string, unknown>;
    if (this.last !== undefined && this.matches(m)) {
      (api as { meta?: unknown }).meta = this.last;
      return;
    }
    this.last = m;
    this.lastKeys = Object.keys(m);
  }

  private matches(m: Record<string, unknown>): boolean {
    const last = this.last!;
    const keys = this.lastKeys;
    let i = 0;
    for (const key in m) {
      // Values compared with ===: two objects parsed apart never are, so only primitives match.
      if (key !== keys[i] || m[key] !== last[key]) return false;
      i += 1;
    }
    return i === keys.length;
  }
}

/** Converts listed API records into live records, setting aside unknown types. */
export function decodeLiveRecords(apiRecords: readonly ApiRecord[], zoneName: string): LiveRecords {
  return splitDecoded(apiRecords.map((api) => decodeListedRecord(api, zoneName)));
}

/**
 * Every DNS record of the zone. `filter` narrows the list (e.g. `{ name, type }`). Each record
 * is decoded as it arrives (the answer is never held whole: see src/api/stream-list.ts).
 * `shadowMetadata`: the service's shadow metadata is asked for (`include_shadow_metadata=true`:
 * `meta.shadowed_by`, `is_glue`, `dead_glue`;
 * https://developers.cloudflare.com/dns/manage-dns-records/reference/shadowed-records/), which it
 * gives on pages of 1,000 records or fewer (src/api/shadow-metadata.ts reads the rest).
 */
export async function readLiveRecords(
  client: CloudflareClient,
  zoneId: string,
  zoneName: string,
  filter: Readonly<Record<string, string>> = {},
  options: { readonly shadowMetadata?: boolean } = {},
): Promise<LiveRecords> {
  const meta = new SharedMeta();
  const decodeItem = (item: unknown): LiveRecord | UnknownTypeItem => {
    meta.share(item as ApiRecord);
    return decodeListedRecord(item as ApiRecord, zoneName);
  };
  const query = options.shadowMetadata === true ? { include_shadow_metadata: 'true', ...filter } : filter;
  return splitDecoded(
    await listAll<LiveRecord | UnknownTypeItem>(client, `/zones/${zoneId}/dns_records`, query, { perPage: RECORDS_PER_PAGE, decodeItem }),
  );
}

/** GET /zones/{id}/dns_settings. */
export async function readDnsSettings(client: CloudflareClient, zoneId: string): Promise<Record<string, unknown>> {
  const res = await client.request<Record<string, unknown>>('GET', `/zones/${zoneId}/dns_settings`);
  return res.result ?? {};
}

export type { ApiToken } from './api-token.js';

/**
 * GET /user/tokens, every page; with `accountId`, that account's own tokens
 * (GET /accounts/{account_id}/tokens: "List all Account Owned API tokens created for this
 * account", https://developers.cloudflare.com/api/resources/accounts/subresources/tokens/methods/list/,
 * the same token objects and paging, `per_page` 5..50).
 */
export async function readTokens(client: CloudflareClient, accountId?: string): Promise<ApiToken[]> {
  const path =
    accountId === undefined ? '/user/tokens' : `/accounts/${checkApiId(accountId, 'the account of account-owned tokens')}/tokens`;
  const tokens = await listAll<ApiToken>(client, path, {}, { perPage: TOKENS_PER_PAGE });
  for (const t of tokens) checkApiId(t?.id, `token ${JSON.stringify(t?.name)}`);
  // The permission check looks the token in use up among them (./listed-tokens.ts).
  if (accountId === undefined) rememberListedTokens(client, tokens);
  return tokens;
}

export interface ApiPermissionGroup {
  id: string;
  name: string;
  scopes?: string[];
  [other: string]: unknown;
}

/**
 * GET /user/tokens/permission_groups; with `accountId`, the groups an account-owned token may hold
 * (GET /accounts/{account_id}/tokens/permission_groups: "Find all available permission groups for
 * Account Owned API Tokens", cloudflare-typescript resources/accounts/tokens/permission-groups.ts).
 */
export async function readPermissionGroups(client: CloudflareClient, accountId?: string): Promise<ApiPermissionGroup[]> {
  const path =
    accountId === undefined
      ? '/user/tokens/permission_groups'
      : `/accounts/${checkApiId(accountId, 'the account of account-owned tokens')}/tokens/permission_groups`;
  const res = await client.request<ApiPermissionGroup[]>('GET', path);
  return Array.isArray(res.result) ? res.result : [];
}
