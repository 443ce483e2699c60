/** /user/tokens over real HTTP against the emulator: CRUD, roll, verify, refusals, contract. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../../src/emulator/server.js';
import { GROUP } from './helpers.js';
import { ADMIN_TOKEN, API_KEY, EMAIL, call, start, type Answer } from './http-helpers.js';
import { OpenApiChecker } from './openapi-helper.js';

const spec = new OpenApiChecker('user-api-tokens.2024-08-06.openapi.json');
let emu: RunningEmulator;
const admin = { token: ADMIN_TOKEN };
/** Every answer seen, to check afterwards that no secret leaked outside create/roll. */
const seen: Array<{ what: string; answer: Answer }> = [];
const secrets: string[] = [ADMIN_TOKEN];

async function api(
  method: string,
  path: string,
  auth: Parameters<typeof call>[3],
  body?: unknown,
  what = `${method} ${path}`,
): Promise<Answer> {
  const a = await call(emu, method, path, auth, body);
  seen.push({ what, answer: a });
  return a;
}

function contract(path: string, method: string, a: Answer): void {
  const errors = spec.check(path, method, a.status < 400 ? '200' : '4XX', a.body);
  expect(errors, `${method} ${path} ${a.status}: ${a.text}`).toEqual([]);
}

function zonePolicy(zoneId: string, groups: string[], effect: 'allow' | 'deny' = 'allow') {
  return { effect, permission_groups: groups.map((id) => ({ id })), resources: { [`com.cloudflare.api.account.zone.${zoneId}`]: '*' } };
}

async function createToken(body: unknown): Promise<{ id: string; value: string; answer: Answer }> {
  const a = await api('POST', '/user/tokens', admin, body, 'create');
  expect(a.status, a.text).toBe(200);
  secrets.push(a.body.result.value);
  return { id: a.body.result.id, value: a.body.result.value, answer: a };
}

beforeAll(async () => {
  emu = await start();
});
afterAll(async () => {
  await emu?.close();
});

