/**
 * Live API tokens that no zone file of the run names. They are reported on every plan (a token
 * renamed in a file leaves its old name behind, still valid). With `manage.tokens: delete` the
 * ones whose names start with `manage.tokens_prefix` are deleted (DELETE /user/tokens/{id});
 * any other token is never deleted, whatever the file says. An account's tokens
 * (`/accounts/{account_id}/tokens`) are reported and deleted alike, for the accounts whose
 * account-owned tokens the run's files list (`owner: account`).
 *
 * `GET /user/tokens` lists `expires_on` and `last_used_on` for each token
 * (https://developers.cloudflare.com/api/python/resources/user/subresources/tokens/methods/list).
 */
import type { TokenChange } from './changes.js';
import { type LiveToken, tokensCollection } from './diff-tokens.js';

/** One live token no file names, as a plan reports it. */
export interface UnlistedToken {
  readonly id: string;
  readonly name: string;
  readonly status: string | null;
  readonly last_used_on: string | null;
  readonly expires_on: string | null;
  /** One line: `allow DNS Write on zone 023e...; deny ...`. */
  readonly policies: string;
  /** `delete` when this plan deletes it (`manage.tokens: delete` and the prefix matches). */
  readonly action: 'keep' | 'delete';
  /** Set on an account-owned token: its account. */
  readonly accountId?: string;
}

export interface UnlistedTokensInput {
  /** Token names of every zone file in the run. */
  readonly listedNames: ReadonlySet<string>;
  readonly live: readonly LiveToken[];
  readonly policy: 'keep' | 'delete';
  readonly prefix?: string;
  /** Set when `live` are an account's tokens (`/accounts/{accountId}/tokens`). */
  readonly accountId?: string;
}

export interface UnlistedTokens {
  readonly unlisted: readonly UnlistedToken[];
  readonly deletes: readonly TokenChange[];
}

/** `com.cloudflare.api.account.zone.ID` -> `zone ID`, `com.cloudflare.api.account.ID` -> `account ID`. */
function describeResource(key: string): string {
  const short = key.replace(/^com\.cloudflare\.api\./, '');
  if (short.startsWith('account.zone.')) return `zone ${short.slice('account.zone.'.length)}`;
  if (short.startsWith('account.')) return `account ${short.slice('account.'.length)}`;
  if (short.startsWith('user.')) return `user ${short.slice('user.'.length)}`;
  return short;
}

/** Permission groups named per policy in the summary (the rest are counted). */
const SHOWN_GROUPS = 3;

/** A one-line summary of a live token's policies. */
export function summarizePolicies(policies: LiveToken['policies']): string {
  if (policies === undefined || policies.length === 0) return 'no policies';
  return policies
    .map((p) => {
      const names = (p.permission_groups ?? []).map((g) => g.name ?? g.id);
      const shown =
        names.length > SHOWN_GROUPS ? `${names.slice(0, SHOWN_GROUPS).join(', ')} +${names.length - SHOWN_GROUPS} more` : names.join(', ');
      const groups = shown || 'no permission groups';
      const resources =
        Object.keys(p.resources ?? {})
          .map(describeResource)
          .join(', ') || 'no resources';
      return `${p.effect ?? 'allow'} ${groups} on ${resources}`;
    })
    .join('; ');
}

/** The unlisted tokens and, with `manage.tokens: delete`, the deletes of those under the prefix. */
export function unlistedTokens(input: UnlistedTokensInput): UnlistedTokens {
  const prefix = input.prefix;
  const deletable = (name: string): boolean =>
    input.policy === 'delete' && prefix !== undefined && prefix !== '' && name.startsWith(prefix);
  const owner = input.accountId !== undefined ? { accountId: input.accountId } : {};
  const unlisted: UnlistedToken[] = [];
  const deletes: TokenChange[] = [];
  const sorted = [...input.live]
    .filter((t) => !input.listedNames.has(t.name))
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const t of sorted) {
    const policies = summarizePolicies(t.policies);
    const action = deletable(t.name) ? 'delete' : 'keep';
    unlisted.push({
      id: t.id,
      name: t.name,
      status: t.status ?? null,
      last_used_on: t.last_used_on ?? null,
      expires_on: t.expires_on ?? null,
      policies,
      action,
      ...owner,
    });
    if (action === 'delete') {
      deletes.push({
        kind: 'token',
        action: 'delete',
        method: 'DELETE',
        path: `${tokensCollection(input.accountId)}/${t.id}`,
        ...owner,
        tokenId: t.id,
        name: t.name,
        before: { name: t.name, policies, expires_on: t.expires_on ?? null },
        fields: [],
      });
    }
  }
  return { unlisted, deletes };
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Days before expiry that a plan starts warning. */
export const TOKEN_EXPIRY_WARNING_DAYS = 30;

/**
 * Warnings for live tokens that expired or expire within 30 days of `now` (milliseconds since
 * the epoch, read by the caller: the core never reads the clock). Tokens a plan deletes are
 * left out.
 */
export function tokenExpiryWarnings(live: readonly LiveToken[], now: number, deleted: ReadonlySet<string> = new Set()): string[] {
  const out: string[] = [];
  for (const t of [...live].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
    if (deleted.has(t.id) || t.expires_on === undefined || t.expires_on === null || t.expires_on === '') continue;
    const at = Date.parse(t.expires_on);
    if (Number.isNaN(at)) continue;
    const day = new Date(at).toISOString().slice(0, 10);
    if (at <= now) {
      out.push(`token ${JSON.stringify(t.name)} expired on ${day}`);
    } else if (at - now <= TOKEN_EXPIRY_WARNING_DAYS * DAY_MS) {
      const days = Math.ceil((at - now) / DAY_MS);
      out.push(`token ${JSON.stringify(t.name)} expires on ${day} (in ${days} day${days === 1 ? '' : 's'})`);
    }
  }
  return out;
}
