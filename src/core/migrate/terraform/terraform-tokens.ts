/**
 * Terraform's `cloudflare_api_token` -> a `tokens:` entry of the zone file it belongs to. The
 * provider's schemas (terraform-provider-cloudflare internal/services/api_token): v4 (SDKv2,
 * migration/v500/model.go `SourceAPITokenModel`) has `policy` blocks with `permission_groups` as
 * ids and `resources` as a map, and `condition[0].request_ip[0]`; v5 (schema.go) has `policies`
 * with `permission_groups: [{ id }]` and `resources` as a JSON string (a map in v5.0-v5.15), and
 * `condition.request_ip`. `effect` is "allow" when v4 left it out.
 *
 * A token belongs to a zone when every resource of every policy is that one zone
 * (`com.cloudflare.api.account.zone.ID`, alone or inside its account): it is written with
 * `{zone_id}` (and `{account_id}` when the state says the zone's account; else the account id as
 * Terraform had it). Anything else (all zones, an
 * account, a user, several zones) stays in Terraform. The token's secret (`value`) is never read:
 * terraform-state.ts drops it before anything else sees the resource. Pure.
 */
import type { ExportedToken } from '../../export/export-tokens.js';
import type { ReportItem } from '../report.js';
import type { TfResource } from './terraform-state.js';

export const TOKEN_RESOURCE = 'cloudflare_api_token';

const ZONE_KEY = 'com.cloudflare.api.account.zone.';
const ACCOUNT_KEY = 'com.cloudflare.api.account.';
const isMapping = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export interface TokenZones {
  /** The zone name of a zone id named in a token's resources (or undefined: not a zone of this import). */
  zoneOf(id: string): string | undefined;
  /** The account id of a zone, when the state says it. */
  accountOf(zone: string): string | undefined;
}

export type TokenConversion =
  | { readonly kind: 'token'; readonly zone: string; readonly token: ExportedToken; readonly items: readonly ReportItem[] }
  | { readonly kind: 'left'; readonly item: ReportItem };

function left(r: TfResource, detail: string): TokenConversion {
  return { kind: 'left', item: { kind: 'left_to_old_tool', subject: r.address, detail, at: r.at } };
}

/** `resources`: v5 a JSON string, v4 and early v5 a map; undefined when it is neither. */
function resourcesOf(raw: unknown): Record<string, unknown> | undefined {
  if (isMapping(raw)) return raw;
  if (typeof raw !== 'string') return undefined;
  try {
    const parsed: unknown = JSON.parse(raw);
    return isMapping(parsed) ? parsed : undefined;
  } catch {
    return undefined;
  }
}

/** The zone ids a policy's resources name, or a reason they are not zones only. */
function zoneIdsOf(resources: Record<string, unknown>): { ids: Set<string> } | string {
  const ids = new Set<string>();
  for (const [key, value] of Object.entries(resources)) {
    if (key.startsWith(ZONE_KEY) && value === '*') {
      const id = key.slice(ZONE_KEY.length);
      if (id === '*') return 'it applies to every zone of the account';
      ids.add(id);
      continue;
    }
    if (key.startsWith(ACCOUNT_KEY) && isMapping(value)) {
      for (const [inner, v] of Object.entries(value)) {
        if (!inner.startsWith(ZONE_KEY) || v !== '*' || inner === `${ZONE_KEY}*`)
          return `its resources name ${inner === `${ZONE_KEY}*` ? 'every zone of an account' : JSON.stringify(inner)}`;
        ids.add(inner.slice(ZONE_KEY.length));
      }
      continue;
    }
    return `its resources name ${JSON.stringify(key)}, not a zone`;
  }
  return { ids };
}

function permissionGroup(g: unknown): { id: string } | { name: string } | undefined {
  if (typeof g === 'string' && g !== '') return { id: g };
  if (isMapping(g) && typeof g.id === 'string' && g.id !== '') return { id: g.id };
  if (isMapping(g) && typeof g.name === 'string' && g.name !== '') return { name: g.name };
  return undefined;
}