describe('token lifecycle over HTTP', () => {
  it('create returns the value once; get and list never show it', async () => {
    const zoneId = emu.zones[0].id;
    const body = {
      name: 'ci-dns',
      policies: [zonePolicy(zoneId, [GROUP.dnsWrite])],
      not_before: '2020-01-01T00:00:00Z',
      expires_on: '2099-01-01T00:00:00Z',
      condition: { 'request.ip': { in: ['127.0.0.0/8', '2001:db8::/32'], not_in: ['127.0.0.2/32'] } },
    };
    const { id, value, answer } = await createToken(body);
    contract('/user/tokens', 'POST', answer);
    expect(value).toMatch(/^[A-Za-z0-9_-]{40}$/);
    expect(answer.body.result).toMatchObject({
      name: 'ci-dns',
      status: 'active',
      not_before: '2020-01-01T00:00:00Z',
      expires_on: '2099-01-01T00:00:00Z',
      condition: { 'request.ip': { in: ['127.0.0.0/8', '2001:db8::/32'], not_in: ['127.0.0.2/32'] } },
    });
    expect(answer.body.result.policies[0]).toMatchObject({
      effect: 'allow',
      permission_groups: [{ id: GROUP.dnsWrite, name: 'DNS Write' }],
    });
    expect(answer.body.result.policies[0].id).toMatch(/^[0-9a-f]{32}$/);

    const got = await api('GET', `/user/tokens/${id}`, admin);
    contract('/user/tokens/{token_id}', 'GET', got);
    expect(got.body.result.id).toBe(id);
    expect(got.body.result).not.toHaveProperty('value');
    expect(got.text).not.toContain(value);

    const list = await api('GET', '/user/tokens?per_page=5', admin);
    contract('/user/tokens', 'GET', list);
    expect(list.body.result.map((t: { id: string }) => t.id)).toContain(id);
    expect(list.text).not.toContain(value);
    expect(list.body.result.every((t: object) => !('value' in t))).toBe(true);

    // The new token works for what it grants, from an allowed address.
    const records = await api('GET', `/zones/${zoneId}/dns_settings`, { token: value });
    expect(records.status, records.text).toBe(200);
  });

  it('accepts request_ip as an alias and answers in the documented form', async () => {
    const { answer } = await createToken({
      name: 'alias',
      policies: [zonePolicy(emu.zones[0].id, [GROUP.dnsRead])],
      condition: { request_ip: { in: ['127.0.0.1/32'] } },
    });
    expect(answer.body.result.condition).toEqual({ 'request.ip': { in: ['127.0.0.1/32'] } });
  });

  it('list pages with result_info; per_page 5..50; pages past the end are empty', async () => {
    for (let i = 0; i < 6; i += 1) await createToken({ name: `page-${i}`, policies: [zonePolicy(emu.zones[0].id, [GROUP.dnsRead])] });
    const p1 = await api('GET', '/user/tokens?per_page=5&page=1', admin);
    expect(p1.body.result).toHaveLength(5);
    const total = p1.body.result_info.total_count;
    expect(p1.body.result_info).toEqual({ page: 1, per_page: 5, count: 5, total_count: total, total_pages: Math.ceil(total / 5) });
    const past = await api('GET', `/user/tokens?per_page=5&page=${p1.body.result_info.total_pages + 1}`, admin);
    expect(past.status).toBe(200);
    expect(past.body.result).toEqual([]);
    const desc = await api('GET', '/user/tokens?per_page=50&direction=desc', admin);
    expect(desc.body.result[0].name).toBe('page-5');
    const bad = await api('GET', '/user/tokens?per_page=4', admin);
    expect(bad.status).toBe(400);
    contract('/user/tokens', 'GET', bad);
    expect(bad.body.errors[0].message).toMatch(/per_page must be an integer from 5 to 50/);
  });

  it('PUT replaces the token (and can disable it); policy ids are kept when sent back', async () => {
    const { id, value } = await createToken({
      name: 'to-update',
      policies: [zonePolicy(emu.zones[0].id, [GROUP.dnsRead])],
      expires_on: '2099-01-01T00:00:00Z',
    });
    const before = (await api('GET', `/user/tokens/${id}`, admin)).body.result;
    const put = await api('PUT', `/user/tokens/${id}`, admin, { ...before, name: 'updated', expires_on: undefined });
    contract('/user/tokens/{token_id}', 'PUT', put);
    expect(put.status, put.text).toBe(200);
    expect(put.body.result.name).toBe('updated');
    expect(put.body.result).not.toHaveProperty('expires_on');
    expect(put.body.result.policies[0].id).toBe(before.policies[0].id);
    expect(put.text).not.toContain(value);
    const disabled = await api('PUT', `/user/tokens/${id}`, admin, { name: 'updated', policies: before.policies, status: 'disabled' });
    expect(disabled.body.result.status).toBe('disabled');
    const use = await api('GET', '/user/tokens/verify', { token: value });
    expect(use.status).toBe(403);
    expect(use.body.errors[0].code).toBe(9109);
  });

  it('roll returns a new value (only there); the old value stops working', async () => {
    const { id, value } = await createToken({ name: 'to-roll', policies: [zonePolicy(emu.zones[0].id, [GROUP.dnsRead])] });
    const roll = await api('PUT', `/user/tokens/${id}/value`, admin, {}, 'roll');
    contract('/user/tokens/{token_id}/value', 'PUT', roll);
    expect(roll.status).toBe(200);
    const fresh = roll.body.result as string;
    secrets.push(fresh);
    expect(fresh).toMatch(/^[A-Za-z0-9_-]{40}$/);
    expect(fresh).not.toBe(value);
    expect((await api('GET', '/user/tokens/verify', { token: value })).status).toBe(403);
    const ok = await api('GET', '/user/tokens/verify', { token: fresh });
    expect(ok.body.result.id).toBe(id);
  });

  it('DELETE answers {id}; the token is gone', async () => {
    const { id, value } = await createToken({ name: 'to-delete', policies: [zonePolicy(emu.zones[0].id, [GROUP.dnsRead])] });
    const del = await api('DELETE', `/user/tokens/${id}`, admin);
    contract('/user/tokens/{token_id}', 'DELETE', del);
    expect(del.body.result).toEqual({ id });
    const again = await api('GET', `/user/tokens/${id}`, admin);
    expect(again.status).toBe(404);
    contract('/user/tokens/{token_id}', 'GET', again);
    expect((await api('GET', '/user/tokens/verify', { token: value })).body.errors[0]).toEqual({
      code: 9109,
      message: 'Invalid access token',
    });
  });

  it("verify answers the token's id and status with the service's message", async () => {
    const v = await api('GET', '/user/tokens/verify', admin);
    contract('/user/tokens/verify', 'GET', v);
    expect(v.status).toBe(200);
    expect(v.body.result).toEqual({ id: expect.stringMatching(/^[0-9a-f]{32}$/), status: 'active' });
    expect(v.body.messages).toEqual([{ code: 10000, message: 'This API Token is valid and active', type: null }]);
    const key = await api('GET', '/user/tokens/verify', { email: EMAIL, key: API_KEY });
    expect(key.status).toBe(400);
  });

  it('permission_groups lists the catalogue with scopes', async () => {
    const pg = await api('GET', '/user/tokens/permission_groups', admin);
    contract('/user/tokens/permission_groups', 'GET', pg);
    const byName = new Map(pg.body.result.map((g: { name: string; id: string; scopes: string[] }) => [g.name, g]));
    expect(byName.get('DNS Write')).toMatchObject({ id: GROUP.dnsWrite, scopes: ['com.cloudflare.api.account.zone'] });
    expect(byName.get('API Tokens Write')).toMatchObject({ id: GROUP.tokensWrite, scopes: ['com.cloudflare.api.user'] });
    expect(byName.has('Zone DNS Settings Write')).toBe(true);
  });

  it('a key-pair caller may create tokens', async () => {
    const a = await api(
      'POST',
      '/user/tokens',
      { email: EMAIL, key: API_KEY },
      { name: 'by-key', policies: [zonePolicy(emu.zones[0].id, [GROUP.dnsRead])] },
      'create',
    );
    expect(a.status, a.text).toBe(200);
    secrets.push(a.body.result.value);
  });
});

