/** What each changed name and type must answer after an apply, and whether a nameserver's answer does. */
import { describe, expect, it } from 'vitest';
import type { CanonicalRecord } from '../../../src/core/model/record.js';
import { expectedAnswers, judgeReply, zoneViewAfter, type Expectation, type NameserverReply } from '../../../src/core/propagation/index.js';
import { proxyAddresses } from '../../../src/core/resolve/proxy-addresses.js';

const Z = 'example.com';
const rec = (name: string, type: CanonicalRecord['type'], extra: Partial<CanonicalRecord> = {}): CanonicalRecord => ({
  name: name === '@' ? Z : `${name}.${Z}`,
  type,
  ttl: 1,
  proxied: false,
  ...extra,
});
const a = (name: string, content: string, extra: Partial<CanonicalRecord> = {}) => rec(name, 'A', { content, ...extra });

function expectations(records: CanonicalRecord[], changes: Parameters<typeof expectedAnswers>[1], flattenAllCnames = false): Expectation[] {
  return expectedAnswers(
    zoneViewAfter({ zone: Z, records, flattenAllCnames, nameServers: ['ada.ns.cloudflare.com', 'bob.ns.cloudflare.com'] }),
    changes,
  );
}
const only = (list: Expectation[]) => list.map((e) => `${e.name} ${e.type} ${e.expect.kind}`);

describe('expectedAnswers', () => {
  it('a created or updated record: its records, an automatic TTL answering 300; one check per name and type', () => {
    const www = a('www', '192.0.2.2');
    const list = expectations(
      [www, a('www', '192.0.2.3', { ttl: 600 })],
      [{ before: a('www', '192.0.2.1'), after: www }, { after: a('www', '192.0.2.3', { ttl: 600 }) }],
    );
    expect(list).toEqual([
      {
        name: 'www.example.com',
        type: 'A',
        expect: {
          kind: 'records',
          answer: [
            { name: 'www.example.com', type: 'A', ttl: 300, data: '192.0.2.2' },
            { name: 'www.example.com', type: 'A', ttl: 600, data: '192.0.2.3' },
          ],
        },
      },
    ]);
  });

  it('a deleted record: absent (NXDOMAIN or NODATA), unless a wildcard answers for the name', () => {
    expect(only(expectations([], [{ before: rec('old', 'TXT', { content: 'x' }) }]))).toEqual(['old.example.com TXT absent']);
    const wild = rec('*', 'TXT', { content: 'wild' });
    const list = expectations([wild], [{ before: rec('old', 'TXT', { content: 'x' }) }]);
    expect(list[0].expect).toEqual({ kind: 'records', answer: [{ name: 'old.example.com', type: 'TXT', ttl: 300, data: '"wild"' }] });
  });

  it('a proxied A or CNAME: the service addresses for A and AAAA, never the origin', () => {
    const web = a('web', '192.0.2.10', { proxied: true });
    const cname = rec('www', 'CNAME', { content: 'origin.example.net', proxied: true });
    const list = expectations([web, cname], [{ after: web }, { after: cname }]);
    expect(only(list)).toEqual([
      'web.example.com A service-addresses',
      'www.example.com A service-addresses',
      'www.example.com AAAA service-addresses',
    ]);
    expect(list[0].expect).toEqual({ kind: 'service-addresses', origins: ['192.0.2.10'] });
    expect(list[1].expect).toEqual({ kind: 'service-addresses', origins: ['origin.example.net'] });
  });

  it('a proxied name with ipv4_only answers no AAAA; its HTTPS record is the one the service makes', () => {
    const v4 = a('v4', '192.0.2.10', { proxied: true, settings: { ipv4_only: true } });
    const list = expectations([v4], [{ after: v4 }, { before: rec('v4', 'HTTPS', { data: { priority: 1, target: '.', value: '' } }) }]);
    expect(only(list)).toEqual(['v4.example.com A service-addresses', 'v4.example.com HTTPS service-https']);
    const aaaa = expectations([v4], [{ after: rec('v4', 'AAAA', { content: '2001:db8::1' }) }]);
    expect(only(aaaa)).toEqual(['v4.example.com AAAA absent']);
  });

  it('a flattened CNAME is asked for its addresses: known within the zone, not waited for outside it', () => {
    const apex = rec('@', 'CNAME', { content: 'lb.example.net' });
    const list = expectations([apex], [{ after: apex }]);
    expect(list.map((e) => [e.type, e.expect.kind])).toEqual([
      ['A', 'unverifiable'],
      ['AAAA', 'unverifiable'],
    ]);
    const inZone = rec('www', 'CNAME', { content: 'app.example.com', ttl: 120 });
    const app = a('app', '192.0.2.7', { ttl: 600 });
    const flat = expectations([inZone, app], [{ after: inZone }]);
    expect(flat[0]).toEqual({
      name: 'www.example.com',
      type: 'A',
      expect: { kind: 'records', answer: [{ name: 'www.example.com', type: 'A', ttl: 120, data: '192.0.2.7' }] },
    });
    expect(flat[1].expect).toEqual({ kind: 'absent' });
    // flatten_all_cnames: even an outside target is flattened, so its addresses are not known here.
    const out = rec('docs', 'CNAME', { content: 'pages.example.net' });
    expect(only(expectations([out], [{ after: out }], true))).toEqual([
      'docs.example.com A unverifiable',
      'docs.example.com AAAA unverifiable',
    ]);
  });

  it('a CNAME the service does not flatten answers as a CNAME', () => {
    const docs = rec('docs', 'CNAME', { content: 'pages.example.net' });
    expect(expectations([docs], [{ after: docs }])).toEqual([
      {
        name: 'docs.example.com',
        type: 'CNAME',
        expect: { kind: 'records', answer: [{ name: 'docs.example.com', type: 'CNAME', ttl: 300, data: 'pages.example.net.' }] },
      },
    ]);
  });

  it('a delegation answers a referral, also for a name below it; the apex NS is not waited for', () => {
    const ns1 = rec('sub', 'NS', { content: 'ns1.provider.net' });
    const ns2 = rec('sub', 'NS', { content: 'ns2.provider.net' });
    const below = a('host.sub', '192.0.2.9');
    const list = expectations(
      [ns1, ns2, below],
      [{ after: ns1 }, { after: below }, { after: rec('@', 'NS', { content: 'ns.other.net' }) }],
    );
    expect(list).toEqual([
      {
        name: 'example.com',
        type: 'NS',
        expect: { kind: 'unverifiable', reason: "the apex NS answer is the service's own nameservers unless multi_provider is on" },
      },
      {
        name: 'host.sub.example.com',
        type: 'A',
        expect: { kind: 'referral', cut: 'sub.example.com', ns: ['ns1.provider.net.', 'ns2.provider.net.'] },
      },
      {
        name: 'sub.example.com',
        type: 'NS',
        expect: { kind: 'referral', cut: 'sub.example.com', ns: ['ns1.provider.net.', 'ns2.provider.net.'] },
      },
    ]);
  });

  it("the file's DNSKEY at the apex must be among the keys served", () => {
    const key = rec('@', 'DNSKEY', { data: { flags: 256, protocol: 3, algorithm: 13, public_key: 'AAAA' } });
    expect(only(expectations([key], [{ after: key }]))).toEqual(['example.com DNSKEY includes']);
  });
});

