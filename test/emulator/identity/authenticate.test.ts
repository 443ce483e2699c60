import { describe, expect, it } from 'vitest';
import { ApiError, type TokenRow } from '../../../src/emulator/contract.js';
import { authenticate } from '../../../src/emulator/identity/authenticate.js';
import { seedIdentity } from '../../../src/emulator/identity/seed.js';
import { ACCOUNT_ID, USER, USER_ID, ZONE_ID, newStore, tokenRow } from './helpers.js';

const now = new Date('2025-06-01T12:00:00Z');
const VALUE = 'AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_Ab';

function setup() {
  const store = newStore();
  seedIdentity(store, {
    userEmail: USER.email,
    apiKey: USER.api_key,
    tokenValue: VALUE,
    accountId: ACCOUNT_ID,
    userId: USER_ID,
    zoneIds: [ZONE_ID],
    now,
  });
  return store;
}

function fail(headers: Record<string, string>, store = setup()) {
  try {
    authenticate(headers, store, now);
  } catch (e) {
    if (e instanceof ApiError) return { status: e.status, errors: e.errors };
    throw e;
  }
  throw new Error('expected refusal');
}

describe('authenticate', () => {
  it('finds a Bearer token by the hash of its value; the value itself is never stored', () => {
    const store = setup();
    const p = authenticate({ authorization: `Bearer ${VALUE}` }, store, now);
    expect(p.kind).toBe('token');
    expect(JSON.stringify(store.values('tokens'))).not.toContain(VALUE);
  });

  it('accepts the key pair of the seeded user', () => {
    const p = authenticate({ 'x-auth-email': USER.email.toUpperCase(), 'x-auth-key': USER.api_key }, setup(), now);
    expect(p).toEqual({ kind: 'key', user: USER });
  });

  it('missing credentials: 400 9106', () => {
    expect(fail({})).toEqual({
      status: 400,
      errors: [{ code: 9106, message: 'Missing X-Auth-Key, X-Auth-Email or Authorization headers' }],
    });
  });

  it('malformed Authorization: 400 6003 with 6111 in error_chain', () => {
    const expected = {
      status: 400,
      errors: [
        {
          code: 6003,
          message: 'Invalid request headers',
          error_chain: [{ code: 6111, message: 'Invalid format for Authorization header' }],
        },
      ],
    };
    for (const h of ['Bearer', 'Bearer ', `Bearer  ${VALUE}`, `Bearer ${VALUE} x`, 'Basic abc', `Bearer "${VALUE}"`, 'Bearer tökén']) {
      expect(fail({ authorization: h })).toEqual(expected);
    }
  });

  it('email without key, key without email, malformed key: 6003 with 6103 / 6102', () => {
    expect(fail({ 'x-auth-email': USER.email }).errors[0].error_chain).toEqual([
      { code: 6103, message: 'Invalid format for X-Auth-Key header' },
    ]);
    expect(fail({ 'x-auth-key': USER.api_key }).errors[0].error_chain).toEqual([
      { code: 6102, message: 'Invalid format for X-Auth-Email header' },
    ]);
    // A token given as X-Auth-Key (a common mistake) is a malformed key.
    expect(fail({ 'x-auth-email': USER.email, 'x-auth-key': VALUE }).errors[0].error_chain?.[0].code).toBe(6103);
  });

  it('unknown token: 403 9109; unknown key pair: 403 9103', () => {
    expect(fail({ authorization: `Bearer ${'z'.repeat(40)}` })).toEqual({
      status: 403,
      errors: [{ code: 9109, message: 'Invalid access token' }],
    });
    expect(fail({ 'x-auth-email': 'someone@example.com', 'x-auth-key': USER.api_key })).toEqual({
      status: 403,
      errors: [{ code: 9103, message: 'Unknown X-Auth-Key or X-Auth-Email' }],
    });
    expect(fail({ 'x-auth-email': USER.email, 'x-auth-key': 'f'.repeat(37) }).errors[0].code).toBe(9103);
  });

  it('expired, not yet valid, disabled tokens: 403 9109 saying why, without the value', () => {
    const store = setup();
    const other = 'Zz'.repeat(20);
    const put = (extra: Partial<TokenRow>) => store.put('tokens', 'x'.repeat(32), { ...tokenRow([], extra, other), id: 'x'.repeat(32) });
    put({ expires_on: '2025-01-01T00:00:00Z' });
    const e = fail({ authorization: `Bearer ${other}` }, store);
    expect(e.status).toBe(403);
    expect(e.errors[0]).toEqual({ code: 9109, message: 'Invalid access token (the token expired on 2025-01-01T00:00:00Z)' });
    put({ not_before: '2026-01-01T00:00:00Z' });
    expect(fail({ authorization: `Bearer ${other}` }, store).errors[0].message).toContain('not valid before 2026-01-01T00:00:00Z');
    put({ status: 'disabled' });
    expect(fail({ authorization: `Bearer ${other}` }, store).errors[0].message).toContain('disabled');
    expect(JSON.stringify(e)).not.toContain(other);
  });

  it('seedIdentity is idempotent, creates the user, and rejects malformed credentials without echoing them', () => {
    const store = setup();
    seedIdentity(store, { userEmail: USER.email, apiKey: USER.api_key, tokenValue: VALUE, accountId: ACCOUNT_ID, zoneIds: [], now });
    expect(store.size('tokens')).toBe(1);
    expect(store.values('users')).toEqual([USER]);
    expect(() =>
      seedIdentity(newStore(), {
        userEmail: USER.email,
        apiKey: 'secret key!',
        tokenValue: VALUE,
        accountId: ACCOUNT_ID,
        zoneIds: [],
        now,
      }),
    ).toThrow(/^(?!.*secret key!).*37 hexadecimal/);
  });
});
