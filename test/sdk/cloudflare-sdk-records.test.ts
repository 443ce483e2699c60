/**
 * The official SDK (cloudflare 7.x) against the emulator, in-process over loopback HTTP: DNS
 * records CRUD, auto-pagination, list filters, batch, zones, and the SDK's error surface.
 * (Tokens and dns_settings through the SDK: test/emulator/identity/sdk-tokens.test.ts.)
 */
import Cloudflare from 'cloudflare';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../src/emulator/server.js';

const TOKEN = 'sdk-records-test-token-value_0123456789';
let emu: RunningEmulator;
let cf: Cloudflare;
let zone_id: string;

beforeAll(async () => {
  emu = await startEmulator({ zones: ['example.com', 'example.org'], token: TOKEN, zonePlan: 'pro' });
  cf = new Cloudflare({ apiToken: TOKEN, baseURL: emu.baseUrl, maxRetries: 0 });
  zone_id = emu.zones[0].id;
});
afterAll(async () => {
  await emu?.close();
});

async function listAll(
  params: Parameters<Cloudflare['dns']['records']['list']>[0],
): Promise<Array<{ name: string; type: string; content?: string }>> {
  const out = [];
  for await (const r of cf.dns.records.list(params)) out.push(r as { name: string; type: string; content?: string });
  return out;
}

async function deleteAll(zone: string): Promise<void> {
  const ids = (await listAll({ zone_id: zone, per_page: 5000 })).map((r) => (r as unknown as { id: string }).id);
  if (ids.length > 0) await cf.dns.records.batch({ zone_id: zone, deletes: ids.map((id) => ({ id })) });
}

