/**
 * What the service stores and refuses, over real HTTP (src/emulator/README.md, "Storage
 * forms" and "Record rules"): names and targets as the live API returns them, characters
 * refused in names of every type, literal asterisks, CNAMEs beside other records where the
 * service flattens them, DS only beside an NS, records beside a delegation, the zones list from per_page=1.
 */
import { describe, expect, it } from 'vitest';
import { recordsPath, startTestEmulator, type TestEmulator } from './helpers.js';

interface Answer {
  status: number;
  code?: number;
  result?: Record<string, unknown>;
}

async function post(emu: TestEmulator, body: Record<string, unknown>): Promise<Answer> {
  const res = await emu.call('POST', recordsPath(emu), body);
  return { status: res.status, code: res.body.errors?.[0]?.code, result: res.body.result ?? undefined };
}

describe('stored forms of names and targets', () => {
  it('names lower-case without the final dot; CNAME targets lower-case without the trailing dot; IPv6 compressed', async () => {
    const emu = await startTestEmulator();
    const cname = await post(emu, { type: 'CNAME', name: 'WWW.Example.COM.', content: '_X.ACM-Validations.AWS.' });
    expect([cname.status, cname.result?.name, cname.result?.content]).toEqual([200, 'www.example.com', '_x.acm-validations.aws']);
    const aaaa = await post(emu, { type: 'AAAA', name: 'v6', content: '2600:1900:4020:2B73:8000:0:0:0' });
    expect(aaaa.result?.content).toBe('2600:1900:4020:2b73:8000::');
    const mx = await post(emu, { type: 'MX', name: '@', content: 'MX1.Example.NET.', priority: 10 });
    expect([mx.result?.content, mx.result?.priority, mx.result?.data]).toEqual(['mx1.example.net', 10, undefined]);
    const relative = await post(emu, { type: 'A', name: 'www.example.org', content: '192.0.2.1' });
    expect(relative.result?.name).toBe('www.example.org.example.com');
  });

  it.each(['a|b', 'a!b', 'a"b', 'a b', 'a/b'])('refuses %j in the name of every type with 9000', async (label) => {
    const emu = await startTestEmulator();
    const bodies: Record<string, unknown>[] = [
      { type: 'A', content: '192.0.2.1' },
      { type: 'TXT', content: 'x' },
      { type: 'MX', content: 'mx.example.net', priority: 1 },
      { type: 'SRV', data: { priority: 1, weight: 1, port: 1, target: 'x.example.net' } },
      { type: 'CAA', data: { flags: 0, tag: 'issue', value: 'ca.example' } },
    ];
    for (const body of bodies) {
      const res = await post(emu, { ...body, name: label });
      expect([body.type, res.status, res.code]).toEqual([body.type, 400, 9000]);
    }
  });

  it('a "*" that is not the whole first label is stored as a literal asterisk', async () => {
    const emu = await startTestEmulator();
    for (const name of ['x.*.y', '**', 'a*b', '*']) {
      const res = await post(emu, { type: 'TXT', name, content: 'x' });
      expect([name, res.status, res.result?.name]).toEqual([name, 200, `${name}.example.com`]);
    }
    // As an A record too (host name rules allow the asterisk).
    expect((await post(emu, { type: 'A', name: 'x.*.y', content: '192.0.2.1' })).status).toBe(200);
  });
});

describe('CNAME beside other records', () => {
  it('at the apex a CNAME stands beside MX, TXT, CAA and NS; A, AAAA and another CNAME conflict', async () => {
    const emu = await startTestEmulator();
    expect((await post(emu, { type: 'MX', name: '@', content: 'mx.example.net', priority: 10 })).status).toBe(200);
    expect((await post(emu, { type: 'TXT', name: '@', content: 'v=spf1 -all' })).status).toBe(200);
    expect((await post(emu, { type: 'CNAME', name: '@', content: 'target.example.net' })).status).toBe(200);
    expect((await post(emu, { type: 'CAA', name: '@', data: { flags: 0, tag: 'issue', value: 'ca.example' } })).status).toBe(200);
    expect((await post(emu, { type: 'A', name: '@', content: '192.0.2.1' })).code).toBe(81054);
    expect((await post(emu, { type: 'AAAA', name: '@', content: '2001:db8::1' })).code).toBe(81054);
    expect((await post(emu, { type: 'CNAME', name: '@', content: 'other.example.net' })).code).toBe(81053);
  });

  it('at the apex a CNAME is refused beside an A record', async () => {
    const emu = await startTestEmulator();
    expect((await post(emu, { type: 'A', name: '@', content: '192.0.2.1' })).status).toBe(200);
    expect((await post(emu, { type: 'CNAME', name: '@', content: 'target.example.net' })).code).toBe(81053);
  });

  // Issue 19, item 6: the service refuses only A/AAAA/CNAME beside a CNAME
  // (developers.cloudflare.com/dns/manage-dns-records/troubleshooting/records-with-same-name/), and a
  // zone export made by the service holds `www CNAME` beside `www MX`.
  it('below the apex a CNAME stands beside MX and TXT, flattened or not; never beside A, AAAA or another CNAME', async () => {
    const emu = await startTestEmulator({ zonePlan: 'pro' });
    expect((await post(emu, { type: 'CNAME', name: 'www', content: 'target.example.net' })).status).toBe(200);
    expect((await post(emu, { type: 'MX', name: 'www', content: 'mx.example.net', priority: 10 })).status).toBe(200);
    expect((await post(emu, { type: 'TXT', name: 'www', content: 'x' })).status).toBe(200);
    expect((await post(emu, { type: 'A', name: 'www', content: '192.0.2.1' })).code).toBe(81054);
    expect((await post(emu, { type: 'AAAA', name: 'www', content: '2001:db8::1' })).code).toBe(81054);
    expect((await post(emu, { type: 'CNAME', name: 'www', content: 'other.example.net' })).code).toBe(81053);
    expect((await post(emu, { type: 'TXT', name: 'mail', content: 'x' })).status).toBe(200);
    expect((await post(emu, { type: 'CNAME', name: 'mail', content: 'target.example.net' })).status).toBe(200);
    expect((await post(emu, { type: 'A', name: 'host', content: '192.0.2.1' })).status).toBe(200);
    expect((await post(emu, { type: 'CNAME', name: 'host', content: 'target.example.net' })).code).toBe(81053);
  });
});

