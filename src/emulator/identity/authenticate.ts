/**
 * Credentials -> Principal. Bearer tokens are looked up by the SHA-256 of their value; the key
 * pair is X-Auth-Email + X-Auth-Key of a stored user. Statuses and codes: src/emulator/README.md.
 */
import { timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type { ApiErrorItem, Principal, Store, TokenRow, UserRow } from '../contract.js';
import { assertNever } from '../assert-never.js';
import {
  BAD_AUTHORIZATION,
  BAD_AUTH_EMAIL,
  BAD_AUTH_KEY,
  invalidAccessToken,
  invalidHeaders,
  ipRefused,
  missingCredentials,
  unknownKeyPair,
} from './errors.js';
import { checkTokenTime, ipAllowed, type TokenUsability } from './policy-evaluator.js';
import { API_KEY_FORMAT, BEARER_VALUE, EMAIL_FORMAT, hashTokenValue } from './token-secret.js';

function header(headers: IncomingHttpHeaders, name: string): string | undefined {
  const v = headers[name];
  if (Array.isArray(v)) return v[0];
  return v;
}

export function authenticate(headers: IncomingHttpHeaders, store: Store, now: Date, clientIp?: string): Principal {
  const authorization = header(headers, 'authorization');
  if (authorization !== undefined) return authenticateBearer(authorization, store, now, clientIp);
  const email = header(headers, 'x-auth-email');
  const key = header(headers, 'x-auth-key');
  if (email === undefined && key === undefined) throw missingCredentials();
  const chain: ApiErrorItem[] = [];
  if (email === undefined || !EMAIL_FORMAT.test(email)) chain.push(BAD_AUTH_EMAIL);
  if (key === undefined || !API_KEY_FORMAT.test(key)) chain.push(BAD_AUTH_KEY);
  if (chain.length > 0) throw invalidHeaders(chain);
  const user = findUserByKeyPair(store, email as string, key as string);
  if (!user) throw unknownKeyPair();
  return { kind: 'key', user };
}

/**
 * A token refused by its time window or its IP condition is refused before any route runs:
 * the live API answers 403 9109 "Cannot use the access token from location: <ip>" to the zones
 * list as to any other call (recorded in jeessy2/ddns-go issues #1273 and #1341).
 */
function authenticateBearer(authorization: string, store: Store, now: Date, clientIp: string | undefined): Principal {
  const m = /^Bearer (\S+)$/i.exec(authorization);
  if (!m || !BEARER_VALUE.test(m[1])) throw invalidHeaders([BAD_AUTHORIZATION]);
  const token = findTokenByValue(store, m[1]);
  if (!token) throw invalidAccessToken();
  const user = store.get<UserRow>('users', token.user_id);
  if (!user) throw invalidAccessToken();
  const usable = checkTokenTime(token, now);
  if (usable.kind !== 'usable') throw tokenUnusable(usable, token);
  if (clientIp !== undefined && !ipAllowed(token, clientIp)) throw ipRefused(clientIp);
  return { kind: 'token', user, token };
}

/** The error for a token that exists but cannot be used now. */
export function tokenUnusable(usable: Exclude<TokenUsability, { kind: 'usable' | 'ip-refused' }>, token: TokenRow) {
  switch (usable.kind) {
    case 'disabled':
      return invalidAccessToken('Invalid access token (the token is disabled)');
    case 'expired':
      return invalidAccessToken(
        token.expires_on
          ? `Invalid access token (the token expired on ${token.expires_on})`
          : 'Invalid access token (the token has expired)',
      );
    case 'not-yet-valid':
      return invalidAccessToken(`Invalid access token (the token is not valid before ${token.not_before ?? 'its not_before time'})`);
    default:
      return assertNever(usable, 'token state');
  }
}

export function findTokenByValue(store: Store, value: string): TokenRow | undefined {
  const hash = hashTokenValue(value);
  return store.values<TokenRow>('tokens').find((t) => t.value_hash === hash);
}

function findUserByKeyPair(store: Store, email: string, key: string): UserRow | undefined {
  const wanted = email.toLowerCase();
  const user = store.values<UserRow>('users').find((u) => u.email.toLowerCase() === wanted);
  if (!user) return undefined;
  const a = Buffer.from(user.api_key.toLowerCase(), 'utf8');
  const b = Buffer.from(key.toLowerCase(), 'utf8');
  return a.length === b.length && timingSafeEqual(a, b) ? user : undefined;
}
