/**
 * Account-owned API tokens, `/accounts/{account_id}/tokens` (the official SDK's
 * `accounts.tokens`: create, list, get, update (PUT replaces), delete, verify, `value` (roll),
 * `permission_groups`; https://developers.cloudflare.com/api/resources/accounts/subresources/tokens/).
 * Bodies and answers are the user tokens' (./token-validation.ts, ./token-render.ts); the secret
 * is in the create and roll answers only. Each route needs its `com.cloudflare.api.account.token.*`
 * permission on the account (Account API Tokens Read or Write). An account holds at most 500
 * ("Account API token quota 500", https://developers.cloudflare.com/fundamentals/api/reference/limits/).
 * `verify` answers for a token of this account only (a user token: 401, the emulator's reading of
 * the two verify endpoints).
 */
import {
  ApiError,
  apiError,
  type AccountRow,
  type Route,
  type RouteContext,
  type Store,
  type TokenRow,
  type ZoneRow,
} from '../contract.js';
import { invalidTokenRequest, tokenNotFound, verifyNeedsBearer } from './errors.js';
import { PERMISSIONS, renderPermissionGroups } from './permission-groups.js';
import { renderToken, tokenTimestamp } from './token-render.js';
import { applyInput, newTokenRow, rolledRow, tokenPage, withPolicyIds } from './token-rows.js';
import { verifyAnswer, wrongVerifyEndpoint } from './token-routes.js';
import { TOKENS_PER_ACCOUNT_MAX, validateTokenBody } from './token-validation.js';

type PermissionCtx = Omit<RouteContext, 'authorize' | 'can'>;

function accountIdOf(ctx: Pick<RouteContext, 'params' | 'store'>): string {
  const accountId = ctx.params.account_id ?? '';
  const known =
    ctx.store.get<AccountRow>('accounts', accountId) !== undefined ||
    ctx.store.values<ZoneRow>('zones').some((z) => z.account_id === accountId);
  if (!known) {
    throw new ApiError(404, [
      { code: 7003, message: `Could not route to /client/v4/accounts/${accountId}/tokens, perhaps your object identifier is invalid?` },
    ]);
  }
  return accountId;
}

function onAccount(permission: string) {
  return (ctx: PermissionCtx) => ({ permission, resource: { kind: 'account' as const, accountId: accountIdOf(ctx) } });
}

function tokensOf(store: Store, accountId: string): TokenRow[] {
  return store.values<TokenRow>('tokens').filter((t) => t.account_id === accountId);
}

function accountToken(ctx: RouteContext): TokenRow {
  const row = ctx.store.get<TokenRow>('tokens', ctx.params.token_id ?? '');
  if (!row || row.account_id !== accountIdOf(ctx)) throw tokenNotFound();
  return row;
}

export function accountTokenRoutes(): Route[] {
  const base = '/accounts/:account_id/tokens';
  return [
    {
      method: 'GET',
      path: `${base}/verify`,
      handle(ctx) {
        if (ctx.principal.kind !== 'token') throw verifyNeedsBearer();
        if (ctx.principal.token.account_id !== accountIdOf(ctx)) wrongVerifyEndpoint();
        return verifyAnswer(ctx.principal.token, ctx);
      },
    },
    {
      method: 'GET',
      path: `${base}/permission_groups`,
      permission: onAccount(PERMISSIONS.accountTokenRead),
      handle() {
        const groups = renderPermissionGroups(true);
        return {
          result: groups,
          result_info: { page: 1, per_page: groups.length, count: groups.length, total_count: groups.length, total_pages: 1 },
        };
      },
    },
    {
      method: 'GET',
      path: base,
      permission: onAccount(PERMISSIONS.accountTokenList),
      handle(ctx) {
        return tokenPage(tokensOf(ctx.store, accountIdOf(ctx)), ctx.query, ctx.now);
      },
    },
    {
      method: 'POST',
      path: base,
      permission: onAccount(PERMISSIONS.accountTokenCreate),
      handle(ctx) {
        const accountId = accountIdOf(ctx);
        const v = validateTokenBody(ctx.body, { mode: 'create', callerUserId: ctx.principal.user.id, ownerAccountId: accountId });
        if (!v.ok) throw invalidTokenRequest(v.problems);
        if (tokensOf(ctx.store, accountId).length >= TOKENS_PER_ACCOUNT_MAX) {
          throw apiError(400, 1001, `An account may hold at most ${TOKENS_PER_ACCOUNT_MAX} API tokens; delete one first`);
        }
        const { row, value } = newTokenRow(v.input, { userId: ctx.principal.user.id, accountId }, ctx.now);
        ctx.store.put('tokens', row.id, row);
        return { result: { ...renderToken(row, ctx.now), value } };
      },
    },
    {
      method: 'GET',
      path: `${base}/:token_id`,
      permission: onAccount(PERMISSIONS.accountTokenRead),
      handle(ctx) {
        return { result: renderToken(accountToken(ctx), ctx.now) };
      },
    },
    {
      method: 'PUT',
      path: `${base}/:token_id`,
      permission: onAccount(PERMISSIONS.accountTokenUpdate),
      handle(ctx) {
        const row = accountToken(ctx);
        const v = validateTokenBody(ctx.body, { mode: 'update', callerUserId: ctx.principal.user.id, ownerAccountId: row.account_id! });
        if (!v.ok) throw invalidTokenRequest(v.problems);
        const next = applyInput(row, v.input, withPolicyIds(v.input.policies, new Set(row.policies.map((p) => p.id))));
        next.modified_on = tokenTimestamp(ctx.now);
        ctx.store.put('tokens', next.id, next);
        return { result: renderToken(next, ctx.now) };
      },
    },
    {
      method: 'DELETE',
      path: `${base}/:token_id`,
      permission: onAccount(PERMISSIONS.accountTokenDelete),
      handle(ctx) {
        const row = accountToken(ctx);
        ctx.store.delete('tokens', row.id);
        return { result: { id: row.id } };
      },
    },
    {
      method: 'PUT',
      path: `${base}/:token_id/value`,
      permission: onAccount(PERMISSIONS.accountTokenUpdate),
      handle(ctx) {
        const { row, value } = rolledRow(accountToken(ctx), ctx.now);
        ctx.store.put('tokens', row.id, row);
        return { result: value };
      },
    },
  ];
}
