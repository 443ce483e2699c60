/**
 * /user/tokens endpoints. The secret `value` appears only in the create response and in the
 * roll response; it is never stored (only its SHA-256) and never appears in an error.
 * Literal paths (verify, permission_groups) come before `:token_id` in the returned array.
 */
import { type Policy, type ResultInfo, type Route, type RouteContext, type Store, type TokenRow, apiError } from '../contract.js';
import { invalidTokenRequest, ipRefused, tokenNotFound, verifyNeedsBearer } from './errors.js';
import { PERMISSIONS, renderPermissionGroups } from './permission-groups.js';
import { effectiveStatus, ipAllowed } from './policy-evaluator.js';
import { renderToken, tokenTimestamp } from './token-render.js';
import { generateId, generateTokenValue, hashTokenValue } from './token-secret.js';
import { TOKENS_PER_USER_MAX, validateTokenBody, type TokenInput } from './token-validation.js';

type PermissionCtx = Omit<RouteContext, 'authorize' | 'can'>;

function onUser(permission: string) {
  return (ctx: PermissionCtx) => ({ permission, resource: { kind: 'user' as const, userId: ctx.principal.user.id } });
}

function tokensOf(store: Store, userId: string): TokenRow[] {
  return store.values<TokenRow>('tokens').filter((t) => t.user_id === userId);
}

function ownToken(ctx: RouteContext): TokenRow {
  const row = ctx.store.get<TokenRow>('tokens', ctx.params.token_id ?? '');
  if (!row || row.user_id !== ctx.principal.user.id) throw tokenNotFound();
  return row;
}

function withPolicyIds(policies: TokenInput['policies'], keep: ReadonlySet<string>): Policy[] {
  return policies.map((p) => ({
    id: p.id !== undefined && keep.has(p.id) ? p.id : generateId(),
    effect: p.effect,
    resources: p.resources,
    permission_groups: p.permission_groups,
  }));
}

function applyInput(row: TokenRow, input: TokenInput, policies: Policy[]): TokenRow {
  const next: TokenRow = {
    id: row.id,
    user_id: row.user_id,
    name: input.name,
    status: input.status ?? (row.status === 'disabled' ? 'disabled' : 'active'),
    issued_on: row.issued_on,
    modified_on: row.modified_on,
    last_used_on: row.last_used_on ?? null,
    policies,
    value_hash: row.value_hash,
  };
  if (input.not_before !== undefined) next.not_before = input.not_before;
  if (input.expires_on !== undefined) next.expires_on = input.expires_on;
  if (input.condition !== undefined) next.condition = input.condition;
  return next;
}

function parsePaging(query: URLSearchParams): { page: number; perPage: number; direction: 'asc' | 'desc' } {
  const problems: string[] = [];
  const int = (name: string, def: number, min: number, max: number): number => {
    const raw = query.get(name);
    if (raw === null || raw === '') return def;
    const n = Number(raw);
    if (!Number.isInteger(n) || n < min || n > max) {
      problems.push(`${name} must be an integer from ${min} to ${max === Number.MAX_SAFE_INTEGER ? 'up' : max}`);
      return def;
    }
    return n;
  };
  const page = int('page', 1, 1, Number.MAX_SAFE_INTEGER);
  const perPage = int('per_page', 20, 5, 50);
  const dir = query.get('direction') ?? 'asc';
  if (dir !== 'asc' && dir !== 'desc') problems.push('direction must be "asc" or "desc"');
  if (problems.length > 0) throw invalidTokenRequest(problems);
  return { page, perPage, direction: dir === 'desc' ? 'desc' : 'asc' };
}

