/**
 * Record rules audited item by item (issue 4; src/emulator/README.md), over real HTTP: the service's
 * own network (every published range, both edges, from https://www.cloudflare.com/ips/ — not the implementation's
 * table), private addresses not proxiable (9003), documentation ranges public, TTL rules with
 * the enterprise minimum, DNS-only TTL kept, comment length by plan, tag limits, SRV legacy
 * data members on every write path, proxied CNAME chains inside a batch, match=any with
 * repeated content parameters.
 */
import ipaddr from 'ipaddr.js';
import { describe, expect, it } from 'vitest';
import { recordsPath, startTestEmulator, type TestEmulator } from './helpers.js';

const SERVICE_V4 = [
  '173.245.48.0/20',
  '103.21.244.0/22',
  '103.22.200.0/22',
  '103.31.4.0/22',
  '141.101.64.0/18',
  '108.162.192.0/18',
  '190.93.240.0/20',
  '188.114.96.0/20',
  '197.234.240.0/22',
  '198.41.128.0/17',
  '162.158.0.0/15',
  '104.16.0.0/13',
  '104.24.0.0/14',
  '172.64.0.0/13',
  '131.0.72.0/22',
];
const SERVICE_V6 = [
  '2400:cb00::/32',
  '2606:4700::/32',
  '2803:f800::/32',
  '2405:b500::/32',
  '2405:8100::/32',
  '2a06:98c0::/29',
  '2c0f:f248::/32',
];

/** First and last address of a CIDR, and the addresses just outside it. */
function edges(cidr: string): { inside: string[]; outside: string[] } {
  const [net, bits] = ipaddr.parseCIDR(cidr);
  const bytes = net.toByteArray();
  const width = bytes.length * 8;
  const value = bytes.reduce((acc, b) => (acc << 8n) | BigInt(b), 0n);
  const size = 1n << BigInt(width - bits);
  const toAddr = (v: bigint): string => {
    const out: number[] = [];
    for (let i = bytes.length - 1; i >= 0; i -= 1) out[i] = Number((v >> BigInt((bytes.length - 1 - i) * 8)) & 0xffn);
    return ipaddr.fromByteArray(out).toString();
  };
  return { inside: [toAddr(value), toAddr(value + size - 1n)], outside: [toAddr(value - 1n), toAddr(value + size)] };
}

function inAnyRange(address: string, ranges: readonly string[]): boolean {
  const parsed = ipaddr.parse(address);
  return ranges.some((cidr) => {
    const [net, bits] = ipaddr.parseCIDR(cidr);
    return net.kind() === parsed.kind() && parsed.match(net as never, bits);
  });
}

async function post(
  emu: TestEmulator,
  body: Record<string, unknown>,
): Promise<{ status: number; code?: number; message?: string; result?: Record<string, unknown> }> {
  const res = await emu.call('POST', recordsPath(emu), body);
  return {
    status: res.status,
    code: res.body.errors?.[0]?.code,
    message: res.body.errors?.[0]?.message,
    result: res.body.result ?? undefined,
  };
}

describe('the service network (published list, cloudflare.com/ips)', () => {
  it('refuses A/AAAA content at both edges of every published range (9011), accepts the addresses just outside', async () => {
    const emu = await startTestEmulator();
    let n = 0;
    for (const [type, ranges] of [
      ['A', SERVICE_V4],
      ['AAAA', SERVICE_V6],
    ] as const) {
      for (const cidr of ranges) {
        const { inside, outside } = edges(cidr);
        for (const address of inside) {
          const res = await post(emu, { type, name: `in${n++}`, content: address });
          expect([cidr, address, res.status, res.code]).toEqual([cidr, address, 400, 9011]);
        }
        // (An address just outside one range may open the next one: 104.16.0.0/13 then 104.24.0.0/14.)
        for (const address of outside.filter((a) => !inAnyRange(a, ranges))) {
          const res = await post(emu, { type, name: `out${n++}`, content: address });
          expect([cidr, address, res.status]).toEqual([cidr, address, 200]);
        }
      }
    }
    // Also on PATCH and PUT, and inside a batch (which then applies nothing).
    const ok = await post(emu, { type: 'A', name: 'move', content: '192.0.2.1' });
    const id = ok.result?.id as string;
    const patch = await emu.call('PATCH', recordsPath(emu, `/${id}`), { content: '104.16.0.1' });
    expect([patch.status, patch.body.errors[0].code]).toEqual([400, 9011]);
    const put = await emu.call('PUT', recordsPath(emu, `/${id}`), { type: 'AAAA', name: 'move', content: '2606:4700::1' });
    expect([put.status, put.body.errors[0].code]).toEqual([400, 9011]);
    const batch = await emu.call('POST', recordsPath(emu, '/batch'), {
      posts: [
        { type: 'A', name: 'fine', content: '192.0.2.3' },
        { type: 'A', name: 'cf', content: '162.159.1.1' },
      ],
    });
    expect([batch.status, batch.body.errors[0].code]).toEqual([400, 9011]);
    expect((await emu.call('GET', recordsPath(emu, '?name=fine'))).body.result).toEqual([]);
  });
});

