/**
 * /user/tokens endpoints. The secret `value` appears only in the create response and in the
 * roll response; it is never stored (only its SHA-256) and never appears in an error.
 * Literal paths (verify, permission_groups) come before `:token_id` in the returned array.
 * Account-owned tokens (./account-token-routes.ts) are not the user's: these routes never list,
 * read or change them, and `verify` refuses them (401, as the live API does: "the user-scoped
 * `GET /user/tokens/verify` endpoint ... returns 401 for account-owned tokens",
 * https://github.com/benvinegar/counterscale/pull/268).
 */
import { apiError, type Route, type RouteContext, type Store, type TokenRow } from '../contract.js';
import { invalidTokenRequest, ipRefused, tokenNotFound, verifyNeedsBearer } from './errors.js';
import { PERMISSIONS, renderPermissionGroups } from './permission-groups.js';
import { effectiveStatus, ipAllowed } from './policy-evaluator.js';
import { renderToken } from './token-render.js';
import { applyInput, newTokenRow, rolledRow, tokenPage, withPolicyIds } from './token-rows.js';
import { tokenTimestamp } from './token-render.js';
import { TOKENS_PER_USER_MAX, validateTokenBody } from './token-validation.js';

type PermissionCtx = Omit<RouteContext, 'authorize' | 'can'>;

function onUser(permission: string) {
  return (ctx: PermissionCtx) => ({ permission, resource: { kind: 'user' as const, userId: ctx.principal.user.id } });
}

function tokensOf(store: Store, userId: string): TokenRow[] {
  return store.values<TokenRow>('tokens').filter((t) => t.user_id === userId && t.account_id === undefined);
}

function ownToken(ctx: RouteContext): TokenRow {
  const row = ctx.store.get<TokenRow>('tokens', ctx.params.token_id ?? '');
  if (!row || row.user_id !== ctx.principal.user.id || row.account_id !== undefined) throw tokenNotFound();
  return row;
}

/** `GET .../tokens/verify`: the calling token's id, status and validity window. */
export function verifyAnswer(token: TokenRow, ctx: RouteContext) {
  if (!ipAllowed(token, ctx.clientIp)) throw ipRefused(ctx.clientIp);
  const result: { id: string; status: TokenRow['status']; not_before?: string; expires_on?: string } = {
    id: token.id,
    status: effectiveStatus(token, ctx.now),
  };
  if (token.not_before !== undefined) result.not_before = token.not_before;
  if (token.expires_on !== undefined) result.expires_on = token.expires_on;
  return { result, messages: [{ code: 10000, message: 'This API Token is valid and active', type: null }] };
}

/** A token verified at the other kind's endpoint (the code and message are the emulator's). */
export function wrongVerifyEndpoint(): never {
  throw apiError(401, 1000, 'Invalid API Token');
}

export function tokenRoutes(): Route[] {
  return [
    {
      method: 'GET',
      path: '/user/tokens/verify',
      // Any valid token may verify itself; the IP condition is checked here (no permission need).
      handle(ctx) {
        if (ctx.principal.kind !== 'token') throw verifyNeedsBearer();
        if (ctx.principal.token.account_id !== undefined) wrongVerifyEndpoint();
        return verifyAnswer(ctx.principal.token, ctx);
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
        return tokenPage(tokensOf(ctx.store, ctx.principal.user.id), ctx.query, ctx.now);
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
        const { row, value } = newTokenRow(v.input, { userId }, ctx.now);
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
        const { row, value } = rolledRow(ownToken(ctx), ctx.now);
        ctx.store.put('tokens', row.id, row);
        return { result: value };
      },
    },
  ];
}
