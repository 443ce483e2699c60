import { describe, expect, it } from 'vitest';
import { recordsPath, startTestEmulator } from './helpers.js';

type Case = [string, Record<string, unknown>, number, number];

const INVALID: Case[] = [
  ['A content not IPv4', { type: 'A', name: 'a', content: '300.1.1.1' }, 400, 9005],
  ['AAAA content not IPv6', { type: 'AAAA', name: 'a', content: '192.0.2.1' }, 400, 9006],
  ['A in the service network', { type: 'A', name: 'a', content: '104.16.0.1' }, 400, 9011],
  ['AAAA in the service network', { type: 'AAAA', name: 'a', content: '2606:4700::1' }, 400, 9011],
  ['proxied TXT', { type: 'TXT', name: 'a', content: 'x', proxied: true }, 400, 9004],
  ['proxied private address', { type: 'A', name: 'a', content: '10.1.2.3', proxied: true }, 400, 9003],
  ['proxied CGNAT address', { type: 'A', name: 'a', content: '100.64.0.1', proxied: true }, 400, 9003],
  ['proxied loopback v6', { type: 'AAAA', name: 'a', content: '::1', proxied: true }, 400, 9003],
  ['TTL too low', { type: 'A', name: 'a', content: '192.0.2.1', ttl: 59 }, 400, 9021],
  ['TTL too high', { type: 'A', name: 'a', content: '192.0.2.1', ttl: 86401 }, 400, 9021],
  ['TTL 30 on free', { type: 'A', name: 'a', content: '192.0.2.1', ttl: 30 }, 400, 9021],
  ['TXT inconsistent quotes', { type: 'TXT', name: 'a', content: '"abc" def' }, 400, 9022],
  ['TXT trailing quote only', { type: 'TXT', name: 'a', content: 'abc"' }, 400, 9022],
  [
    'SRV legacy data',
    {
      type: 'SRV',
      name: '_sip._tcp',
      data: { service: '_sip', proto: '_tcp', name: 'example.com', priority: 1, weight: 1, port: 1, target: 'x.example.com' },
    },
    400,
    9102,
  ],
  [
    'SRV port out of range',
    { type: 'SRV', name: '_sip._tcp', data: { priority: 1, weight: 1, port: 70000, target: 'x.example.com' } },
    400,
    9101,
  ],
  ['CAA without data', { type: 'CAA', name: '@' }, 400, 9101],
  ['MX without priority', { type: 'MX', name: '@', content: 'mx.example.net' }, 400, 9100],
  ['label over 63', { type: 'A', name: `${'a'.repeat(64)}`, content: '192.0.2.1' }, 400, 9000],
  ['A name with a space', { type: 'A', name: 'a b', content: '192.0.2.1' }, 400, 9000],
  ['A label ending with a hyphen', { type: 'A', name: 'web-', content: '192.0.2.1' }, 400, 9000],
  ['absolute name outside the zone', { type: 'A', name: 'www.example.net.', content: '192.0.2.1' }, 400, 9000],
  ['unknown type', { type: 'BOGUS', name: 'a', content: 'x' }, 400, 9008],
  ['SOA', { type: 'SOA', name: '@', content: 'x' }, 400, 9008],
  ['comment over 100 on free', { type: 'A', name: 'a', content: '192.0.2.1', comment: 'c'.repeat(101) }, 400, 9105],
  ['comment with a newline', { type: 'A', name: 'a', content: '192.0.2.1', comment: 'a\nb' }, 400, 9105],
  // Tags are a feature of paid plans: on a Free zone the quota is 0 (9300; the other tag rules: records-rules-more.test.ts).
  ['a tag on a Free zone', { type: 'A', name: 'a', content: '192.0.2.1', tags: ['team:x'] }, 400, 9300],
  ['CNAME to itself', { type: 'CNAME', name: 'a', content: 'a.example.com' }, 400, 9007],
  ['missing content', { type: 'A', name: 'a' }, 400, 9009],
  ['body not an object', [] as unknown as Record<string, unknown>, 400, 9207],
];