export function tokenRoutes(): Route[] {
  return [
    {
      method: 'GET',
      path: '/user/tokens/verify',
      // Any valid token may verify itself; the IP condition is checked here (no permission need).
      handle(ctx) {
        if (ctx.principal.kind !== 'token') throw verifyNeedsBearer();
        const token = ctx.principal.token;
        if (!ipAllowed(token, ctx.clientIp)) throw ipRefused(ctx.clientIp);
        const result: { id: string; status: TokenRow['status']; not_before?: string; expires_on?: string } = {
          id: token.id,
          status: effectiveStatus(token, ctx.now),
        };
        if (token.not_before !== undefined) result.not_before = token.not_before;
        if (token.expires_on !== undefined) result.expires_on = token.expires_on;
        return { result, messages: [{ code: 10000, message: 'This API Token is valid and active', type: null }] };
      },
    },
    {
      method: 'GET',
      path: '/user/tokens/permission_groups',
      permission: onUser(PERMISSIONS.tokenRead),
      handle() {
        const groups = renderPermissionGroups();
        return {
          result: groups,
          result_info: { page: 1, per_page: groups.length, count: groups.length, total_count: groups.length, total_pages: 1 },
        };
      },
    },
    {
      method: 'GET',
      path: '/user/tokens',
      permission: onUser(PERMISSIONS.tokenList),
      handle(ctx) {
        const { page, perPage, direction } = parsePaging(ctx.query);
        const all = tokensOf(ctx.store, ctx.principal.user.id);
        if (direction === 'desc') all.reverse();
        const slice = all.slice((page - 1) * perPage, page * perPage);
        const info: ResultInfo = {
          page,
          per_page: perPage,
          count: slice.length,
          total_count: all.length,
          total_pages: Math.max(1, Math.ceil(all.length / perPage)),
        };
        return { result: slice.map((t) => renderToken(t, ctx.now)), result_info: info };
      },
    },
    {
      method: 'POST',
      path: '/user/tokens',
      permission: onUser(PERMISSIONS.tokenCreate),
      handle(ctx) {
        const userId = ctx.principal.user.id;
        const v = validateTokenBody(ctx.body, { mode: 'create', callerUserId: userId });
        if (!v.ok) throw invalidTokenRequest(v.problems);
        if (tokensOf(ctx.store, userId).length >= TOKENS_PER_USER_MAX) {
          throw apiError(400, 1001, `A user may hold at most ${TOKENS_PER_USER_MAX} API tokens; delete one first`);
        }
        const value = generateTokenValue();
        const stamp = tokenTimestamp(ctx.now);
        const base: TokenRow = {
          id: generateId(),
          user_id: userId,
          name: v.input.name,
          status: 'active',
          issued_on: stamp,
          modified_on: stamp,
          last_used_on: null,
          policies: [],
          value_hash: hashTokenValue(value),
        };
        const row = applyInput(base, v.input, withPolicyIds(v.input.policies, new Set()));
        ctx.store.put('tokens', row.id, row);
        return { result: { ...renderToken(row, ctx.now), value } };
      },
    },
    {
      method: 'GET',
      path: '/user/tokens/:token_id',
      permission: onUser(PERMISSIONS.tokenRead),
      handle(ctx) {
        return { result: renderToken(ownToken(ctx), ctx.now) };
      },
    },
    {
      method: 'PUT',
      path: '/user/tokens/:token_id',
      permission: onUser(PERMISSIONS.tokenUpdate),
      handle(ctx) {
        const row = ownToken(ctx);
        const v = validateTokenBody(ctx.body, { mode: 'update', callerUserId: ctx.principal.user.id });
        if (!v.ok) throw invalidTokenRequest(v.problems);
        const keep = new Set(row.policies.map((p) => p.id));
        const next = applyInput(row, v.input, withPolicyIds(v.input.policies, keep));
        next.modified_on = tokenTimestamp(ctx.now);
        ctx.store.put('tokens', next.id, next);
        return { result: renderToken(next, ctx.now) };
      },
    },
    {
      method: 'DELETE',
      path: '/user/tokens/:token_id',
      permission: onUser(PERMISSIONS.tokenDelete),
      handle(ctx) {
        const row = ownToken(ctx);
        ctx.store.delete('tokens', row.id);
        return { result: { id: row.id } };
      },
    },
    {
      method: 'PUT',
      path: '/user/tokens/:token_id/value',
      permission: onUser(PERMISSIONS.tokenUpdate),
      handle(ctx) {
        const row = ownToken(ctx);
        const value = generateTokenValue();
        ctx.store.put('tokens', row.id, { ...row, value_hash: hashTokenValue(value), modified_on: tokenTimestamp(ctx.now) });
        return { result: value };
      },
    },
  ];
}
