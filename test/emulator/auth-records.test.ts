/**
 * Every auth refusal on the DNS record and zone endpoints, over real HTTP: missing, malformed,
 * wrong, expired and not-yet-valid credentials (with a moving clock, so the same token is
 * seen on both sides of its window), foreign client IP (`request.ip` and the `request_ip`
 * alias), deny beats allow, wrong zone, insufficient permission.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../src/emulator/server.js';
import { GROUP } from './identity/helpers.js';
import { call, type Auth } from './identity/http-helpers.js';

const ADMIN = 'records-auth-admin-token_0123456789abcdef';
const EMAIL = 'owner@example.com';
const KEY = '0123456789abcdef0123456789abcdef01234';
let emu: RunningEmulator;
let clock = new Date('2026-03-01T12:00:00Z');
let z1: string;
let z2: string;

beforeAll(async () => {
  emu = await startEmulator({ zones: ['example.com', 'example.net'], token: ADMIN, email: EMAIL, key: KEY, now: () => clock });
  [z1, z2] = emu.zones.map((z) => z.id);
});
afterAll(async () => {
  await emu?.close();
});

const admin: Auth = { token: ADMIN };
const A = { type: 'A', name: 'www', content: '192.0.2.1' };

function zonePolicy(zoneId: string, groups: string[], effect: 'allow' | 'deny' = 'allow') {
  return { effect, permission_groups: groups.map((id) => ({ id })), resources: { [`com.cloudflare.api.account.zone.${zoneId}`]: '*' } };
}

async function token(body: Record<string, unknown>): Promise<Auth> {
  const res = await call(emu, 'POST', '/user/tokens', admin, { name: `t-${Math.random()}`, ...body });
  expect(res.status, res.text).toBe(200);
  return { token: res.body.result.value as string };
}

/** The four record calls a client makes: list, create, batch, get. */
async function recordCalls(auth: Auth, zoneId: string): Promise<Array<[string, number, number | undefined]>> {
  const out: Array<[string, number, number | undefined]> = [];
  const list = await call(emu, 'GET', `/zones/${zoneId}/dns_records`, auth);
  out.push(['list', list.status, list.body?.errors?.[0]?.code]);
  const post = await call(emu, 'POST', `/zones/${zoneId}/dns_records`, auth, { ...A, name: `n${Math.random().toString(36).slice(2)}` });
  out.push(['post', post.status, post.body?.errors?.[0]?.code]);
  const batch = await call(emu, 'POST', `/zones/${zoneId}/dns_records/batch`, auth, {
    posts: [{ ...A, name: `b${Math.random().toString(36).slice(2)}` }],
  });
  out.push(['batch', batch.status, batch.body?.errors?.[0]?.code]);
  const get = await call(emu, 'GET', `/zones/${zoneId}/dns_records/0123456789abcdef0123456789abcdef`, auth);
  out.push(['get', get.status, get.body?.errors?.[0]?.code]);
  return out;
}

const allRefused = (status: number, code: number): Array<[string, number, number]> =>
  ['list', 'post', 'batch', 'get'].map((what) => [what, status, code]);

