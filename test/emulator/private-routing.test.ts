/**
 * Private network routing on the emulator (issue 43, item 2), as the service documents it
 * (https://developers.cloudflare.com/dns/manage-dns-records/how-to/private-network-routing/,
 * "API field behavior"): A and AAAA only; the record must be proxied; a proxied record with an
 * address in 10/8, 172.16/12, 192.168/16, fc00::/7 or 100.64/10 gets `private_routing: true`,
 * `false` there is an error; a public proxied record defaults to false and may set true. The
 * entitlement is the Enterprise plan here; elsewhere a private address is not proxied (9003).
 */
import { describe, expect, it } from 'vitest';
import { recordsPath, startTestEmulator } from './helpers.js';

describe('private_routing', () => {
  it('Enterprise: a proxied private address gets private_routing: true, on create, patch and batch', async () => {
    const emu = await startTestEmulator({ zonePlan: 'enterprise' });
    const auto = await emu.call('POST', recordsPath(emu), { type: 'A', name: 'app', content: '10.0.0.50', proxied: true });
    expect(auto.status, JSON.stringify(auto.body.errors)).toBe(200);
    expect(auto.body.result).toMatchObject({ proxied: true, private_routing: true, content: '10.0.0.50' });
    const v6 = await emu.call('POST', recordsPath(emu), {
      type: 'AAAA',
      name: 'app6',
      content: 'fd00::5',
      proxied: true,
      private_routing: true,
    });
    expect(v6.body.result).toMatchObject({ private_routing: true, content: 'fd00::5' });
    const cgnat = await emu.call('POST', recordsPath(emu, '/batch'), {
      posts: [{ type: 'A', name: 'cg', content: '100.64.1.2', proxied: true }],
    });
    expect(cgnat.body.result.posts[0]).toMatchObject({ private_routing: true });
    // A public proxied record: false by default, true when asked; a DNS-only private one: false.
    const pub = await emu.call('POST', recordsPath(emu), { type: 'A', name: 'www', content: '192.0.2.1', proxied: true });
    expect(pub.body.result.private_routing).toBe(false);
    const tunnel = await emu.call('PATCH', recordsPath(emu, `/${pub.body.result.id}`), { private_routing: true });
    expect(tunnel.body.result.private_routing).toBe(true);
    const lan = await emu.call('POST', recordsPath(emu), { type: 'A', name: 'lan', content: '192.168.1.1' });
    expect(lan.body.result).toMatchObject({ proxied: false, private_routing: false });
    // A patch of another field keeps it; the GET answers it.
    const moved = await emu.call('PATCH', recordsPath(emu, `/${auto.body.result.id}`), { content: '10.0.0.51' });
    expect(moved.body.result).toMatchObject({ content: '10.0.0.51', private_routing: true });
    expect((await emu.call('GET', recordsPath(emu, `/${auto.body.result.id}`))).body.result.private_routing).toBe(true);
  });

  it('refusals: false on a proxied private address, true without proxied, other types, loopback (9003)', async () => {
    const emu = await startTestEmulator({ zonePlan: 'enterprise' });
    const code = async (body: Record<string, unknown>): Promise<number> =>
      (await emu.call('POST', recordsPath(emu), body)).body.errors?.[0]?.code;
    expect(await code({ type: 'A', name: 'a', content: '10.0.0.1', proxied: true, private_routing: false })).toBe(9120);
    expect(await code({ type: 'A', name: 'b', content: '10.0.0.1', private_routing: true })).toBe(9120);
    expect(await code({ type: 'CNAME', name: 'c', content: 't.example.net', proxied: true, private_routing: true })).toBe(9120);
    expect(await code({ type: 'A', name: 'd', content: '10.0.0.1', proxied: true, private_routing: 'yes' })).toBe(9207);
    expect(await code({ type: 'A', name: 'e', content: '127.0.0.1', proxied: true, private_routing: true })).toBe(9003);
    expect(await code({ type: 'AAAA', name: 'f', content: 'fe80::1', proxied: true, private_routing: true })).toBe(9003);
    expect((await emu.call('GET', recordsPath(emu))).body.result).toEqual([]);
  });

  it('other plans: a private address is not proxied (9003) and private_routing is refused; A/AAAA answer false', async () => {
    const emu = await startTestEmulator({ zonePlan: 'business' });
    const priv = await emu.call('POST', recordsPath(emu), { type: 'A', name: 'app', content: '10.0.0.50', proxied: true });
    expect(priv.body.errors[0].code).toBe(9003);
    const asked = await emu.call('POST', recordsPath(emu), {
      type: 'A',
      name: 'app',
      content: '192.0.2.5',
      proxied: true,
      private_routing: true,
    });
    expect([asked.status, asked.body.errors[0].code]).toEqual([400, 9120]);
    const plain = await emu.call('POST', recordsPath(emu), { type: 'A', name: 'www', content: '192.0.2.5' });
    expect(plain.body.result.private_routing).toBe(false);
    const mx = await emu.call('POST', recordsPath(emu), { type: 'MX', name: '@', content: 'mx.example.net', priority: 1 });
    expect(mx.body.result).not.toHaveProperty('private_routing');
  });
});