/** `YYYY-MM-DDThh:mm:ssZ` (the zone file's form) of an RFC 3339 time; Date only parses here. */
function timestamp(v: unknown): string | undefined | null {
  if (v === undefined || v === null || v === '') return undefined;
  if (typeof v !== 'string') return null;
  const t = Date.parse(v);
  return Number.isNaN(t) ? null : new Date(t).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

function ipCondition(raw: unknown): { in?: string[]; not_in?: string[] } | undefined {
  const cond = Array.isArray(raw) ? raw[0] : raw;
  const ip = isMapping(cond) ? (Array.isArray(cond.request_ip) ? cond.request_ip[0] : cond.request_ip) : undefined;
  if (!isMapping(ip)) return undefined;
  const list = (v: unknown) => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);
  const inList = list(ip.in);
  const notIn = list(ip.not_in);
  if (inList.length === 0 && notIn.length === 0) return undefined;
  return { ...(inList.length > 0 ? { in: inList } : {}), ...(notIn.length > 0 ? { not_in: notIn } : {}) };
}

/** One `cloudflare_api_token` (its values from the state, `show -json` or a literal `.tf`). */
export function convertApiToken(r: TfResource, zones: TokenZones): TokenConversion {
  const v = r.values;
  if (typeof v.name !== 'string' || v.name === '') return left(r, 'no token name');
  const rawPolicies = Array.isArray(v.policies) ? v.policies : Array.isArray(v.policy) ? v.policy : [];
  if (rawPolicies.length === 0) return left(r, 'no policies');
  const ids = new Set<string>();
  const policies: ExportedToken['policies'] = [];
  for (const p of rawPolicies) {
    if (!isMapping(p)) return left(r, 'a policy that is not an object');
    const resources = resourcesOf(p.resources);
    if (resources === undefined || Object.keys(resources).length === 0) return left(r, '`resources` that are not a JSON object');
    const named = zoneIdsOf(resources);
    if (typeof named === 'string') return left(r, `${named}: tokens in zonectl belong to one zone file`);
    for (const id of named.ids) ids.add(id);
    const groups = (Array.isArray(p.permission_groups) ? p.permission_groups : []).map(permissionGroup);
    if (groups.length === 0 || groups.some((g) => g === undefined)) return left(r, 'permission groups that are neither ids nor names');
    const effect = typeof p.effect === 'string' && p.effect !== '' ? p.effect.toLowerCase() : 'allow';
    policies.push({ effect, permission_groups: groups as Array<{ id: string } | { name: string }>, resources });
  }
  if (ids.size !== 1) return left(r, `its resources name ${ids.size} zones: tokens in zonectl belong to one zone file`);
  const zoneId = [...ids][0]!;
  const zone = zones.zoneOf(zoneId);
  if (zone === undefined)
    return left(r, `names zone ${zoneId}, which no cloudflare_zone of this import names (nor a zone_id of the records --zone applies to)`);
  const account = zones.accountOf(zone);
  const placeholder = (key: string): string =>
    key === `${ZONE_KEY}${zoneId}`
      ? `${ZONE_KEY}{zone_id}`
      : account !== undefined && key === `${ACCOUNT_KEY}${account}`
        ? `${ACCOUNT_KEY}{account_id}`
        : key;
  for (const p of policies)
    p.resources = Object.fromEntries(
      Object.entries(p.resources).map(([k, val]) => [
        placeholder(k),
        isMapping(val) ? Object.fromEntries(Object.entries(val).map(([ik, iv]) => [placeholder(ik), iv])) : val,
      ]),
    );
  const notBefore = timestamp(v.not_before);
  const expiresOn = timestamp(v.expires_on);
  if (notBefore === null || expiresOn === null) return left(r, '`not_before` or `expires_on` is not an RFC 3339 time');
  const ip = ipCondition(v.condition);
  const token: ExportedToken = {
    name: v.name,
    policies,
    ...(notBefore !== undefined ? { not_before: notBefore } : {}),
    ...(expiresOn !== undefined ? { expires_on: expiresOn } : {}),
    ...(ip !== undefined ? { condition: { 'request.ip': ip } } : {}),
  };
  const items: ReportItem[] = [];
  if (typeof v.status === 'string' && v.status !== '' && v.status !== 'active' && v.status !== 'expired')
    items.push({
      kind: 'no_meaning',
      subject: `token ${JSON.stringify(v.name)} status: ${v.status}`,
      detail: "zonectl does not manage a token's status: it stays as it is",
      at: r.at,
    });
  return { kind: 'token', zone, token, items };
}