describe('token creation refusals', () => {
  it('validation errors are 400 with every problem listed', async () => {
    const a = await api('POST', '/user/tokens', admin, {
      name: 'x'.repeat(121),
      policies: [
        { effect: 'maybe', permission_groups: [{ id: 'nope' }], resources: { [`com.cloudflare.api.user.${'0'.repeat(32)}`]: '*' } },
      ],
      not_before: '2030-01-01T00:00:00Z',
      expires_on: '2029-01-01',
      condition: { 'request.ip': { in: ['192.0.2.1'] } },
    });
    expect(a.status).toBe(400);
    contract('/user/tokens', 'POST', a);
    const messages = a.body.errors.map((e: { message: string }) => e.message).join('\n');
    expect(messages).toMatch(/longer than 120/);
    expect(messages).toMatch(/effect must be "allow" or "deny"/);
    expect(messages).toMatch(/unknown permission group id "nope"/);
    expect(messages).toMatch(/names another user/);
    expect(messages).toMatch(/YYYY-MM-DDThh:mm:ssZ/);
    expect(messages).toMatch(/"192\.0\.2\.1\/32"/);
  });

  it('a token without API Tokens Write cannot create tokens (403 9109)', async () => {
    const { value } = await createToken({ name: 'dns-only', policies: [zonePolicy(emu.zones[0].id, [GROUP.dnsWrite])] });
    const a = await api(
      'POST',
      '/user/tokens',
      { token: value },
      { name: 'escalate', policies: [zonePolicy(emu.zones[0].id, [GROUP.dnsWrite])] },
    );
    expect(a.status).toBe(403);
    contract('/user/tokens', 'POST', a);
    expect(a.body.errors).toEqual([{ code: 9109, message: 'Unauthorized to access requested resource' }]);
    const r = await api('GET', '/user/tokens', { token: value });
    expect(r.status).toBe(403);
  });

  it('API Tokens Read lists but does not create', async () => {
    const { value } = await createToken({
      name: 'tokens-read',
      policies: [
        { effect: 'allow', permission_groups: [{ id: GROUP.tokensRead }], resources: { [`com.cloudflare.api.user.${ownUserId()}`]: '*' } },
      ],
    });
    expect((await api('GET', '/user/tokens', { token: value })).status).toBe(200);
    expect(
      (await api('POST', '/user/tokens', { token: value }, { name: 'n', policies: [zonePolicy(emu.zones[0].id, [GROUP.dnsRead])] })).status,
    ).toBe(403);
  });

  it('at most 50 tokens per user', async () => {
    const count = (await api('GET', '/user/tokens?per_page=50', admin)).body.result_info.total_count as number;
    for (let i = count; i < 50; i += 1) await createToken({ name: `fill-${i}`, policies: [zonePolicy(emu.zones[0].id, [GROUP.dnsRead])] });
    const over = await api('POST', '/user/tokens', admin, {
      name: 'one-too-many',
      policies: [zonePolicy(emu.zones[0].id, [GROUP.dnsRead])],
    });
    expect(over.status).toBe(400);
    expect(over.body.errors[0].message).toMatch(/at most 50/);
    // make room again for later tests
    const list = await api('GET', '/user/tokens?per_page=50&direction=desc', admin);
    for (const t of list.body.result.slice(0, 10)) await api('DELETE', `/user/tokens/${t.id}`, admin);
  });
});

