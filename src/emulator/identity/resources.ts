/**
 * Policy resource keys: their documented forms, validation at token creation, and whether a
 * policy's resources cover the resource a request touches.
 *
 *   com.cloudflare.api.account.<account_id>: "*"                                  one account
 *   com.cloudflare.api.account.*: "*"                                             all accounts
 *   com.cloudflare.api.account.zone.<zone_id>: "*"                                one zone
 *   com.cloudflare.api.account.<account_id>: { "com.cloudflare.api.account.zone.*": "*" }  all zones of one account
 *   com.cloudflare.api.account.zone.*: "*"                                        all zones of all accounts
 *   com.cloudflare.api.user.<user_tag>: "*"                                       the calling user
 */
import type { Policy, ResourceRef } from '../contract.js';
import { assertNever } from '../assert-never.js';
import type { GroupScope } from './permission-groups.js';
import { isPlainObject } from '../json.js';

const ID = '[A-Za-z0-9_-]{1,64}';
const ZONE_KEY = new RegExp(`^com\\.cloudflare\\.api\\.account\\.zone\\.(\\*|${ID})$`);
const ACCOUNT_KEY = new RegExp(`^com\\.cloudflare\\.api\\.account\\.(\\*|${ID})$`);
const USER_KEY = new RegExp(`^com\\.cloudflare\\.api\\.user\\.(${ID})$`);

export type ResourceKey =
  | { kind: 'zone'; zoneId: string | '*' }
  | { kind: 'account'; accountId: string | '*' }
  | { kind: 'account-zones'; accountId: string; zones: Array<string | '*'> }
  | { kind: 'user'; userId: string };

export type ResourceKeyParse = { ok: true; key: ResourceKey } | { ok: false; message: string };

/** Parse one `resources` entry; `callerUserId` is the only user a policy may name. */
export function parseResourceEntry(key: string, value: unknown, callerUserId: string): ResourceKeyParse {
  const zone = ZONE_KEY.exec(key);
  if (zone) {
    if (value !== '*') return { ok: false, message: `resource "${key}" must map to "*"` };
    return { ok: true, key: { kind: 'zone', zoneId: zone[1] } };
  }
  const account = ACCOUNT_KEY.exec(key);
  if (account) {
    const accountId = account[1];
    if (value === '*') return { ok: true, key: { kind: 'account', accountId } };
    if (accountId !== '*' && isPlainObject(value)) {
      const zones: Array<string | '*'> = [];
      const entries = Object.entries(value);
      if (entries.length === 0) return { ok: false, message: `resource "${key}" maps to an empty object` };
      for (const [inner, innerValue] of entries) {
        const m = ZONE_KEY.exec(inner);
        if (!m || innerValue !== '*') {
          return {
            ok: false,
            message: `resource "${key}" may only hold zone keys mapping to "*" (e.g. {"com.cloudflare.api.account.zone.*": "*"}); got "${inner}"`,
          };
        }
        zones.push(m[1]);
      }
      return { ok: true, key: { kind: 'account-zones', accountId, zones } };
    }
    return {
      ok: false,
      message: `resource "${key}" must map to "*" or to {"com.cloudflare.api.account.zone.*": "*"} (all zones of the account)`,
    };
  }
  const user = USER_KEY.exec(key);
  if (user) {
    if (value !== '*') return { ok: false, message: `resource "${key}" must map to "*"` };
    if (user[1] !== callerUserId) {
      return { ok: false, message: `resource "${key}" names another user; a policy may only reference the calling user` };
    }
    return { ok: true, key: { kind: 'user', userId: user[1] } };
  }
  return {
    ok: false,
    message: `unknown resource "${key}"; use com.cloudflare.api.account.<account_id>, com.cloudflare.api.account.*, com.cloudflare.api.account.zone.<zone_id>, com.cloudflare.api.account.zone.* or com.cloudflare.api.user.<user_tag>`,
  };
}

/** Parse a stored (already validated) policy's resources; entries that do not parse are skipped. */
export function parsePolicyResources(policy: Policy): ResourceKey[] {
  const out: ResourceKey[] = [];
  for (const [key, value] of Object.entries(policy.resources)) {
    // The user check was made at creation; here any user key is parsed with its own id.
    const userMatch = USER_KEY.exec(key);
    const parsed = parseResourceEntry(key, value, userMatch ? userMatch[1] : '');
    if (parsed.ok) out.push(parsed.key);
  }
  return out;
}

/** The group scope that applies to a resource kind. */
export function scopeOf(resource: ResourceRef): GroupScope {
  switch (resource.kind) {
    case 'zone':
      return 'com.cloudflare.api.account.zone';
    case 'account':
      return 'com.cloudflare.api.account';
    case 'user':
      return 'com.cloudflare.api.user';
    default:
      return assertNever(resource, 'resource');
  }
}

/** Whether one resource key covers the resource a request touches. */
export function keyCovers(key: ResourceKey, resource: ResourceRef): boolean {
  switch (resource.kind) {
    case 'zone':
      if (key.kind === 'zone') return key.zoneId === '*' || key.zoneId === resource.zoneId;
      if (key.kind === 'account-zones') {
        return key.accountId === resource.accountId && key.zones.some((z) => z === '*' || z === resource.zoneId);
      }
      return false;
    case 'account':
      return key.kind === 'account' && (key.accountId === '*' || key.accountId === resource.accountId);
    case 'user':
      return key.kind === 'user' && key.userId === resource.userId;
    default:
      return assertNever(resource, 'resource');
  }
}
