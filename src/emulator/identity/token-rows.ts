/**
 * What the token routes share, user and account-owned alike: a new row, a body applied to a row
 * (policy ids kept on PUT), a page of a list. The secret is never stored (only its SHA-256).
 */
import type { Policy, ResultInfo, TokenRow } from '../contract.js';
import { invalidTokenRequest } from './errors.js';
import { renderToken, tokenTimestamp } from './token-render.js';
import { generateId, generateTokenValue, hashTokenValue } from './token-secret.js';
import type { TokenInput } from './token-validation.js';

export function withPolicyIds(policies: TokenInput['policies'], keep: ReadonlySet<string>): Policy[] {
  return policies.map((p) => ({
    id: p.id !== undefined && keep.has(p.id) ? p.id : generateId(),
    effect: p.effect,
    resources: p.resources,
    permission_groups: p.permission_groups,
  }));
}

export function applyInput(row: TokenRow, input: TokenInput, policies: Policy[]): TokenRow {
  const next: TokenRow = {
    id: row.id,
    user_id: row.user_id,
    ...(row.account_id !== undefined ? { account_id: row.account_id } : {}),
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

export function parsePaging(query: URLSearchParams): { page: number; perPage: number; direction: 'asc' | 'desc' } {
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

/** A new token from a validated body, and its secret (returned once, in the create answer). */
export function newTokenRow(input: TokenInput, owner: { userId: string; accountId?: string }, now: Date): { row: TokenRow; value: string } {
  const value = generateTokenValue();
  const stamp = tokenTimestamp(now);
  const base: TokenRow = {
    id: generateId(),
    user_id: owner.userId,
    ...(owner.accountId !== undefined ? { account_id: owner.accountId } : {}),
    name: input.name,
    status: 'active',
    issued_on: stamp,
    modified_on: stamp,
    last_used_on: null,
    policies: [],
    value_hash: hashTokenValue(value),
  };
  return { row: applyInput(base, input, withPolicyIds(input.policies, new Set())), value };
}

/** A page of `tokens` as the list endpoints answer it (`page`, `per_page` 5..50, `direction`). */
export function tokenPage(tokens: TokenRow[], query: URLSearchParams, now: Date): { result: unknown[]; result_info: ResultInfo } {
  const { page, perPage, direction } = parsePaging(query);
  const all = direction === 'desc' ? [...tokens].reverse() : tokens;
  const slice = all.slice((page - 1) * perPage, page * perPage);
  return {
    result: slice.map((t) => renderToken(t, now)),
    result_info: {
      page,
      per_page: perPage,
      count: slice.length,
      total_count: all.length,
      total_pages: Math.max(1, Math.ceil(all.length / perPage)),
    },
  };
}

/** The row with a new secret (a roll): the old one stops working at once. */
export function rolledRow(row: TokenRow, now: Date): { row: TokenRow; value: string } {
  const value = generateTokenValue();
  return { row: { ...row, value_hash: hashTokenValue(value), modified_on: tokenTimestamp(now) }, value };
}
