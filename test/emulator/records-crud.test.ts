import { describe, expect, it } from 'vitest';
import { recordsPath, startTestEmulator } from './helpers.js';

describe('DNS records CRUD', () => {
  it('creates, reads, patches, replaces and deletes a record', async () => {
    // A paid zone: the record carries tags (a feature of paid plans).
    const emu = await startTestEmulator({ zonePlan: 'pro' });
    const created = await emu.call('POST', recordsPath(emu), {
      type: 'A',
      name: 'www',
      content: '192.0.2.1',
      ttl: 300,
      comment: 'web',
      tags: ['team:web'],
      zone_id: 'ignored',
      locked: true,
    });
    expect(created.status).toBe(200);
    const rec = created.body.result;
    expect(rec).toMatchObject({
      name: 'www.example.com',
      type: 'A',
      content: '192.0.2.1',
      ttl: 300,
      proxied: false,
      proxiable: true,
      comment: 'web',
      tags: ['team:web'],
      settings: {},
      meta: { auto_added: false, managed_by_apps: false, managed_by_argo_tunnel: false, source: 'primary' },
    });
    expect(rec.id).toMatch(/^[0-9a-f]{32}$/);
    expect(rec.created_on).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d+Z$/);
    expect(rec).not.toHaveProperty('zone_id');
    expect(rec).not.toHaveProperty('locked');

    const got = await emu.call('GET', recordsPath(emu, `/${rec.id}`));
    expect(got.body.result).toEqual(rec);

    const patched = await emu.call('PATCH', recordsPath(emu, `/${rec.id}`), { proxied: true });
    expect(patched.body.result).toMatchObject({ content: '192.0.2.1', proxied: true, ttl: 1, comment: 'web', tags: ['team:web'] });

    const put = await emu.call('PUT', recordsPath(emu, `/${rec.id}`), { type: 'A', name: 'www.example.com', content: '192.0.2.2' });
    expect(put.body.result).toMatchObject({ content: '192.0.2.2', proxied: false, ttl: 1, comment: null, tags: [] });
    expect(put.body.result.created_on).toBe(rec.created_on);

    const del = await emu.call('DELETE', recordsPath(emu, `/${rec.id}`));
    expect(del.status).toBe(200);
    expect(del.body).toEqual({ result: { id: rec.id }, success: true, errors: [], messages: [] });
    const gone = await emu.call('GET', recordsPath(emu, `/${rec.id}`));
    expect(gone.status).toBe(404);
    expect(gone.body.errors[0].code).toBe(81044);
  });

  it('stores IPv6 compressed, TXT as written, SRV with rendered content and priority outside data', async () => {
    const emu = await startTestEmulator();
    const aaaa = await emu.call('POST', recordsPath(emu), { type: 'AAAA', name: '@', content: '2001:DB8:0:0:0:0:0:1' });
    expect(aaaa.body.result).toMatchObject({ name: 'example.com', content: '2001:db8::1' });
    const txt = await emu.call('POST', recordsPath(emu), { type: 'TXT', name: '@', content: 'v=spf1 -all' });
    // The API adds no quotes to unquoted TXT content (go-acme/lego PR #2521).
    expect(txt.body.result.content).toBe('v=spf1 -all');
    const srv = await emu.call('POST', recordsPath(emu), {
      type: 'SRV',
      name: '_sip._tcp',
      data: { priority: 10, weight: 5, port: 5060, target: 'SIP.example.com.' },
    });
    expect(srv.body.result).toMatchObject({
      name: '_sip._tcp.example.com',
      content: '5 5060 sip.example.com',
      priority: 10,
      proxiable: false,
      data: { priority: 10, weight: 5, port: 5060, target: 'sip.example.com' },
    });
    const mx = await emu.call('POST', recordsPath(emu), { type: 'MX', name: '@', content: 'mx1.example.net', priority: 10 });
    expect(mx.body.result).toMatchObject({ content: 'mx1.example.net', priority: 10 });
    const caa = await emu.call('POST', recordsPath(emu), {
      type: 'CAA',
      name: '@',
      data: { flags: 0, tag: 'issue', value: 'letsencrypt.org' },
    });
    expect(caa.body.result.content).toBe('0 issue "letsencrypt.org"');
    const priv = await emu.call('POST', recordsPath(emu), { type: 'A', name: 'lan', content: '10.0.0.1' });
    expect(priv.body.result.proxiable).toBe(false);
  });

  it('pages, filters and orders the list; a page past the end is empty', async () => {
    const emu = await startTestEmulator({ zonePlan: 'pro' });
    const posts = [];
    for (let i = 0; i < 12; i += 1)
      posts.push({ type: 'A', name: `host${String(i).padStart(2, '0')}`, content: `192.0.2.${i + 1}`, ttl: 60 + i });
    posts.push({ type: 'TXT', name: 'host00', content: 'hello world', comment: 'Greeting', tags: ['env:prod'] });
    posts.push({ type: 'CNAME', name: 'alias', content: 'host01.example.com', proxied: true });
    const batch = await emu.call('POST', recordsPath(emu, '/batch'), { posts });
    expect(batch.status).toBe(200);

    const page2 = await emu.call('GET', recordsPath(emu, '?per_page=5&page=2'));
    expect(page2.body.result).toHaveLength(5);
    expect(page2.body.result_info).toEqual({ page: 2, per_page: 5, count: 5, total_count: 14, total_pages: 3 });
    const past = await emu.call('GET', recordsPath(emu, '?per_page=5&page=4'));
    expect(past.status).toBe(200);
    expect(past.body.result).toEqual([]);

    const q = async (query: string): Promise<string[]> =>
      (await emu.call('GET', recordsPath(emu, `?${query}`))).body.result.map((r: { name: string; type: string }) => `${r.type} ${r.name}`);
    expect(await q('name=host03.example.com')).toEqual(['A host03.example.com']);
    expect(await q('name=host03')).toEqual(['A host03.example.com']);
    expect(await q('type=TXT')).toEqual(['TXT host00.example.com']);
    expect(await q('name.startswith=host1&type=A')).toEqual(['A host10.example.com', 'A host11.example.com']);
    expect(await q('name.endswith=11.example.com')).toEqual(['A host11.example.com']);
    expect(await q('content.contains=0.2.12')).toEqual(['A host11.example.com']);
    expect(await q('content=192.0.2.5')).toEqual(['A host04.example.com']);
    expect(await q('content.exact=hello%20world')).toEqual(['TXT host00.example.com']);
    expect(await q('name=host01&name=host02&match=any')).toEqual(['A host01.example.com', 'A host02.example.com']);
    expect(await q('name=host01&name=host02')).toEqual([]);
    expect(await q('search=alias')).toEqual(['CNAME alias.example.com']);
    expect(await q('proxied=true')).toEqual(['CNAME alias.example.com']);
    expect(await q('tag=env:prod')).toEqual(['TXT host00.example.com']);
    expect(await q('comment.contains=greet')).toEqual(['TXT host00.example.com']);
    const byTtl = await q('type=A&order=ttl&direction=desc&per_page=2');
    expect(byTtl).toEqual(['A host11.example.com', 'A host10.example.com']);
    const byType = await q('order=type&per_page=1');
    expect(byType).toEqual(['A host00.example.com']);
    const byTypeDesc = await q('order=type&direction=desc&per_page=1');
    expect(byTypeDesc).toEqual(['TXT host00.example.com']);

    const bad = await emu.call('GET', recordsPath(emu, '?per_page=0'));
    expect(bad.status).toBe(400);
    const badOrder = await emu.call('GET', recordsPath(emu, '?order=zone'));
    expect(badOrder.status).toBe(400);
  });

  it('lists zones by name and reads one zone', async () => {
    const emu = await startTestEmulator({ zones: ['example.com', 'example.org'], zonePlan: 'pro' });
    const list = await emu.call('GET', '/zones?name=example.org');
    expect(list.status).toBe(200);
    expect(list.body.result).toHaveLength(1);
    const zone = list.body.result[0];
    expect(zone).toMatchObject({ name: 'example.org', status: 'active', paused: false, type: 'full', plan: { legacy_id: 'pro' } });
    expect(zone.id).toMatch(/^[0-9a-f]{32}$/);
    expect(zone.account.id).toBe(emu.accountId);
    expect(zone.name_servers).toHaveLength(2);
    const all = await emu.call('GET', '/zones?per_page=5');
    expect(all.body.result_info).toMatchObject({ page: 1, per_page: 5, count: 2, total_count: 2 });
    const one = await emu.call('GET', `/zones/${zone.id}`);
    expect(one.body.result.name).toBe('example.org');
    const missing = await emu.call('GET', '/zones/0123456789abcdef0123456789abcdef');
    expect(missing.status).toBe(404);
    expect(missing.body.errors[0].code).toBe(7003);
    const badPerPage = await emu.call('GET', '/zones?per_page=100');
    expect(badPerPage.status).toBe(400);
    const seededRecords = await emu.call('GET', `/zones/${zone.id}/dns_records`);
    expect(seededRecords.body.result).toEqual([]);
  });
});
