/** The seeded user and its first token (every permission on the user, the account and its zones: src/emulator/README.md). */
import type { Policy, Store, TokenRow, UserRow } from '../contract.js';
import { PERMISSION_GROUPS, type GroupScope } from './permission-groups.js';
import { tokenTimestamp } from './token-render.js';
import { API_KEY_FORMAT, BEARER_VALUE, EMAIL_FORMAT, generateId, hashTokenValue } from './token-secret.js';

export interface SeedIdentityOptions {
  userEmail: string;
  apiKey: string;
  tokenValue: string;
  accountId: string;
  /** The user tag; when absent, the stored user with this email (or a new id). */
  userId?: string;
  /** The account's zones at start-up; the token's policy covers every zone of the account, these and later ones. */
  zoneIds: string[];
  now: Date;
}

export const SEED_TOKEN_NAME = 'zonectl emulator token';

function groupsOf(scope: GroupScope): Policy['permission_groups'] {
  return PERMISSION_GROUPS.filter((g) => g.scopes.includes(scope)).map((g) => ({ id: g.id, name: g.name }));
}

/** Every permission group, each on the resources of its scope. */
export function fullAccessPolicies(userId: string, accountId: string): Policy[] {
  return [
    {
      id: generateId(),
      effect: 'allow',
      resources: { [`com.cloudflare.api.user.${userId}`]: '*' },
      permission_groups: groupsOf('com.cloudflare.api.user'),
    },
    {
      id: generateId(),
      effect: 'allow',
      resources: { [`com.cloudflare.api.account.${accountId}`]: '*' },
      permission_groups: groupsOf('com.cloudflare.api.account'),
    },
    {
      id: generateId(),
      effect: 'allow',
      resources: { [`com.cloudflare.api.account.${accountId}`]: { 'com.cloudflare.api.account.zone.*': '*' } },
      permission_groups: groupsOf('com.cloudflare.api.account.zone'),
    },
  ];
}

/**
 * Stores the user (created, or updated to these credentials) and the first token. Idempotent:
 * a token with the same value already stored (a restart on the same state) is kept as it is.
 * Throws an Error naming the bad option when a credential has the wrong format (never its value).
 */
export function seedIdentity(store: Store, opts: SeedIdentityOptions): void {
  if (!EMAIL_FORMAT.test(opts.userEmail)) throw new Error('emulator: the user email is not an email address');
  if (!API_KEY_FORMAT.test(opts.apiKey)) {
    throw new Error("emulator: the API key must be 37 hexadecimal characters (the form of the service's Global API Key)");
  }
  if (!BEARER_VALUE.test(opts.tokenValue)) {
    throw new Error('emulator: the token value may only hold letters, digits and - . _ ~ + / (40 URL-safe characters is the usual form)');
  }
  const userId =
    opts.userId ?? store.values<UserRow>('users').find((u) => u.email.toLowerCase() === opts.userEmail.toLowerCase())?.id ?? generateId();
  const existing = store.get<UserRow>('users', userId);
  if (!existing || existing.email !== opts.userEmail || existing.api_key !== opts.apiKey) {
    store.put<UserRow>('users', userId, { id: userId, email: opts.userEmail, api_key: opts.apiKey });
  }
  const hash = hashTokenValue(opts.tokenValue);
  if (store.values<TokenRow>('tokens').some((t) => t.value_hash === hash)) return;
  const stamp = tokenTimestamp(opts.now);
  const token: TokenRow = {
    id: generateId(),
    user_id: userId,
    name: SEED_TOKEN_NAME,
    status: 'active',
    issued_on: stamp,
    modified_on: stamp,
    last_used_on: null,
    policies: fullAccessPolicies(userId, opts.accountId),
    value_hash: hash,
  };
  store.put('tokens', token.id, token);
}