describe('record rules', () => {
  it.each(INVALID)('%s', async (_label, body, status, code) => {
    const emu = await startTestEmulator();
    const res = await emu.call('POST', recordsPath(emu), body);
    expect(res.status).toBe(status);
    expect(res.body.success).toBe(false);
    expect(res.body.result).toBeNull();
    expect(res.body.errors).toHaveLength(1);
    expect(res.body.errors[0].code).toBe(code);
    expect(res.body.errors[0]).not.toHaveProperty('error_chain');
    const list = await emu.call('GET', recordsPath(emu));
    expect(list.body.result).toEqual([]);
  });

  it('accepts what the real service accepts', async () => {
    const emu = await startTestEmulator({ zonePlan: 'enterprise' });
    const ok = [
      { type: 'A', name: '1st', content: '192.0.2.1' },
      { type: 'A', name: '*.dev', content: '192.0.2.2' },
      { type: 'A', name: 'under_score', content: '192.0.2.3' },
      { type: 'A', name: 'doc', content: '203.0.113.5', proxied: true },
      { type: 'A', name: 'ent', content: '192.0.2.4', ttl: 30 },
      { type: 'A', name: 'bücher', content: '192.0.2.5' },
      { type: 'TXT', name: 'q', content: '"quoted" "twice"' },
      { type: 'MX', name: 'nullmx', content: '.', priority: 0 },
      { type: 'A', name: 'long', content: '192.0.2.6', comment: 'c'.repeat(500) },
    ];
    for (const body of ok) {
      const res = await emu.call('POST', recordsPath(emu), body);
      expect(res.status, JSON.stringify(res.body.errors)).toBe(200);
    }
    const idn = await emu.call('GET', recordsPath(emu, '?name=xn--bcher-kva.example.com'));
    expect(idn.body.result).toHaveLength(1);
  });

  it('keeps a CNAME apart from A/AAAA/CNAME (81053 / 81054) and refuses duplicates (81058 / 81057)', async () => {
    const emu = await startTestEmulator();
    expect((await emu.call('POST', recordsPath(emu), { type: 'A', name: 'www', content: '192.0.2.1', ttl: 300 })).status).toBe(200);
    const cname = await emu.call('POST', recordsPath(emu), { type: 'CNAME', name: 'www', content: 'other.example.net' });
    expect([cname.status, cname.body.errors[0].code]).toEqual([400, 81053]);
    expect((await emu.call('POST', recordsPath(emu), { type: 'CNAME', name: 'alias', content: 'other.example.net' })).status).toBe(200);
    const a = await emu.call('POST', recordsPath(emu), { type: 'A', name: 'alias', content: '192.0.2.1' });
    expect([a.status, a.body.errors[0].code]).toEqual([400, 81054]);
    const aaaa = await emu.call('POST', recordsPath(emu), { type: 'AAAA', name: 'alias', content: '2001:db8::1' });
    expect([aaaa.status, aaaa.body.errors[0].code]).toEqual([400, 81054]);
    // Beside other types a CNAME is accepted (issue 19, item 6; src/emulator/README.md, "Record rules").
    expect((await emu.call('POST', recordsPath(emu), { type: 'TXT', name: 'alias', content: 'x' })).status).toBe(200);
    const identical = await emu.call('POST', recordsPath(emu), { type: 'A', name: 'www', content: '192.0.2.1', ttl: 300 });
    expect([identical.status, identical.body.errors[0].code]).toEqual([400, 81058]);
    const exists = await emu.call('POST', recordsPath(emu), { type: 'A', name: 'www', content: '192.0.2.1', ttl: 600 });
    expect([exists.status, exists.body.errors[0].code]).toEqual([400, 81057]);
    const txtA = await emu.call('POST', recordsPath(emu), { type: 'TXT', name: 't', content: 'same text' });
    expect(txtA.status).toBe(200);
    const txtB = await emu.call('POST', recordsPath(emu), { type: 'TXT', name: 't', content: '"same text"' });
    expect(txtB.body.errors[0].code).toBe(81058);
    const second = await emu.call('POST', recordsPath(emu), { type: 'A', name: 'www', content: '192.0.2.2', ttl: 300 });
    expect(second.status).toBe(200);
    // A record may be updated onto itself (no self-conflict).
    const self = await emu.call('PATCH', recordsPath(emu, `/${second.body.result.id}`), { ttl: 300 });
    expect(self.status).toBe(200);
  });

  it('does not check proxied CNAME chains: a dangling in-zone target is kept, and so is a write after its target goes', async () => {
    const emu = await startTestEmulator();
    const dangling = await emu.call('POST', recordsPath(emu), { type: 'CNAME', name: 'p', content: 'nothing.example.com', proxied: true });
    expect([dangling.status, dangling.body.result?.proxied]).toEqual([200, true]);
    const target = await emu.call('POST', recordsPath(emu), { type: 'A', name: 'origin', content: '192.0.2.9' });
    const chained = await emu.call('POST', recordsPath(emu), { type: 'CNAME', name: 'q', content: 'origin.example.com', proxied: true });
    expect(chained.status).toBe(200);
    expect((await emu.call('DELETE', recordsPath(emu, `/${target.body.result.id}`))).status).toBe(200);
    const again = await emu.call('PATCH', recordsPath(emu, `/${chained.body.result.id}`), { comment: 'touch' });
    expect(again.status).toBe(200);
  });

  it('answers 404 for unknown records and zones', async () => {
    const emu = await startTestEmulator();
    const rec = await emu.call('PATCH', recordsPath(emu, '/0123456789abcdef0123456789abcdef'), { ttl: 300 });
    expect([rec.status, rec.body.errors[0].code]).toEqual([404, 81044]);
    const zone = await emu.call('GET', '/zones/0123456789abcdef0123456789abcdef/dns_records');
    expect([zone.status, zone.body.errors[0].code]).toEqual([404, 7003]);
  });
});