describe('proxying and address classes', () => {
  const PRIVATE = [
    '10.0.0.1',
    '172.16.5.4',
    '192.168.1.1',
    '127.0.0.1',
    '169.254.1.1',
    '100.64.0.1',
    '100.127.255.254',
    'fc00::1',
    'fd12::1',
    'fe80::1',
    '::1',
  ];

  it('private, loopback, link-local and CGNAT addresses: proxiable false, proxying refused with 9003 on create, patch, put and batch', async () => {
    const emu = await startTestEmulator();
    for (const [i, address] of PRIVATE.entries()) {
      const type = address.includes(':') ? 'AAAA' : 'A';
      const dnsOnly = await post(emu, { type, name: `p${i}`, content: address });
      expect([address, dnsOnly.status, dnsOnly.result?.proxiable]).toEqual([address, 200, false]);
      const proxied = await post(emu, { type, name: `q${i}`, content: address, proxied: true });
      expect([address, proxied.status, proxied.code]).toEqual([address, 400, 9003]);
      const patch = await emu.call('PATCH', recordsPath(emu, `/${dnsOnly.result?.id as string}`), { proxied: true });
      expect([address, patch.status, patch.body.errors[0].code]).toEqual([address, 400, 9003]);
      const put = await emu.call('PUT', recordsPath(emu, `/${dnsOnly.result?.id as string}`), {
        type,
        name: `p${i}`,
        content: address,
        proxied: true,
      });
      expect([address, put.status, put.body.errors[0].code]).toEqual([address, 400, 9003]);
    }
    const batch = await emu.call('POST', recordsPath(emu, '/batch'), {
      posts: [{ type: 'A', name: 'bp', content: '10.9.9.9', proxied: true }],
    });
    expect([batch.status, batch.body.errors[0].code]).toEqual([400, 9003]);
  });

  it('documentation ranges are ordinary public addresses: proxiable and proxied', async () => {
    const emu = await startTestEmulator();
    for (const [i, address] of ['192.0.2.1', '198.51.100.7', '203.0.113.200', '2001:db8::5', '8.8.8.8'].entries()) {
      const res = await post(emu, { type: address.includes(':') ? 'AAAA' : 'A', name: `d${i}`, content: address, proxied: true });
      expect([address, res.status, res.result?.proxiable, res.result?.proxied]).toEqual([address, 200, true, true]);
    }
  });

  it('only A, AAAA and CNAME may be proxied (9004); SRV, MX, TXT, CAA are not proxiable', async () => {
    const emu = await startTestEmulator();
    const bodies = [
      { type: 'MX', name: '@', content: 'mx.example.net', priority: 1 },
      { type: 'TXT', name: 't', content: 'x' },
      { type: 'SRV', name: '_x._tcp', data: { priority: 1, weight: 1, port: 1, target: 'x.example.com' } },
      { type: 'CAA', name: '@', data: { flags: 0, tag: 'issue', value: 'ca.example' } },
    ];
    for (const body of bodies) {
      expect((await post(emu, { ...body, proxied: true })).code).toBe(9004);
      expect((await post(emu, body)).result?.proxiable).toBe(false);
    }
  });
});