describe('judgeReply', () => {
  const reply = (rcode: string, answer: NameserverReply['answer'] = [], authority: NameserverReply['authority'] = []): NameserverReply => ({
    rcode,
    answer,
    authority,
  });
  const check = (records: CanonicalRecord[], change: CanonicalRecord, which = 0): Expectation =>
    expectations(records, [{ after: change }])[which];

  it('records: the same records and TTLs, in any order and case of names', () => {
    const e = expectations([a('www', '192.0.2.2'), a('www', '192.0.2.3')], [{ after: a('www', '192.0.2.2') }])[0];
    const good = reply('NOERROR', [
      { name: 'WWW.example.com.', type: 'A', ttl: 300, data: '192.0.2.3' },
      { name: 'www.example.com', type: 'A', ttl: 300, data: '192.0.2.2' },
    ]);
    expect(judgeReply(e, good)).toEqual({ served: true });
    expect(judgeReply(e, reply('NOERROR', [{ name: 'www.example.com', type: 'A', ttl: 300, data: '192.0.2.1' }]))).toEqual({
      served: false,
      why: 'answers A 192.0.2.1 (TTL 300); expected A 192.0.2.2 (TTL 300), A 192.0.2.3 (TTL 300)',
    });
    expect(judgeReply(e, reply('NXDOMAIN'))).toMatchObject({ served: false, why: expect.stringMatching(/^answers NXDOMAIN; expected/) });
    const ttl = reply(
      'NOERROR',
      good.answer.map((r) => ({ ...r, ttl: 3600 })),
    );
    expect(judgeReply(e, ttl).served).toBe(false);
  });

  it('absent: NXDOMAIN or NODATA, not a referral or records', () => {
    const e = expectations([], [{ before: a('old', '192.0.2.1') }])[0];
    expect(judgeReply(e, reply('NXDOMAIN')).served).toBe(true);
    expect(judgeReply(e, reply('NOERROR')).served).toBe(true);
    expect(judgeReply(e, reply('NOERROR', [{ name: 'old.example.com', type: 'A', ttl: 300, data: '192.0.2.1' }]))).toEqual({
      served: false,
      why: 'answers A 192.0.2.1 (TTL 300); expected NXDOMAIN or no records',
    });
    expect(judgeReply(e, reply('NOERROR', [], [{ name: 'old.example.com', type: 'NS', ttl: 300, data: 'ns.x.' }])).served).toBe(false);
    expect(judgeReply(e, reply('SERVFAIL')).served).toBe(false);
  });

  it("service-addresses: the service's network with TTL 300, never the origin (the emulator's addresses and real ones alike)", () => {
    const web = a('web', '192.0.2.10', { proxied: true });
    const e = check([web], web);
    const ours = proxyAddresses(Z).ipv4.map((d) => ({ name: 'web.example.com', type: 'A', ttl: 300, data: d }));
    expect(judgeReply(e, reply('NOERROR', ours)).served).toBe(true);
    // Addresses the real service answers (https://www.cloudflare.com/ips/): 104.21.0.0/16, 172.67.0.0/16.
    const real = ['104.21.32.1', '172.67.140.2'].map((d) => ({ name: 'web.example.com', type: 'A', ttl: 300, data: d }));
    expect(judgeReply(e, reply('NOERROR', real)).served).toBe(true);
    expect(judgeReply(e, reply('NOERROR', [{ name: 'web.example.com', type: 'A', ttl: 300, data: '192.0.2.10' }]))).toMatchObject({
      served: false,
    });
    expect(
      judgeReply(
        e,
        reply(
          'NOERROR',
          real.map((r) => ({ ...r, ttl: 3600 })),
        ),
      ).served,
    ).toBe(false);
    expect(judgeReply(e, reply('NOERROR')).served).toBe(false);
  });

  it('referral: NS of the cut in the authority section', () => {
    const ns = rec('sub', 'NS', { content: 'ns1.provider.net' });
    const e = check([ns], ns);
    expect(
      judgeReply(e, reply('NOERROR', [], [{ name: 'sub.example.com', type: 'NS', ttl: 86400, data: 'NS1.provider.net.' }])).served,
    ).toBe(true);
    expect(judgeReply(e, reply('NXDOMAIN')).served).toBe(false);
    expect(judgeReply(e, reply('NOERROR', [], [{ name: 'sub.example.com', type: 'NS', ttl: 86400, data: 'ns9.provider.net.' }]))).toEqual({
      served: false,
      why: 'answers a referral to ns9.provider.net.; expected a referral to ns1.provider.net.',
    });
  });

  it('includes: the file’s keys among those served', () => {
    const key = rec('@', 'DNSKEY', { data: { flags: 256, protocol: 3, algorithm: 13, public_key: 'AAAA' } });
    const e = check([key], key);
    const theirs = { name: 'example.com', type: 'DNSKEY', ttl: 3600, data: '257 3 13 BBBB' };
    const mine = { name: 'example.com', type: 'DNSKEY', ttl: 300, data: '256 3 13 AAAA' };
    expect(judgeReply(e, reply('NOERROR', [theirs, mine])).served).toBe(true);
    expect(judgeReply(e, reply('NOERROR', [theirs]))).toMatchObject({
      served: false,
      why: expect.stringContaining('missing DNSKEY 256 3 13 AAAA'),
    });
  });

  it('shortens long answers and names how many there are', () => {
    const e = expectations([], [{ before: a('old', '192.0.2.1') }])[0];
    const many = Array.from({ length: 5 }, (_, i) => ({
      name: 'old.example.com',
      type: 'TXT',
      ttl: 300,
      data: `"${'x'.repeat(100)}${i}"`,
    }));
    const verdict = judgeReply(e, reply('NOERROR', many));
    expect(verdict.served).toBe(false);
    if (!verdict.served)
      expect(verdict.why).toMatch(/^answers TXT "x{72}\.\.\., TXT .*, \.\.\. \(5 records\); expected NXDOMAIN or no records$/);
  });
});