describe('DS needs an NS at its name', () => {
  const ds = {
    type: 'DS',
    name: 'child',
    data: { key_tag: 2371, algorithm: 13, digest_type: 2, digest: 'E788DD32059137DAE6530B04DA2513AC3BE9D187C1B046492D5CE3BBCBBE6028' },
  };

  it('refuses a DS without an NS at the same name; accepts it once the NS exists (also in one batch, NS first)', async () => {
    const emu = await startTestEmulator();
    const alone = await emu.call('POST', recordsPath(emu), ds);
    expect([alone.status, alone.body.errors[0].code]).toEqual([400, 9115]);
    expect(alone.body.errors[0].message).toMatch(/NS record/);
    expect((await post(emu, { type: 'NS', name: 'child', content: 'ns1.example.net' })).status).toBe(200);
    expect((await post(emu, ds)).status).toBe(200);
    const batch = await emu.call('POST', recordsPath(emu, '/batch'), {
      posts: [
        { type: 'NS', name: 'sub', content: 'ns1.example.net' },
        { ...ds, name: 'sub' },
      ],
    });
    expect(batch.status).toBe(200);
    const wrongOrder = await emu.call('POST', recordsPath(emu, '/batch'), {
      posts: [
        { ...ds, name: 'other' },
        { type: 'NS', name: 'other', content: 'ns1.example.net' },
      ],
    });
    expect([wrongOrder.status, wrongOrder.body.errors[0].code]).toEqual([400, 9115]);
  });

  it('a DS at the apex needs no listed NS (the service answers the apex NS itself)', async () => {
    const emu = await startTestEmulator();
    expect((await post(emu, { ...ds, name: '@' })).status).toBe(200);
  });
});

describe('zones list', () => {
  it('accepts per_page from 1 (certbot-dns-cloudflare sends name=...&per_page=1)', async () => {
    const emu = await startTestEmulator({ zones: ['example.com', 'example.net'] });
    const one = await emu.call('GET', '/zones?name=example.com&per_page=1');
    expect([one.status, one.body.result.length, one.body.result_info.per_page]).toEqual([200, 1, 1]);
    const page = await emu.call('GET', '/zones?per_page=1&page=2&order=name');
    expect(page.body.result.map((z: { name: string }) => z.name)).toEqual(['example.net']);
    expect((await emu.call('GET', '/zones?per_page=0')).status).toBe(400);
  });
});

describe('records beside a delegation (NS below the apex): kept when the NS comes second, shadowed', () => {
  it('refuses a record created where an NS exists (81056), keeps an NS created beside records, and updates in place beside it', async () => {
    const emu = await startTestEmulator();
    expect((await post(emu, { type: 'NS', name: 'acme', content: 'ns.example.net' })).status).toBe(200);
    expect((await post(emu, { type: 'NS', name: 'acme', content: 'ns2.example.net' })).status).toBe(200);
    const a = await post(emu, { type: 'A', name: 'acme', content: '192.0.2.1' });
    expect([a.status, a.code]).toEqual([400, 81056]);
    expect((await post(emu, { type: 'TXT', name: 'acme', content: 'x' })).code).toBe(81056);
    // The other order: the records first, then the NS (shadowed-records doc; real zones hold both).
    const txt = await post(emu, { type: 'TXT', name: 'txt', content: 'x' });
    expect(txt.status).toBe(200);
    expect((await post(emu, { type: 'MX', name: 'txt', content: 'mx.example.net', priority: 10 })).status).toBe(200);
    expect((await post(emu, { type: 'NS', name: 'txt', content: 'ns.example.net' })).status).toBe(200);
    // An update in place beside the NS is kept; moving another record there is a create at that name, refused.
    const id = String(txt.result?.id);
    const patched = await emu.call('PATCH', `${recordsPath(emu)}/${id}`, { content: 'y' });
    expect([patched.status, patched.body.result?.content]).toEqual([200, 'y']);
    const other = await post(emu, { type: 'A', name: 'elsewhere', content: '192.0.2.2' });
    const moved = await emu.call('PATCH', `${recordsPath(emu)}/${String(other.result?.id)}`, { name: 'txt.example.com' });
    expect([moved.status, moved.body.errors?.[0]?.code]).toEqual([400, 81056]);
    // The apex holds the service's own NS beside everything.
    expect((await post(emu, { type: 'NS', name: '@', content: 'ns.example.net' })).status).toBe(200);
    expect((await post(emu, { type: 'A', name: '@', content: '192.0.2.1' })).status).toBe(200);
  });
});