describe('cloudflare SDK: DNS records', () => {
  it('creates every common type, reads, edits (PATCH), updates (PUT) and deletes', async () => {
    await deleteAll(zone_id);
    const a = await cf.dns.records.create({
      zone_id,
      type: 'A',
      name: 'www.example.com',
      content: '192.0.2.10',
      ttl: 3600,
      proxied: false,
      comment: 'web',
      tags: ['team:web'],
    });
    expect(a).toMatchObject({
      type: 'A',
      name: 'www.example.com',
      content: '192.0.2.10',
      ttl: 3600,
      proxied: false,
      proxiable: true,
      comment: 'web',
      tags: ['team:web'],
    });
    const aaaa = await cf.dns.records.create({
      zone_id,
      type: 'AAAA',
      name: 'www.example.com',
      content: '2001:DB8::10',
      ttl: 1,
      proxied: true,
    });
    expect(aaaa).toMatchObject({ content: '2001:db8::10', proxied: true, ttl: 1 });
    const cname = await cf.dns.records.create({
      zone_id,
      type: 'CNAME',
      name: 'alias.example.com',
      content: 'www.example.com',
      ttl: 1,
      proxied: true,
    });
    expect(cname).toMatchObject({ type: 'CNAME', content: 'www.example.com', proxied: true });
    const mx = await cf.dns.records.create({
      zone_id,
      type: 'MX',
      name: 'example.com',
      content: 'mx1.example.net',
      priority: 10,
      ttl: 300,
    });
    expect(mx).toMatchObject({ type: 'MX', priority: 10, content: 'mx1.example.net' });
    const txt = await cf.dns.records.create({ zone_id, type: 'TXT', name: 'example.com', content: 'v=spf1 -all', ttl: 1 });
    // The API keeps TXT content as written: it adds no quotes (go-acme/lego PR #2521).
    expect(txt.content).toBe('v=spf1 -all');
    const srv = await cf.dns.records.create({
      zone_id,
      type: 'SRV',
      name: '_sip._tcp.example.com',
      ttl: 1,
      data: { priority: 10, weight: 5, port: 5060, target: 'sip.example.com' },
    });
    expect(srv).toMatchObject({
      type: 'SRV',
      content: '5 5060 sip.example.com',
      priority: 10,
      proxiable: false,
      data: { priority: 10, weight: 5, port: 5060, target: 'sip.example.com' },
    });
    const caa = await cf.dns.records.create({
      zone_id,
      type: 'CAA',
      name: 'example.com',
      ttl: 1,
      data: { flags: 0, tag: 'issue', value: 'letsencrypt.org' },
    });
    expect(caa).toMatchObject({
      type: 'CAA',
      content: '0 issue "letsencrypt.org"',
      data: { flags: 0, tag: 'issue', value: 'letsencrypt.org' },
    });

    const got = await cf.dns.records.get(a.id, { zone_id });
    expect(got).toEqual(a);

    const edited = await cf.dns.records.edit(a.id, { zone_id, type: 'A', name: 'www.example.com', ttl: 600 } as Parameters<
      Cloudflare['dns']['records']['edit']
    >[1]);
    // PATCH keeps what it does not name (content, comment, tags).
    expect(edited).toMatchObject({ id: a.id, content: '192.0.2.10', ttl: 600, comment: 'web', tags: ['team:web'] });
    expect(edited.created_on).toBe(a.created_on);

    const updated = await cf.dns.records.update(a.id, { zone_id, type: 'A', name: 'www.example.com', content: '192.0.2.11', ttl: 300 });
    // PUT replaces: what it does not name goes back to the default.
    expect(updated).toMatchObject({ id: a.id, content: '192.0.2.11', ttl: 300, comment: null, tags: [] });

    const del = await cf.dns.records.delete(mx.id, { zone_id });
    expect(del).toEqual({ id: mx.id });
    await expect(cf.dns.records.get(mx.id, { zone_id })).rejects.toMatchObject({ status: 404 });

    const names = (await listAll({ zone_id })).map((r) => `${r.type} ${r.name}`).sort();
    expect(names).toEqual([
      'A www.example.com',
      'AAAA www.example.com',
      'CAA example.com',
      'CNAME alias.example.com',
      'SRV _sip._tcp.example.com',
      'TXT example.com',
    ]);
  });

  it('auto-paginates over several pages (23 records, per_page 5) and stops at the empty page', async () => {
    await deleteAll(zone_id);
    const posts = Array.from({ length: 23 }, (_, i) => ({
      type: 'A' as const,
      name: `page${String(i).padStart(2, '0')}.example.com`,
      content: `192.0.2.${i + 1}`,
      ttl: 1,
    }));
    await cf.dns.records.batch({ zone_id, posts });
    const seenPages: number[] = [];
    const page = await cf.dns.records.list({ zone_id, per_page: 5 });
    for (let p: typeof page | null = page; p; p = p.hasNextPage() ? await p.getNextPage() : null) {
      seenPages.push(p.result.length);
      if (seenPages.length > 10) break;
    }
    // 5+5+5+5+3, then the empty page past the end that tells the SDK to stop.
    expect(seenPages).toEqual([5, 5, 5, 5, 3, 0]);
    const all = await listAll({ zone_id, per_page: 5, order: 'name' });
    expect(all).toHaveLength(23);
    expect(all.map((r) => r.name)).toEqual(posts.map((p) => p.name));
    expect(new Set(all.map((r) => r.name)).size).toBe(23);
  });

  it('list filters the SDK exposes: name exact/contains/startswith/endswith, type, content, search, order/direction, match, proxied, comment, tag', async () => {
    await deleteAll(zone_id);
    await cf.dns.records.batch({
      zone_id,
      posts: [
        { type: 'A', name: 'api.example.com', content: '192.0.2.1', ttl: 300, comment: 'Public API', tags: ['env:prod', 'team:api'] },
        { type: 'A', name: 'api-staging.example.com', content: '192.0.2.2', ttl: 600, tags: ['env:staging'] },
        { type: 'AAAA', name: 'api.example.com', content: '2001:db8::1', ttl: 1, proxied: true },
        { type: 'CNAME', name: 'docs.example.com', content: 'api.example.com', ttl: 1, proxied: true },
        { type: 'TXT', name: 'example.com', content: 'hello api world', ttl: 1 },
      ],
    });
    const q = async (params: Omit<Parameters<Cloudflare['dns']['records']['list']>[0], 'zone_id'>): Promise<string[]> =>
      (await listAll({ zone_id, ...params })).map((r) => `${r.type} ${r.name}`);

    expect(await q({ name: { exact: 'api.example.com' }, order: 'type' })).toEqual(['A api.example.com', 'AAAA api.example.com']);
    expect(await q({ name: { exact: 'API.Example.com' }, type: 'A' })).toEqual(['A api.example.com']);
    expect(await q({ name: { contains: 'staging' } })).toEqual(['A api-staging.example.com']);
    expect(await q({ name: { startswith: 'doc' } })).toEqual(['CNAME docs.example.com']);
    expect(await q({ name: { endswith: 'staging.example.com' } })).toEqual(['A api-staging.example.com']);
    expect(await q({ type: 'CNAME' })).toEqual(['CNAME docs.example.com']);
    expect(await q({ content: { exact: '192.0.2.2' } })).toEqual(['A api-staging.example.com']);
    expect(await q({ content: { contains: 'API WORLD' } })).toEqual(['TXT example.com']);
    expect(await q({ content: { startswith: '2001:' } })).toEqual(['AAAA api.example.com']);
    expect(await q({ content: { endswith: '.2' } })).toEqual(['A api-staging.example.com']);
    expect(await q({ search: 'staging' })).toEqual(['A api-staging.example.com']);
    expect(await q({ proxied: true, order: 'type' })).toEqual(['AAAA api.example.com', 'CNAME docs.example.com']);
    expect(await q({ type: 'A', order: 'ttl', direction: 'desc' })).toEqual(['A api-staging.example.com', 'A api.example.com']);
    expect(await q({ type: 'A', order: 'ttl', direction: 'asc' })).toEqual(['A api.example.com', 'A api-staging.example.com']);
    expect(await q({ order: 'name', direction: 'desc', type: 'A' })).toEqual(['A api.example.com', 'A api-staging.example.com']);
    // match=any: either filter; match=all (default): both.
    expect(await q({ type: 'CNAME', content: { exact: '192.0.2.2' }, match: 'any', order: 'type' })).toEqual([
      'A api-staging.example.com',
      'CNAME docs.example.com',
    ]);
    expect(await q({ type: 'CNAME', content: { exact: '192.0.2.2' }, match: 'all' })).toEqual([]);
    expect(await q({ comment: { contains: 'public' } })).toEqual(['A api.example.com']);
    expect(await q({ comment: { present: '' } })).toEqual(['A api.example.com']);
    expect((await q({ comment: { absent: '' } })).length).toBe(4);
    expect(await q({ tag: { exact: 'env:prod' } })).toEqual(['A api.example.com']);
    expect(await q({ tag: { present: 'team' } })).toEqual(['A api.example.com']);
    expect(await q({ tag: { contains: 'env:stag' } })).toEqual(['A api-staging.example.com']);
    expect(await q({ tag: { startswith: 'env:pr' } })).toEqual(['A api.example.com']);
    expect(await q({ tag: { endswith: 'env:ing' } })).toEqual(['A api-staging.example.com']);
    expect(await q({ tag: { exact: 'env:prod', present: 'nothing' }, tag_match: 'any' })).toEqual(['A api.example.com']);
    expect(await q({ tag: { exact: 'env:prod', present: 'nothing' }, tag_match: 'all' })).toEqual([]);
    expect((await q({ tag: { absent: 'env' } })).length).toBe(3);
  });

  it('batch: deletes, patches, puts, posts in one call; a failing batch applies nothing', async () => {
    await deleteAll(zone_id);
    const a = await cf.dns.records.create({ zone_id, type: 'A', name: 'one.example.com', content: '192.0.2.1', ttl: 1 });
    const b = await cf.dns.records.create({ zone_id, type: 'A', name: 'two.example.com', content: '192.0.2.2', ttl: 1 });
    const c = await cf.dns.records.create({ zone_id, type: 'TXT', name: 'three.example.com', content: 'old', ttl: 1 });
    const res = await cf.dns.records.batch({
      zone_id,
      deletes: [{ id: a.id }],
      patches: [{ id: b.id, ttl: 900 } as never],
      puts: [{ id: c.id, type: 'TXT', name: 'three.example.com', content: 'new', ttl: 120 }],
      posts: [{ type: 'CNAME', name: 'one.example.com', content: 'two.example.com', ttl: 1, proxied: true }],
    });
    expect(res.deletes?.map((r) => r.id)).toEqual([a.id]);
    expect(res.patches?.[0]).toMatchObject({ id: b.id, ttl: 900, content: '192.0.2.2' });
    expect(res.puts?.[0]).toMatchObject({ id: c.id, content: 'new', ttl: 120 });
    expect(res.posts?.[0]).toMatchObject({ type: 'CNAME', name: 'one.example.com', proxied: true });

    const before = await listAll({ zone_id, order: 'name' });
    const failing = cf.dns.records.batch({
      zone_id,
      deletes: [{ id: b.id }],
      posts: [
        { type: 'A', name: 'ok.example.com', content: '192.0.2.9', ttl: 1 },
        { type: 'A', name: 'bad.example.com', content: '999.1.1.1', ttl: 1 },
      ],
    });
    await expect(failing).rejects.toBeInstanceOf(Cloudflare.BadRequestError);
    await expect(failing).rejects.toMatchObject({ status: 400, errors: [{ code: 9005 }] });
    expect(await listAll({ zone_id, order: 'name' })).toEqual(before);
  });

  it('zones: list (by name, auto-paginated) and get', async () => {
    const byName = [];
    for await (const z of cf.zones.list({ name: 'example.org' })) byName.push(z);
    expect(byName).toHaveLength(1);
    expect(byName[0]).toMatchObject({ id: emu.zones[1].id, name: 'example.org', status: 'active', account: { id: emu.accountId } });
    const all = [];
    for await (const z of cf.zones.list({ per_page: 5 })) all.push(z.name);
    expect(all.sort()).toEqual(['example.com', 'example.org']);
    const one = await cf.zones.get({ zone_id });
    expect(one).toMatchObject({ id: zone_id, name: 'example.com', plan: { legacy_id: 'pro' } });
  });

  it("errors: the SDK raises APIError with the status and the service's errors (400, 403, 404)", async () => {
    const bad = cf.dns.records.create({ zone_id, type: 'A', name: 'bad.example.com', content: 'not-an-ip', ttl: 1 });
    await expect(bad).rejects.toBeInstanceOf(Cloudflare.APIError);
    await expect(bad).rejects.toBeInstanceOf(Cloudflare.BadRequestError);
    await expect(bad).rejects.toMatchObject({ status: 400, errors: [{ code: 9005, message: expect.stringContaining('IPv4') }] });

    const missing = cf.dns.records.get('0123456789abcdef0123456789abcdef', { zone_id });
    await expect(missing).rejects.toBeInstanceOf(Cloudflare.NotFoundError);
    await expect(missing).rejects.toMatchObject({ status: 404, errors: [{ code: 81044 }] });

    const noZone = cf.dns.records.list({ zone_id: '0123456789abcdef0123456789abcdef' });
    await expect(noZone).rejects.toMatchObject({ status: 404, errors: [{ code: 7003 }] });

    const stranger = new Cloudflare({ apiToken: 'Z'.repeat(40), baseURL: emu.baseUrl, maxRetries: 0 });
    await expect(stranger.dns.records.list({ zone_id })).rejects.toMatchObject({ status: 403, errors: [{ code: 9109 }] });

    const conflict = cf.dns.records.create({ zone_id, type: 'CNAME', name: 'two.example.com', content: 'x.example.net', ttl: 1 });
    await expect(conflict).rejects.toMatchObject({ status: 400, errors: [{ code: 81053 }] });
  });

  it('works with the key pair (apiEmail + apiKey)', async () => {
    const keyed = new Cloudflare({ apiEmail: emu.email, apiKey: emu.apiKey, baseURL: emu.baseUrl, maxRetries: 0 });
    const r = await keyed.dns.records.create({ zone_id, type: 'A', name: 'keyed.example.com', content: '192.0.2.77', ttl: 1 });
    expect(r.content).toBe('192.0.2.77');
  });
});