function ownUserId(): string {
  return (emu.store.values('users')[0] as { id: string }).id;
}

describe('authentication and authorization refusals over HTTP', () => {
  const path = () => `/zones/${emu.zones[0].id}/dns_settings`;

  it('missing credentials: 400 9106', async () => {
    const a = await api('GET', path(), undefined);
    expect(a.status).toBe(400);
    expect(a.body).toEqual({
      success: false,
      errors: [{ code: 9106, message: 'Missing X-Auth-Key, X-Auth-Email or Authorization headers' }],
      messages: [],
      result: null,
    });
  });

  it('malformed Authorization: 400 6003/6111', async () => {
    const a = await api('GET', path(), { headers: { authorization: 'Bearer two words' } });
    expect(a.status).toBe(400);
    expect(a.body.errors[0]).toEqual({
      code: 6003,
      message: 'Invalid request headers',
      error_chain: [{ code: 6111, message: 'Invalid format for Authorization header' }],
    });
  });

  it('unknown token: 403 9109; unknown key pair: 403 9103', async () => {
    const a = await api('GET', path(), { token: 'Z'.repeat(40) });
    expect([a.status, a.body.errors[0].code]).toEqual([403, 9109]);
    const k = await api('GET', path(), { email: 'nobody@example.com', key: API_KEY });
    expect([k.status, k.body.errors[0].code]).toEqual([403, 9103]);
    const e = await api('GET', path(), { headers: { 'x-auth-email': EMAIL } });
    expect([e.status, e.body.errors[0].error_chain[0].code]).toEqual([400, 6103]);
  });

  it('expired and not-yet-valid tokens: 403', async () => {
    const zoneId = emu.zones[0].id;
    const expired = await createToken({
      name: 'expired',
      policies: [zonePolicy(zoneId, [GROUP.dnsRead])],
      expires_on: '2020-01-01T00:00:00Z',
    });
    expect(expired.answer.body.result.status).toBe('expired');
    const a = await api('GET', path(), { token: expired.value });
    expect([a.status, a.body.errors[0].code]).toEqual([403, 9109]);
    expect(a.body.errors[0].message).toMatch(/expired/);
    const later = await createToken({ name: 'later', policies: [zonePolicy(zoneId, [GROUP.dnsRead])], not_before: '2099-01-01T00:00:00Z' });
    const b = await api('GET', path(), { token: later.value });
    expect([b.status, b.body.errors[0].code]).toEqual([403, 9109]);
    expect(b.body.errors[0].message).toMatch(/not valid before/);
  });

  it('foreign client IP: 403 9109 naming the location (also on verify)', async () => {
    const t = await createToken({
      name: 'ip',
      policies: [zonePolicy(emu.zones[0].id, [GROUP.dnsRead])],
      condition: { 'request.ip': { in: ['10.0.0.0/8'] } },
    });
    const a = await api('GET', path(), { token: t.value });
    expect(a.status).toBe(403);
    expect(a.body.errors[0]).toEqual({ code: 9109, message: 'Cannot use the access token from location: 127.0.0.1' });
    expect((await api('GET', '/user/tokens/verify', { token: t.value })).status).toBe(403);
    const excluded = await createToken({
      name: 'ip-not-in',
      policies: [zonePolicy(emu.zones[0].id, [GROUP.dnsRead])],
      condition: { 'request.ip': { not_in: ['127.0.0.1/32'] } },
    });
    expect((await api('GET', path(), { token: excluded.value })).status).toBe(403);
  });

  it('a token refused by its IP condition or time window is refused at authentication on every route, the zones list included', async () => {
    // The live API answers the zones list with 403 9109 for a foreign location (jeessy2/ddns-go
    // issues #1273, #1341), not with an empty list.
    const zoneRead = [zonePolicy(emu.zones[0].id, [GROUP.dnsRead, GROUP.zoneRead])];
    const ip = await createToken({ name: 'ip-zones', policies: zoneRead, condition: { 'request.ip': { in: ['10.0.0.0/8'] } } });
    for (const p of ['/zones', '/zones?name=example.com&per_page=1', `/zones/${emu.zones[0].id}/dns_records`]) {
      const a = await api('GET', p, { token: ip.value });
      expect([p, a.status, a.body.errors[0]]).toEqual([
        p,
        403,
        { code: 9109, message: 'Cannot use the access token from location: 127.0.0.1' },
      ]);
    }
    const expired = await createToken({ name: 'expired-zones', policies: zoneRead, expires_on: '2020-01-01T00:00:00Z' });
    const e = await api('GET', '/zones', { token: expired.value });
    expect([e.status, e.body.errors[0].code]).toEqual([403, 9109]);
    const later = await createToken({ name: 'later-zones', policies: zoneRead, not_before: '2099-01-01T00:00:00Z' });
    const l = await api('GET', '/zones?name=example.com', { token: later.value });
    expect([l.status, l.body.errors[0].code]).toEqual([403, 9109]);
    // The same token from an allowed address lists the zone.
    const local = await createToken({ name: 'ip-local', policies: zoneRead, condition: { 'request.ip': { in: ['127.0.0.0/8'] } } });
    const ok = await api('GET', '/zones?name=example.com&per_page=1', { token: local.value });
    expect([ok.status, ok.body.result.map((z: { name: string }) => z.name), ok.body.result_info.per_page]).toEqual([
      200,
      ['example.com'],
      1,
    ]);
    // The file shares one user's 50-token allowance.
    for (const t of [ip, expired, later, local]) expect((await api('DELETE', `/user/tokens/${t.id}`, admin)).status).toBe(200);
  });

  it('deny beats allow; wrong zone; insufficient permission: 403 10000', async () => {
    const [z1, z2] = emu.zones;
    const both = await createToken({
      name: 'deny-beats-allow',
      policies: [
        { effect: 'allow', permission_groups: [{ id: GROUP.dnsWrite }], resources: { 'com.cloudflare.api.account.zone.*': '*' } },
        zonePolicy(z1.id, [GROUP.dnsWrite], 'deny'),
      ],
    });
    const denied = await api('GET', `/zones/${z1.id}/dns_settings`, { token: both.value });
    expect([denied.status, denied.body.errors[0]]).toEqual([403, { code: 10000, message: 'Authentication error' }]);
    expect((await api('GET', `/zones/${z2.id}/dns_settings`, { token: both.value })).status).toBe(200);

    const oneZone = await createToken({ name: 'one-zone', policies: [zonePolicy(z2.id, [GROUP.dnsWrite])] });
    const wrong = await api('GET', `/zones/${z1.id}/dns_settings`, { token: oneZone.value });
    expect([wrong.status, wrong.body.errors[0].code]).toEqual([403, 10000]);

    const readOnly = await createToken({ name: 'read-only', policies: [zonePolicy(z1.id, [GROUP.dnsRead])] });
    expect((await api('GET', `/zones/${z1.id}/dns_settings`, { token: readOnly.value })).status).toBe(200);
    const patch = await api('PATCH', `/zones/${z1.id}/dns_settings`, { token: readOnly.value }, { multi_provider: true });
    expect([patch.status, patch.body.errors[0].code]).toEqual([403, 10000]);
    const zoneRead = await createToken({ name: 'zone-read', policies: [zonePolicy(z1.id, [GROUP.zoneRead])] });
    const rec = await api('GET', `/zones/${z1.id}/dns_records`, { token: zoneRead.value });
    expect([rec.status, rec.body?.errors?.[0]?.code]).toEqual([403, 10000]);
  });
});

describe('secrets', () => {
  it('no response other than create and roll contains a token value', () => {
    expect(seen.length).toBeGreaterThan(20);
    for (const { what, answer } of seen) {
      if (what === 'create' || what === 'roll') continue;
      for (const secret of secrets) expect(answer.text.includes(secret), `${what} leaked a token value`).toBe(false);
    }
    // create/roll answers each hold exactly their own value
    const creates = seen.filter((s) => s.what === 'create' && s.answer.status === 200);
    for (const c of creates) expect(secrets.filter((s) => c.answer.text.includes(s))).toHaveLength(1);
  });
});
