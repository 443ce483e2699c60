/**
 * Account-owned API tokens on the emulator (issue 43, item 7): `/accounts/{account_id}/tokens`
 * as the official SDK calls it (create, list, get, update, roll, delete, verify,
 * permission_groups), apart from the user's tokens, with the account's quota of 500
 * (https://developers.cloudflare.com/fundamentals/api/reference/limits/).
 */
import { request } from 'undici';
import { describe, expect, it } from 'vitest';
import { startTestEmulator, type TestEmulator } from '../helpers.js';

const DNS_WRITE = '4755a26eedb94da69e1066d98aa820be';
const API_TOKENS_WRITE = '686d18d5ac6c441c867cbf6771e58a0a';
const ACCOUNT_TOKENS_WRITE = '5bc3f8b21c554832afc660159ab75fa4';

function body(emu: TestEmulator, name: string, extra: Record<string, unknown> = {}) {
  return {
    name,
    policies: [
      { effect: 'allow', permission_groups: [{ id: DNS_WRITE }], resources: { [`com.cloudflare.api.account.zone.${emu.zoneId}`]: '*' } },
    ],
    ...extra,
  };
}

async function withToken(emu: TestEmulator, value: string, path: string) {
  const res = await request(`${emu.baseUrl}${path}`, { headers: { authorization: `Bearer ${value}` } });
  return { status: res.statusCode, body: (await res.body.json()) as { result?: { id?: string }; errors?: Array<{ code: number }> } };
}

describe('/accounts/{account_id}/tokens', () => {
  it('create (value once), list, get, update, roll, delete; never among the user tokens', async () => {
    const emu = await startTestEmulator();
    const base = `/accounts/${emu.accountId}/tokens`;
    const created = await emu.call('POST', base, body(emu, 'ci'));
    expect(created.status).toBe(200);
    const { id, value } = created.body.result;
    expect(typeof value).toBe('string');
    expect((await emu.call('GET', base)).body.result.map((t: { name: string }) => t.name)).toEqual(['ci']);
    expect((await emu.call('GET', `${base}/${id}`)).body.result).not.toHaveProperty('value');
    // Not a user token: the user's list and paths do not know it.
    expect((await emu.call('GET', '/user/tokens')).body.result.map((t: { name: string }) => t.name)).not.toContain('ci');
    expect((await emu.call('GET', `/user/tokens/${id}`)).status).toBe(404);
    // The token works on the zone, and verifies at its account's endpoint only.
    expect((await withToken(emu, value, `/zones/${emu.zoneId}/dns_records`)).status).toBe(200);
    expect((await withToken(emu, value, `${base}/verify`)).body.result?.id).toBe(id);
    expect((await withToken(emu, value, '/user/tokens/verify')).status).toBe(401);
    const updated = await emu.call('PUT', `${base}/${id}`, body(emu, 'ci', { expires_on: '2099-01-01T00:00:00Z', status: 'active' }));
    expect(updated.status).toBe(200);
    expect(updated.body.result.expires_on).toBe('2099-01-01T00:00:00Z');
    const rolled = await emu.call('PUT', `${base}/${id}/value`, {});
    expect(typeof rolled.body.result).toBe('string');
    expect((await withToken(emu, value, `/zones/${emu.zoneId}/dns_records`)).status).toBe(403);
    expect((await withToken(emu, rolled.body.result, `/zones/${emu.zoneId}/dns_records`)).status).toBe(200);
    expect((await emu.call('DELETE', `${base}/${id}`)).body.result).toEqual({ id });
    expect((await emu.call('GET', base)).body.result).toEqual([]);
  });

  it("the account's catalogue has no user groups; user resources, other accounts and user groups are refused", async () => {
    const emu = await startTestEmulator();
    const base = `/accounts/${emu.accountId}/tokens`;
    const groups = (await emu.call('GET', `${base}/permission_groups`)).body.result as Array<{ id: string; scopes: string[] }>;
    expect(groups.some((g) => g.id === ACCOUNT_TOKENS_WRITE)).toBe(true);
    expect(groups.some((g) => g.scopes.includes('com.cloudflare.api.user'))).toBe(false);
    const refused = await emu.call('POST', base, {
      name: 'bad',
      policies: [
        {
          effect: 'allow',
          permission_groups: [{ id: API_TOKENS_WRITE }],
          resources: { [`com.cloudflare.api.account.${emu.accountId}`]: '*' },
        },
        { effect: 'allow', permission_groups: [{ id: DNS_WRITE }], resources: { 'com.cloudflare.api.account.*': '*' } },
      ],
    });
    expect(refused.status).toBe(400);
    const messages = refused.body.errors.map((e: { message: string }) => e.message).join('\n');
    expect(messages).toMatch(/"API Tokens Write" is a user's permission group/);
    expect(messages).toMatch(/outside account/);
  });

  it('an unknown account is 404; a token without Account API Tokens permission is refused', async () => {
    const emu = await startTestEmulator();
    expect((await emu.call('GET', '/accounts/0123456789abcdef0123456789abcdef/tokens')).status).toBe(404);
    const base = `/accounts/${emu.accountId}/tokens`;
    const { value } = (await emu.call('POST', base, body(emu, 'dns-only'))).body.result;
    expect((await withToken(emu, value, base)).status).toBe(403);
  });

  it('at most 500 tokens an account', async () => {
    const emu = await startTestEmulator();
    const base = `/accounts/${emu.accountId}/tokens`;
    for (let i = 0; i < 500; i += 1) expect((await emu.call('POST', base, body(emu, `t${i}`))).status).toBe(200);
    const over = await emu.call('POST', base, body(emu, 't500'));
    expect(over.status).toBe(400);
    expect(JSON.stringify(over.body.errors)).toMatch(/at most 500/);
    // The user's own quota is apart: a user token can still be created.
    expect((await emu.call('POST', '/user/tokens', body(emu, 'user-token'))).status).toBe(200);
  });
});
