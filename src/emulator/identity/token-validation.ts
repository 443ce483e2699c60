/**
 * Validation of token bodies (POST /user/tokens and PUT /user/tokens/{id}; the same bodies at
 * /accounts/{account_id}/tokens for account-owned tokens). All problems are gathered and reported
 * together. Returns the normalized input, ready to store.
 *
 * An account-owned token (`ownerAccountId`) acts for no user and for no other account: a policy
 * naming a user resource, another account, or a group of the user's scope is refused (the
 * emulator's reading of "account owned tokens ... act as service principals", the service's answer
 * is not published; https://developers.cloudflare.com/fundamentals/api/get-started/account-owned-tokens/).
 */
import type { Policy, TokenRow } from '../contract.js';
import { parseCidr } from '../net/ip.js';
import { findPermissionGroup } from './permission-groups.js';
import { parseResourceEntry, type ResourceKey } from './resources.js';
import { isPlainObject } from '../json.js';

export const TOKEN_NAME_MAX = 120;
/**
 * "User API token quota 50", "Account API token quota 500" (per user, per account:
 * https://developers.cloudflare.com/fundamentals/api/reference/limits/; cloudflare-docs #20525).
 */
export const TOKENS_PER_USER_MAX = 50;
export const TOKENS_PER_ACCOUNT_MAX = 500;

export interface TokenValidationOptions {
  mode: 'create' | 'update';
  callerUserId: string;
  /** Set for an account-owned token: the account that owns it. */
  ownerAccountId?: string;
}

export interface TokenInput {
  name: string;
  /** Policies without ids, or with the id the caller sent (PUT may keep ids). */
  policies: Array<Omit<Policy, 'id'> & { id?: string }>;
  not_before?: string;
  expires_on?: string;
  condition?: TokenRow['condition'];
  status?: 'active' | 'disabled';
}

export type TokenValidation = { ok: true; input: TokenInput } | { ok: false; problems: string[] };

const TIMESTAMP = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})Z$/;

/** True for exactly `YYYY-MM-DDThh:mm:ssZ` naming a real instant. */
export function isTokenTimestamp(value: string): boolean {
  const m = TIMESTAMP.exec(value);
  if (!m) return false;
  const ms = Date.parse(value);
  return !Number.isNaN(ms) && `${new Date(ms).toISOString().slice(0, 19)}Z` === value;
}

const CREATE_FIELDS = new Set(['name', 'policies', 'not_before', 'expires_on', 'condition']);
/** PUT replaces: the create fields plus status; read-only fields of a GET are accepted and ignored. */
const UPDATE_FIELDS = new Set([...CREATE_FIELDS, 'status']);
const READ_ONLY_FIELDS = new Set(['id', 'issued_on', 'modified_on', 'last_used_on', 'value']);

export function validateTokenBody(body: unknown, opts: TokenValidationOptions): TokenValidation {
  const problems: string[] = [];
  if (!isPlainObject(body)) return { ok: false, problems: ['the request body must be a JSON object'] };
  const allowed = opts.mode === 'create' ? CREATE_FIELDS : UPDATE_FIELDS;
  const unknown = Object.keys(body).filter((k) => !allowed.has(k) && !READ_ONLY_FIELDS.has(k));
  if (unknown.length > 0) problems.push(`unknown field${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}`);

  const name = body.name;
  if (typeof name !== 'string' || name.trim() === '') problems.push('name is required (a non-empty string)');
  else if ([...name].length > TOKEN_NAME_MAX) problems.push(`name is longer than ${TOKEN_NAME_MAX} characters`);

  const policies = validatePolicies(body.policies, opts, problems);

  const notBefore = validateTimestamp(body.not_before, 'not_before', problems);
  const expiresOn = validateTimestamp(body.expires_on, 'expires_on', problems);
  if (notBefore !== undefined && expiresOn !== undefined && Date.parse(notBefore) >= Date.parse(expiresOn)) {
    problems.push('not_before must be earlier than expires_on');
  }

  const condition = validateCondition(body.condition, problems);

  let status: TokenInput['status'];
  if (opts.mode === 'update' && body.status !== undefined) {
    if (body.status === 'active' || body.status === 'disabled') status = body.status;
    else problems.push('status must be "active" or "disabled"');
  }

  if (problems.length > 0) return { ok: false, problems };
  const input: TokenInput = { name: name as string, policies };
  if (notBefore !== undefined) input.not_before = notBefore;
  if (expiresOn !== undefined) input.expires_on = expiresOn;
  if (condition !== undefined) input.condition = condition;
  if (status !== undefined) input.status = status;
  return { ok: true, input };
}