describe('auth refusals on DNS records', () => {
  it('missing credentials: 400 9106 on every record endpoint, nothing written', async () => {
    expect(await recordCalls(undefined, z1)).toEqual(allRefused(400, 9106));
    expect((await call(emu, 'GET', `/zones/${z1}/dns_records`, admin)).body.result).toEqual([]);
  });

  it('malformed Authorization / key pair: 400 6003', async () => {
    expect(await recordCalls({ headers: { authorization: 'Basic abc' } }, z1)).toEqual(allRefused(400, 6003));
    expect(await recordCalls({ headers: { 'x-auth-email': EMAIL, 'x-auth-key': 'short' } }, z1)).toEqual(allRefused(400, 6003));
  });

  it('wrong token 403 9109; wrong key pair 403 9103; right key pair allowed', async () => {
    expect(await recordCalls({ token: 'W'.repeat(40) }, z1)).toEqual(allRefused(403, 9109));
    expect(await recordCalls({ email: EMAIL, key: `${KEY.slice(0, -1)}5` }, z1)).toEqual(allRefused(403, 9103));
    expect(await recordCalls({ email: 'other@example.com', key: KEY }, z1)).toEqual(allRefused(403, 9103));
    const ok = await recordCalls({ email: EMAIL, key: KEY }, z1);
    expect(ok.map(([w, s]) => [w, s])).toEqual([
      ['list', 200],
      ['post', 200],
      ['batch', 200],
      ['get', 404],
    ]);
  });

  it('a token is refused before not_before and after expires_on, and works in between (moving clock)', async () => {
    const auth = await token({
      policies: [zonePolicy(z1, [GROUP.dnsWrite])],
      not_before: '2026-03-02T00:00:00Z',
      expires_on: '2026-03-03T00:00:00Z',
    });
    const early = await recordCalls(auth, z1);
    expect(early).toEqual(allRefused(403, 9109));
    const msg = await call(emu, 'GET', `/zones/${z1}/dns_records`, auth);
    expect(msg.body.errors[0].message).toMatch(/not valid before 2026-03-02T00:00:00Z/);
    clock = new Date('2026-03-02T00:00:00Z');
    expect((await recordCalls(auth, z1)).map(([, s]) => s)).toEqual([200, 200, 200, 404]);
    clock = new Date('2026-03-03T00:00:00Z');
    expect(await recordCalls(auth, z1)).toEqual(allRefused(403, 9109));
    const expired = await call(emu, 'GET', `/zones/${z1}/dns_records`, auth);
    expect(expired.body.errors[0].message).toMatch(/expired on 2026-03-03T00:00:00Z/);
    clock = new Date('2026-03-01T12:00:00Z');
  });

  it('foreign client IP: 403 9109 naming the address; request.ip and its alias request_ip both enforced', async () => {
    for (const key of ['request.ip', 'request_ip']) {
      const outside = await token({
        policies: [zonePolicy(z1, [GROUP.dnsWrite])],
        condition: { [key]: { in: ['10.0.0.0/8', '2001:db8::/32'] } },
      });
      expect(await recordCalls(outside, z1), key).toEqual(allRefused(403, 9109));
      const res = await call(emu, 'GET', `/zones/${z1}/dns_records`, outside);
      expect(res.body.errors[0].message).toBe('Cannot use the access token from location: 127.0.0.1');
      const excluded = await token({
        policies: [zonePolicy(z1, [GROUP.dnsWrite])],
        condition: { [key]: { in: ['127.0.0.0/8'], not_in: ['127.0.0.1/32'] } },
      });
      expect(await recordCalls(excluded, z1), key).toEqual(allRefused(403, 9109));
      const inside = await token({ policies: [zonePolicy(z1, [GROUP.dnsWrite])], condition: { [key]: { in: ['127.0.0.1/32'] } } });
      expect(
        (await recordCalls(inside, z1)).map(([, s]) => s),
        key,
      ).toEqual([200, 200, 200, 404]);
    }
  });

  it('deny beats allow: 403 10000 on the denied zone, the other zone still allowed', async () => {
    const auth = await token({
      policies: [
        zonePolicy(z1, [GROUP.dnsWrite], 'deny'),
        { effect: 'allow', permission_groups: [{ id: GROUP.dnsWrite }], resources: { 'com.cloudflare.api.account.zone.*': '*' } },
      ],
    });
    expect(await recordCalls(auth, z1)).toEqual(allRefused(403, 10000));
    expect((await recordCalls(auth, z2)).map(([, s]) => s)).toEqual([200, 200, 200, 404]);
    // A deny of DNS Read also refuses the reads a DNS Write allow would grant.
    const readDenied = await token({ policies: [zonePolicy(z1, [GROUP.dnsRead], 'deny'), zonePolicy(z1, [GROUP.dnsWrite])] });
    expect((await call(emu, 'GET', `/zones/${z1}/dns_records`, readDenied)).status).toBe(403);
    expect((await call(emu, 'POST', `/zones/${z1}/dns_records`, readDenied, { ...A, name: 'write-ok' })).status).toBe(200);
  });

  it('wrong zone: a token for one zone is refused on another (403 10000)', async () => {
    const auth = await token({ policies: [zonePolicy(z2, [GROUP.dnsWrite])] });
    expect(await recordCalls(auth, z1)).toEqual(allRefused(403, 10000));
    // An account-wide policy of another account covers nothing here.
    const other = await token({
      policies: [
        {
          effect: 'allow',
          permission_groups: [{ id: GROUP.dnsWrite }],
          resources: { [`com.cloudflare.api.account.${'9'.repeat(32)}`]: { 'com.cloudflare.api.account.zone.*': '*' } },
        },
      ],
    });
    expect(await recordCalls(other, z1)).toEqual(allRefused(403, 10000));
    const own = await token({
      policies: [
        {
          effect: 'allow',
          permission_groups: [{ id: GROUP.dnsWrite }],
          resources: { [`com.cloudflare.api.account.${emu.accountId}`]: { 'com.cloudflare.api.account.zone.*': '*' } },
        },
      ],
    });
    expect((await recordCalls(own, z1)).map(([, s]) => s)).toEqual([200, 200, 200, 404]);
  });

  it('insufficient permission: DNS Read reads but does not write; Zone Read grants no records', async () => {
    const read = await token({ policies: [zonePolicy(z1, [GROUP.dnsRead])] });
    expect(await recordCalls(read, z1)).toEqual([
      ['list', 200, undefined],
      ['post', 403, 10000],
      ['batch', 403, 10000],
      ['get', 404, 81044],
    ]);
    const existing = (await call(emu, 'GET', `/zones/${z1}/dns_records`, admin)).body.result[0];
    for (const [method, body] of [
      ['PATCH', { ttl: 300 }],
      ['PUT', A],
      ['DELETE', undefined],
    ] as const) {
      const res = await call(emu, method, `/zones/${z1}/dns_records/${existing.id}`, read, body);
      expect([method, res.status, res.body.errors[0].code]).toEqual([method, 403, 10000]);
    }
    const zoneRead = await token({ policies: [zonePolicy(z1, [GROUP.zoneRead])] });
    expect(await recordCalls(zoneRead, z1)).toEqual(allRefused(403, 10000));
    expect((await call(emu, 'GET', `/zones/${z1}`, zoneRead)).status).toBe(200);
  });

  it('zones: the list shows only zones the token may read; GET of another zone is 403', async () => {
    const zoneRead = await token({ policies: [zonePolicy(z2, [GROUP.zoneRead])] });
    const list = await call(emu, 'GET', '/zones', zoneRead);
    expect(list.body.result.map((z: { id: string }) => z.id)).toEqual([z2]);
    const other = await call(emu, 'GET', `/zones/${z1}`, zoneRead);
    expect([other.status, other.body.errors[0].code]).toEqual([403, 10000]);
    const dnsOnly = await token({ policies: [zonePolicy(z2, [GROUP.dnsWrite])] });
    expect((await call(emu, 'GET', '/zones', dnsOnly)).body.result).toEqual([]);
  });
});