describe('TTL', () => {
  it('DNS-only records keep their TTL on create, patch, put and batch (src/emulator/README.md)', async () => {
    const emu = await startTestEmulator();
    const created = await post(emu, { type: 'A', name: 'keep', content: '192.0.2.1', ttl: 3600, proxied: false });
    expect(created.result?.ttl).toBe(3600);
    const id = created.result?.id as string;
    expect((await emu.call('GET', recordsPath(emu, `/${id}`))).body.result.ttl).toBe(3600);
    expect((await emu.call('PATCH', recordsPath(emu, `/${id}`), { comment: 'x' })).body.result.ttl).toBe(3600);
    expect(
      (await emu.call('PUT', recordsPath(emu, `/${id}`), { type: 'A', name: 'keep', content: '192.0.2.1', ttl: 7200 })).body.result.ttl,
    ).toBe(7200);
    const batch = await emu.call('POST', recordsPath(emu, '/batch'), { posts: [{ type: 'TXT', name: 'b', content: 'x', ttl: 86400 }] });
    expect(batch.body.result.posts[0].ttl).toBe(86400);
    expect((await post(emu, { type: 'A', name: 'auto', content: '192.0.2.2' })).result?.ttl).toBe(1);
  });

  it('proxied records are auto (1) whatever TTL is sent; going DNS-only again keeps auto', async () => {
    const emu = await startTestEmulator();
    const res = await post(emu, { type: 'A', name: 'px', content: '192.0.2.1', ttl: 3600, proxied: true });
    expect([res.status, res.result?.ttl]).toEqual([200, 1]);
    const back = await emu.call('PATCH', recordsPath(emu, `/${res.result?.id as string}`), { proxied: false });
    expect(back.body.result.ttl).toBe(1);
  });

  it.each([
    ['free', 60, 59],
    ['pro', 60, 59],
    ['business', 60, 59],
    ['enterprise', 30, 29],
  ] as const)('%s: minimum %i, %i refused with 9021; 86400 allowed, 86401 refused; 1 = auto', async (zonePlan, min, below) => {
    const emu = await startTestEmulator({ zonePlan });
    expect((await post(emu, { type: 'A', name: 'min', content: '192.0.2.1', ttl: min })).result?.ttl).toBe(min);
    expect((await post(emu, { type: 'A', name: 'below', content: '192.0.2.1', ttl: below })).code).toBe(9021);
    expect((await post(emu, { type: 'A', name: 'max', content: '192.0.2.1', ttl: 86400 })).status).toBe(200);
    expect((await post(emu, { type: 'A', name: 'over', content: '192.0.2.1', ttl: 86401 })).code).toBe(9021);
    expect((await post(emu, { type: 'A', name: 'zero', content: '192.0.2.1', ttl: 0 })).code).toBe(9021);
    expect((await post(emu, { type: 'A', name: 'text', content: '192.0.2.1', ttl: '300' })).code).toBe(9021);
  });
});