function validatePolicies(value: unknown, opts: TokenValidationOptions, problems: string[]): TokenInput['policies'] {
  if (!Array.isArray(value) || value.length === 0) {
    problems.push('policies is required (a non-empty array)');
    return [];
  }
  const out: TokenInput['policies'] = [];
  value.forEach((p, i) => {
    const at = `policies[${i}]`;
    if (!isPlainObject(p)) {
      problems.push(`${at} must be an object`);
      return;
    }
    const unknown = Object.keys(p).filter((k) => !['id', 'effect', 'resources', 'permission_groups'].includes(k));
    if (unknown.length > 0) problems.push(`${at}: unknown field${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}`);
    if (p.id !== undefined && opts.mode === 'create') {
      problems.push('Reusing existing policies is not supported by token creation');
    }
    if (p.effect !== 'allow' && p.effect !== 'deny') problems.push(`${at}.effect must be "allow" or "deny"`);

    const groups: Policy['permission_groups'] = [];
    if (!Array.isArray(p.permission_groups) || p.permission_groups.length === 0) {
      problems.push(`${at}.permission_groups is required (a non-empty array)`);
    } else {
      p.permission_groups.forEach((g: unknown, j: number) => {
        const id = isPlainObject(g) ? g.id : undefined;
        if (typeof id !== 'string') {
          problems.push(`${at}.permission_groups[${j}].id is required`);
          return;
        }
        const group = findPermissionGroup(id);
        if (!group) problems.push(`${at}.permission_groups[${j}]: unknown permission group id "${id}"`);
        else if (opts.ownerAccountId !== undefined && group.scopes.includes('com.cloudflare.api.user'))
          problems.push(
            `${at}.permission_groups[${j}]: "${group.name}" is a user's permission group; an account-owned token cannot hold it`,
          );
        else groups.push({ id: group.id, name: group.name });
      });
    }

    const resources: Policy['resources'] = {};
    if (!isPlainObject(p.resources) || Object.keys(p.resources).length === 0) {
      problems.push(`${at}.resources is required (an object of resource keys)`);
    } else {
      for (const [key, v] of Object.entries(p.resources)) {
        const parsed = parseResourceEntry(key, v, opts.callerUserId);
        if (!parsed.ok) problems.push(`${at}.resources: ${parsed.message}`);
        else if (opts.ownerAccountId !== undefined && foreignToAccount(parsed.key, opts.ownerAccountId))
          problems.push(
            `${at}.resources: "${key}" is outside account ${opts.ownerAccountId}; an account-owned token reaches only its own account and its zones`,
          );
        else resources[key] = v as string | Record<string, string>;
      }
    }
    const policy: TokenInput['policies'][number] = {
      effect: p.effect as Policy['effect'],
      resources,
      permission_groups: groups,
    };
    if (typeof p.id === 'string' && opts.mode === 'update') policy.id = p.id;
    out.push(policy);
  });
  return out;
}

/** A resource an account-owned token of `accountId` may not name: a user, or another (or every) account. */
function foreignToAccount(key: ResourceKey, accountId: string): boolean {
  if (key.kind === 'user') return true;
  if (key.kind === 'account' || key.kind === 'account-zones') return key.accountId !== accountId;
  return false;
}

function validateTimestamp(value: unknown, field: string, problems: string[]): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string' || !isTokenTimestamp(value)) {
    problems.push(`${field} must be a UTC timestamp of the form YYYY-MM-DDThh:mm:ssZ (e.g. 2030-01-01T00:00:00Z)`);
    return undefined;
  }
  return value;
}

function validateCondition(value: unknown, problems: string[]): TokenRow['condition'] | undefined {
  if (value === undefined || value === null) return undefined;
  if (!isPlainObject(value)) {
    problems.push('condition must be an object');
    return undefined;
  }
  const keys = Object.keys(value);
  const unknown = keys.filter((k) => k !== 'request.ip' && k !== 'request_ip');
  if (unknown.length > 0)
    problems.push(`condition: unknown field${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')} (use "request.ip")`);
  if ('request.ip' in value && 'request_ip' in value) {
    problems.push('condition: give "request.ip" or its alias "request_ip", not both');
    return undefined;
  }
  const ip = value['request.ip'] ?? value.request_ip;
  if (ip === undefined || ip === null) return keys.length === 0 ? undefined : {};
  if (!isPlainObject(ip)) {
    problems.push('condition["request.ip"] must be an object with "in" and/or "not_in"');
    return undefined;
  }
  const ipUnknown = Object.keys(ip).filter((k) => k !== 'in' && k !== 'not_in');
  if (ipUnknown.length > 0)
    problems.push(`condition["request.ip"]: unknown field${ipUnknown.length > 1 ? 's' : ''}: ${ipUnknown.join(', ')}`);
  const out: { in?: string[]; not_in?: string[] } = {};
  for (const list of ['in', 'not_in'] as const) {
    const v = ip[list];
    if (v === undefined || v === null) continue;
    if (!Array.isArray(v)) {
      problems.push(`condition["request.ip"].${list} must be an array of CIDR ranges`);
      continue;
    }
    const ranges: string[] = [];
    v.forEach((entry: unknown, i: number) => {
      const at = `condition["request.ip"].${list}[${i}]`;
      if (typeof entry !== 'string') {
        problems.push(`${at} must be a string in CIDR notation`);
        return;
      }
      const parsed = parseCidr(entry);
      if (parsed.ok) ranges.push(parsed.text);
      else if (parsed.reason === 'bare-address') {
        const suffix = parsed.family === 'ipv4' ? '/32' : '/128';
        problems.push(`${at}: "${entry}" is a single address; write it in CIDR notation as "${entry.trim()}${suffix}"`);
      } else problems.push(`${at}: "${entry}" is not an IPv4 or IPv6 range in CIDR notation`);
    });
    out[list] = ranges;
  }
  return { request_ip: out };
}
