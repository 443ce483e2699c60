/**
 * A token create whose answer was lost. The token's secret is in that answer only, so a token
 * found afterwards is rolled to learn a value — but only when it is provably the one this apply
 * created: never someone else's.
 */
import equal from 'fast-deep-equal';
import { canonicalPolicies } from '../core/diff/token-policies.js';
import { ZonectlError } from '../core/errors.js';
import type { TokenOperation } from '../core/plan/operation.js';
import { readTokens } from './live.js';
import { stillUnknown, type RecoveryContext } from './outcome.js';

/** Clock difference allowed between this machine and the service when reading `issued_on`. */
export const TOKEN_CLOCK_SKEW_MS = 60_000;

/** A token exists under the name, but nothing proves this apply created it. */
export class UnprovenTokenError extends ZonectlError {
  /** `collection`: /user/tokens, or an account's /accounts/{account_id}/tokens. */
  constructor(name: string, count: number, collection = '/user/tokens') {
    super(
      'OUTCOME_UNKNOWN',
      `POST ${collection}: outcome unknown: ${count === 1 ? 'a token' : `${count} tokens`} named ${JSON.stringify(name)} exist${count === 1 ? 's' : ''} that zonectl cannot prove it created (issued before this apply started, or with other policies); check ${count === 1 ? 'it' : 'them'} and roll by hand (PUT ${collection}/{id}/value) if ${count === 1 ? 'it is' : 'one is'} yours`,
    );
  }
}

/**
 * Looks for the token a lost create made. None of the name: undefined (re-send). One issued at
 * or after the apply started (less the clock skew allowed) with the policies sent (compared in
 * the canonical form the token diff uses): rolled, and its new value returned. A same-named
 * token that cannot be proven ours is never rolled: UnprovenTokenError.
 */
export async function findCreatedToken(
  ctx: RecoveryContext,
  op: Extract<TokenOperation, { action: 'create' }>,
  unknown: unknown,
): Promise<unknown> {
  let all: Awaited<ReturnType<typeof readTokens>>;
  try {
    // The collection the create went to: the user's, or the account's (op.accountId).
    all = await readTokens(ctx.client, op.accountId);
  } catch (err) {
    throw stillUnknown(op.method, op.path, err, unknown);
  }
  const tokens = all.filter((t) => t.name === op.name);
  if (tokens.length === 0) return undefined;
  const since = ctx.startedAt - TOKEN_CLOCK_SKEW_MS;
  const wantPolicies = canonicalPolicies(op.body.policies);
  const ours = tokens.filter((t) => {
    const issued = typeof t.issued_on === 'string' ? Date.parse(t.issued_on) : Number.NaN;
    return !Number.isNaN(issued) && issued >= since && equal(canonicalPolicies(t.policies), wantPolicies);
  });
  const existing = ours[0];
  if (ours.length !== 1 || existing === undefined) throw new UnprovenTokenError(op.name, tokens.length, op.path);
  const value = await ctx.send<unknown>('PUT', `${op.path}/${existing.id}/value`, {});
  return typeof value === 'string' ? { id: existing.id, value } : value;
}