describe('comment and tags', () => {
  it.each([
    ['free', 100],
    ['pro', 500],
    ['business', 500],
    ['enterprise', 500],
  ] as const)('%s: comments up to %i characters', async (zonePlan, max) => {
    const emu = await startTestEmulator({ zonePlan });
    expect((await post(emu, { type: 'A', name: 'ok', content: '192.0.2.1', comment: 'c'.repeat(max) })).status).toBe(200);
    expect((await post(emu, { type: 'A', name: 'long', content: '192.0.2.1', comment: 'c'.repeat(max + 1) })).code).toBe(9105);
    expect((await post(emu, { type: 'A', name: 'cr', content: '192.0.2.1', comment: 'a\rb' })).code).toBe(9105);
  });

  it('tags on a paid zone: name or name:value, at most 20 (duplicates count once; 9300 past it), on create, patch and batch', async () => {
    const emu = await startTestEmulator({ zonePlan: 'pro' });
    const twenty = Array.from({ length: 20 }, (_, i) => `t${i}:v`);
    const ok = await post(emu, { type: 'A', name: 'tags', content: '192.0.2.1', tags: [...twenty, 't0:v'] });
    expect(ok.status).toBe(200);
    expect(ok.result?.tags).toHaveLength(20);
    const patch = await emu.call('PATCH', recordsPath(emu, `/${ok.result?.id as string}`), { tags: [...twenty, 'x:y'] });
    expect([patch.status, patch.body.errors[0].code]).toEqual([400, 9300]);
    expect(patch.body.errors[0].message).toBe('DNS record has 21 tags, exceeding the quota of 20.');
    const batch = await emu.call('POST', recordsPath(emu, '/batch'), {
      posts: [{ type: 'A', name: 'b', content: '192.0.2.1', tags: ['bad tag'] }],
    });
    expect(batch.body.errors[0].code).toBe(9112);
    // Bare tags are valid and returned as written (terraform-provider-cloudflare acceptance tests).
    const bare = await post(emu, { type: 'A', name: 'bare', content: '192.0.2.1', tags: ['tag1', 'env:prod'] });
    expect([bare.status, bare.result?.tags]).toEqual([200, ['tag1', 'env:prod']]);
    expect((await post(emu, { type: 'A', name: 'num', content: '192.0.2.1', tags: [5] })).code).toBe(9112);
    // The emulator's own codes never reuse an authentication code (9103, 9106, 9109).
    const badBatch = await emu.call('POST', recordsPath(emu, '/batch'), { posts: 'nope' });
    expect([badBatch.status, badBatch.body.errors[0].code]).toEqual([400, 9113]);
    // A name of at most 32 characters, a value of at most 100 (the plans index, dns.record_tags).
    const name32 = `${'n'.repeat(32)}:${'v'.repeat(100)}`;
    expect((await post(emu, { type: 'A', name: 'long', content: '192.0.2.1', tags: [name32] })).status).toBe(200);
    expect((await post(emu, { type: 'A', name: 'long2', content: '192.0.2.1', tags: [`${'n'.repeat(33)}:v`] })).code).toBe(9112);
    expect((await post(emu, { type: 'A', name: 'long3', content: '192.0.2.1', tags: [`n:${'v'.repeat(101)}`] })).code).toBe(9112);
  });

  it('tags on a Free zone: none (9300, "exceeding the quota of 0"), on create, patch and batch; no tag (or []) is fine', async () => {
    const emu = await startTestEmulator();
    const create = await post(emu, { type: 'A', name: 'a', content: '192.0.2.1', tags: ['team:web'] });
    expect([create.status, create.code]).toEqual([400, 9300]);
    expect(create.message).toBe('DNS record has 1 tags, exceeding the quota of 0.');
    const plain = await post(emu, { type: 'A', name: 'a', content: '192.0.2.1', tags: [] });
    expect(plain.status).toBe(200);
    const patch = await emu.call('PATCH', recordsPath(emu, `/${plain.result?.id as string}`), { tags: ['x'] });
    expect([patch.status, patch.body.errors[0].code]).toEqual([400, 9300]);
    const batch = await emu.call('POST', recordsPath(emu, '/batch'), {
      posts: [{ type: 'A', name: 'b', content: '192.0.2.2', tags: ['x'] }],
    });
    expect(batch.body.errors[0].code).toBe(9300);
    expect((await emu.call('GET', recordsPath(emu))).body.result).toHaveLength(1);
  });

  it('tags on a Free zone before 2024-10-01: 9300 inside the 1004 wrapper, as the answers of that time show', async () => {
    const emu = await startTestEmulator({ apiDate: '2024-03-26' });
    const res = await emu.call('POST', recordsPath(emu), { type: 'A', name: 'a', content: '192.0.2.1', tags: ['t'] });
    expect(res.body.errors).toEqual([
      {
        code: 1004,
        message: 'DNS Validation Error',
        error_chain: [{ code: 9300, message: 'DNS record has 1 tags, exceeding the quota of 0.' }],
      },
    ]);
  });
});

