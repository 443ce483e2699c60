import equal from 'fast-deep-equal';
import { canonicalAddress } from '../model/addresses.js';
import type { TokenChange } from './changes.js';
import { canonicalPolicies, type CanonicalPolicy } from './token-policies.js';
import type { TokenSpec } from '../zonefile/index.js';

/** A token as `GET /user/tokens` (or `GET /accounts/{account_id}/tokens`) returns it (no secret there). */
export interface LiveToken {
  readonly id: string;
  readonly name: string;
  readonly status?: string;
  readonly policies?: ReadonlyArray<{
    readonly effect?: string;
    readonly resources?: Readonly<Record<string, unknown>>;
    readonly permission_groups?: ReadonlyArray<{ readonly id: string; readonly name?: string }>;
  }>;
  readonly not_before?: string | null;
  readonly expires_on?: string | null;
  readonly last_used_on?: string | null;
  readonly condition?: Readonly<Record<string, unknown>>;
}

export interface TokenDiffContext {
  readonly zoneId: string;
  readonly accountId: string;
  /** The catalogue the tokens' groups are named from (the user's, or the account's for account-owned tokens). */
  readonly permissionGroups: ReadonlyArray<{ readonly id: string; readonly name: string }>;
  /** True for account-owned tokens: the collection is `/accounts/{accountId}/tokens`. */
  readonly accountOwned?: boolean;
}

/** Where a token owner's tokens live: the user's, or an account's (`accountId`). */
export function tokensCollection(accountId?: string): string {
  return accountId === undefined ? '/user/tokens' : `/accounts/${accountId}/tokens`;
}

export interface TokenDiff {
  readonly changes: TokenChange[];
  /** Problems that stop the plan (e.g. an unknown permission group name). */
  readonly errors: string[];
  readonly warnings: string[];
}

type Resources = Record<string, string | Record<string, string>>;

function substitute(key: string, ctx: TokenDiffContext): string {
  return key.replaceAll('{zone_id}', ctx.zoneId).replaceAll('{account_id}', ctx.accountId);
}

function resolveResources(resources: Resources, ctx: TokenDiffContext): Resources {
  const out: Resources = {};
  for (const [k, v] of Object.entries(resources)) {
    out[substitute(k, ctx)] =
      typeof v === 'string' ? v : Object.fromEntries(Object.entries(v).map(([ik, iv]) => [substitute(ik, ctx), iv]));
  }
  return out;
}

function canonicalCidrs(list: readonly string[] | undefined): string[] {
  return (list ?? [])
    .map((c) => {
      const [addr, bits] = c.split('/');
      return bits === undefined ? canonicalAddress(addr) : `${canonicalAddress(addr)}/${bits}`;
    })
    .sort();
}

/**
 * Timestamps compared as instants, shown as `YYYY-MM-DDThh:mm:ssZ`. (Date here only parses and
 * formats the given strings: it never reads the clock, so the core stays pure.)
 */
function time(value: string | null | undefined): string | null {
  if (value === undefined || value === null || value === '') return null;
  const t = Date.parse(value);
  return Number.isNaN(t) ? value : new Date(t).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

interface ComparableToken {
  policies: CanonicalPolicy[];
  not_before: string | null;
  expires_on: string | null;
  condition: { in: string[]; not_in: string[] };
}

function liveIp(condition: Readonly<Record<string, unknown>> | undefined): { in?: string[]; not_in?: string[] } {
  const ip = (condition?.['request.ip'] ?? condition?.request_ip) as { in?: string[]; not_in?: string[] } | undefined;
  return ip ?? {};
}

function comparable(
  policies: unknown,
  notBefore: string | null | undefined,
  expiresOn: string | null | undefined,
  ip: { in?: string[]; not_in?: string[] },
): ComparableToken {
  return {
    policies: canonicalPolicies(policies),
    not_before: time(notBefore),
    expires_on: time(expiresOn),
    condition: { in: canonicalCidrs(ip.in), not_in: canonicalCidrs(ip.not_in) },
  };
}

/**
 * Desired token specs vs live tokens of one owner (the user's, or with `ctx.accountOwned` the
 * account's), matched by name. Tokens the file does not list are left alone (they may be used
 * elsewhere). Bodies never hold a secret.
 */
export function diffTokens(desired: readonly TokenSpec[], live: readonly LiveToken[], ctx: TokenDiffContext): TokenDiff {
  const owner = ctx.accountOwned === true ? { accountId: ctx.accountId } : {};
  const collection = tokensCollection(owner.accountId);
  const catalogue = ctx.accountOwned === true ? `GET ${collection}/permission_groups` : 'GET /user/tokens/permission_groups';
  const errors: string[] = [];
  const warnings: string[] = [];
  const changes: TokenChange[] = [];
  const groupsByName = new Map(ctx.permissionGroups.map((g) => [g.name.toLowerCase(), g.id]));
  const knownIds = new Set(ctx.permissionGroups.map((g) => g.id));

  for (const spec of desired) {
    const policies = spec.policies.map((p, pi) => ({
      effect: p.effect,
      resources: resolveResources(p.resources, ctx),
      permission_groups: p.permission_groups.flatMap((g, gi) => {
        const id = g.id ?? (g.name !== undefined ? groupsByName.get(g.name.toLowerCase()) : undefined);
        if (id === undefined || (g.id !== undefined && ctx.permissionGroups.length > 0 && !knownIds.has(g.id))) {
          errors.push(
            `${spec.path}.policies[${pi}].permission_groups[${gi}]: unknown permission group ${JSON.stringify(g.name ?? g.id)} (see ${catalogue})`,
          );
          return [];
        }
        return [{ id }];
      }),
    }));
    const ip = spec.condition?.request_ip;
    const body: Record<string, unknown> = {
      name: spec.name,
      policies,
      ...(spec.not_before !== undefined ? { not_before: spec.not_before } : {}),
      ...(spec.expires_on !== undefined ? { expires_on: spec.expires_on } : {}),
      ...(ip !== undefined
        ? { condition: { 'request.ip': { ...(ip.in ? { in: ip.in } : {}), ...(ip.not_in ? { not_in: ip.not_in } : {}) } } }
        : {}),
    };
    const want = comparable(policies, spec.not_before, spec.expires_on, ip ?? {});
    const matches = live.filter((t) => t.name === spec.name);
    if (matches.length > 1) {
      warnings.push(
        `token ${JSON.stringify(spec.name)}: ${matches.length} live tokens have this name; zonectl leaves them alone (rename or delete the extras)`,
      );
      continue;
    }
    const current = matches[0];
    if (current === undefined) {
      changes.push({
        kind: 'token',
        action: 'create',
        method: 'POST',
        path: collection,
        ...owner,
        name: spec.name,
        body,
        after: body,
        fields: [],
      });
      continue;
    }
    const have = comparable(current.policies ?? [], current.not_before, current.expires_on, liveIp(current.condition));
    const fields = (Object.keys(want) as Array<keyof ComparableToken>).filter((k) => !equal(want[k], have[k]));
    if (fields.length === 0) continue;
    changes.push({
      kind: 'token',
      action: 'update',
      method: 'PUT',
      path: `${collection}/${current.id}`,
      ...owner,
      tokenId: current.id,
      name: spec.name,
      body: { ...body, status: current.status === 'disabled' ? 'disabled' : 'active' },
      before: Object.fromEntries(fields.map((f) => [f, have[f]])),
      after: Object.fromEntries(fields.map((f) => [f, want[f]])),
      fields,
    });
  }
  return { changes, errors, warnings };
}