describe('SRV legacy data members (retired 2024-05-31)', () => {
  const base = { priority: 1, weight: 2, port: 3, target: 'sip.example.com' };
  it.each(['service', 'proto', 'name'])('data.%s is refused on create, patch, put and batch, naming the top-level name', async (field) => {
    const emu = await startTestEmulator();
    const value = field === 'name' ? 'example.com' : field === 'proto' ? '_tcp' : '_sip';
    const created = await post(emu, { type: 'SRV', name: '_sip._tcp', data: { ...base, [field]: value } });
    expect([created.status, created.code]).toEqual([400, 9102]);
    const ok = await post(emu, { type: 'SRV', name: '_sip._tcp', data: base });
    const id = ok.result?.id as string;
    const patch = await emu.call('PATCH', recordsPath(emu, `/${id}`), { data: { [field]: value } });
    expect([patch.status, patch.body.errors[0].code]).toEqual([400, 9102]);
    expect(patch.body.errors[0].message).toMatch(/top-level name/);
    const put = await emu.call('PUT', recordsPath(emu, `/${id}`), { type: 'SRV', name: '_sip._tcp', data: { ...base, [field]: value } });
    expect(put.body.errors[0].code).toBe(9102);
    const batch = await emu.call('POST', recordsPath(emu, '/batch'), { patches: [{ id, data: { ...base, [field]: value } }] });
    expect(batch.body.errors[0].code).toBe(9102);
    expect((await emu.call('GET', recordsPath(emu, `/${id}`))).body.result.data).toEqual(base);
  });
});

describe('proxied CNAME chains are not checked on writes (the service holds them, issue 28)', () => {
  it('a proxied CNAME to an in-zone name with no address, or with only a wildcard, or in a loop, is kept', async () => {
    const emu = await startTestEmulator();
    const batch = await emu.call('POST', recordsPath(emu, '/batch'), {
      posts: [
        // As in a real zone: the target exists only through a wildcard CNAME leaving the zone.
        { type: 'CNAME', name: '*.a.selfhosted', content: 'static.example.net' },
        { type: 'CNAME', name: 'owo', content: 'x.a.selfhosted.example.com', proxied: true },
        { type: 'CNAME', name: 'www2', content: 'nothing.example.com', proxied: true },
        { type: 'CNAME', name: 'l1', content: 'l2.example.com', proxied: true },
        { type: 'CNAME', name: 'l2', content: 'l1.example.com' },
      ],
    });
    expect(batch.status, JSON.stringify(batch.body.errors)).toBe(200);
    expect(batch.body.result.posts.map((r: { proxied: boolean }) => r.proxied)).toEqual([false, true, true, true, false]);
  });
});

describe('list: match=any with repeated parameters', () => {
  it('repeated content (and name) parameters are alternatives with match=any, all required without', async () => {
    const emu = await startTestEmulator();
    await emu.call('POST', recordsPath(emu, '/batch'), {
      posts: [
        { type: 'A', name: 'a', content: '192.0.2.1' },
        { type: 'A', name: 'b', content: '192.0.2.2' },
        { type: 'A', name: 'c', content: '192.0.2.3' },
      ],
    });
    const names = async (query: string): Promise<string[]> =>
      (await emu.call('GET', recordsPath(emu, `?order=name&${query}`))).body.result.map((r: { name: string }) => r.name);
    expect(await names('content=192.0.2.1&content=192.0.2.3&match=any')).toEqual(['a.example.com', 'c.example.com']);
    expect(await names('content=192.0.2.1&content=192.0.2.3')).toEqual([]);
    expect(await names('name.exact=a.example.com&content.exact=192.0.2.2&match=any')).toEqual(['a.example.com', 'b.example.com']);
    expect(await names('name=a&name=b&name=c&match=any')).toEqual(['a.example.com', 'b.example.com', 'c.example.com']);
    const bad = await emu.call('GET', recordsPath(emu, '?match=some'));
    expect(bad.status).toBe(400);
  });
});

describe('batch limit', () => {
  it.each([
    ['free', undefined, 200],
    ['business', undefined, 3500],
    ['enterprise', undefined, 3500],
    ['enterprise', 10, 10],
  ] as const)('%s (--batch-limit %s): %i operations pass, one more is refused with 9108', async (zonePlan, batchLimit, limit) => {
    const emu = await startTestEmulator({ zonePlan, ...(batchLimit !== undefined ? { batchLimit } : {}) });
    const posts = (n: number, p: string) => Array.from({ length: n }, (_, i) => ({ type: 'TXT', name: `${p}${i}`, content: 'x' }));
    const over = await emu.call('POST', recordsPath(emu, '/batch'), { posts: posts(limit + 1, 'o') });
    expect([over.status, over.body.errors[0].code]).toEqual([400, 9108]);
    expect(over.body.errors[0].message).toContain(String(limit));
    const at = await emu.call('POST', recordsPath(emu, '/batch'), { posts: posts(limit, 'a') });
    expect(at.status).toBe(200);
  });
});
