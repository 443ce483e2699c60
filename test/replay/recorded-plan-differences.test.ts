/**
 * Against recorded answers of the real API, a real difference in the zone file (one changed
 * value) is planned as exactly that difference: one update of the recorded record, naming the
 * one field that changed; and a value written differently but equal in meaning plans nothing.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { ZoneConfig } from '../../src/core/zonefile/index.js';
import { fixture, zoneFileText, type RecordedFixture } from './fixtures.js';
import { edit, expectOneUpdate, loadConfig, plan, startReplay, type Replay } from './replay-harness.js';

let replay: Replay | undefined;
afterEach(async () => {
  await replay?.close();
  replay = undefined;
});

async function planEdited(f: RecordedFixture, from: string, to: string) {
  replay = await startReplay(f);
  return plan(replay, loadConfig(edit(zoneFileText(f), from, to), f.zoneFile));
}

async function planConfig(f: RecordedFixture, change: (c: ZoneConfig) => ZoneConfig) {
  replay = await startReplay(f);
  return plan(replay, change(loadConfig(zoneFileText(f), f.zoneFile)));
}

/** The config with the record of that name and type changed by `patch` (app layer, not YAML). */
function withRecord(name: string, type: string, patch: Record<string, unknown>) {
  return (c: ZoneConfig): ZoneConfig => {
    const i = c.records.findIndex((d) => d.record.name === name && d.record.type === type);
    expect(i).toBeGreaterThanOrEqual(0);
    const records = [...c.records];
    records[i] = { ...records[i]!, record: { ...records[i]!.record, ...patch } };
    return { ...c, records };
  };
}

const OCTO = 'octodns-cloudflare pages 1-3';
const V5 = 'cf-terraforming v5 dns_records';
const SHOPIFY = 'Shopify record_store cassette';
const CADDY = 'caddyserver/caddy#7301 listing';

interface Case {
  readonly label: string;
  readonly fixture: string;
  readonly from: string;
  readonly to: string;
  readonly want: { id: string; name: string; type: string; fields: string[] };
}

const cases: Case[] = [
  // octodns-cloudflare
  {
    label: 'A content',
    fixture: OCTO,
    from: 'content: 1.2.3.4,',
    to: 'content: 1.2.3.7,',
    want: { id: 'fc12ab34cd5611334422ab3322997650', name: 'unit.tests', type: 'A', fields: ['content'] },
  },
  {
    label: 'AAAA ttl',
    fixture: OCTO,
    from: 'feb8:947a", ttl: 600',
    to: 'feb8:947a", ttl: 300',
    want: { id: 'fc12ab34cd5611334422ab3322997655', name: 'aaaa.unit.tests', type: 'AAAA', fields: ['ttl'] },
  },
  {
    label: 'MX priority',
    fixture: OCTO,
    from: 'smtp-1.unit.tests., priority: 40',
    to: 'smtp-1.unit.tests., priority: 45',
    want: { id: 'fc12ab34cd5611334422ab3322997657', name: 'mx.unit.tests', type: 'MX', fields: ['priority'] },
  },
  {
    label: 'NS content',
    fixture: OCTO,
    from: 'content: ns2.unit.tests.',
    to: 'content: ns3.unit.tests.',
    want: { id: 'fc12ab34cd5611334422ab3322997662', name: 'under.unit.tests', type: 'NS', fields: ['content'] },
  },
  {
    label: 'TXT content',
    fixture: OCTO,
    from: '"have you any wool."',
    to: '"have you any wool?"',
    want: { id: 'fc12ab34cd5611334422ab3322997665', name: 'txt.unit.tests', type: 'TXT', fields: ['content'] },
  },
  {
    label: 'CAA data.value',
    fixture: OCTO,
    from: 'value: ca.unit.tests',
    to: 'value: ca2.unit.tests',
    want: { id: 'fc223b34cd5611334422ab3322997667', name: 'unit.tests', type: 'CAA', fields: ['data'] },
  },
  {
    label: 'PTR content',
    fixture: OCTO,
    from: 'content: foo.bar.com.',
    to: 'content: foo.baz.com.',
    want: { id: 'fc12ab34cd5611334422ab3322997677', name: 'ptr.unit.tests', type: 'PTR', fields: ['content'] },
  },
  {
    label: 'NAPTR data.preference',
    fixture: OCTO,
    from: 'preference: 100',
    to: 'preference: 50',
    want: { id: '8b60c8518d09465ffc7741b7a4a431f9', name: 'unit.tests', type: 'NAPTR', fields: ['data'] },
  },
  {
    label: 'SSHFP data.fingerprint',
    fixture: OCTO,
    from: 'fingerprint: 859BE6ED',
    to: 'fingerprint: 859BE6EE',
    want: { id: '0a0c0e1d0b11d0090c4f06031909cebd', name: 'unit.tests', type: 'SSHFP', fields: ['data'] },
  },
  {
    label: 'DS data.digest',
    fixture: OCTO,
    from: 'digest: b5bb9d80',
    to: 'digest: b5bb9d81',
    want: { id: 'b7ac1830a4f79eb06d17fd4ca035cafd', name: 'ds.unit.tests', type: 'DS', fields: ['data'] },
  },
  // cf-terraforming
  {
    label: 'CNAME ttl',
    fixture: V5,
    from: 'content: example.com, ttl: 3600',
    to: 'content: example.com, ttl: 300',
    want: { id: 'd5260832bc7cf02d778aaec399f5e3b4', name: 'atmdfzvyns.origin.example.com', type: 'CNAME', fields: ['ttl'] },
  },
  {
    label: 'a comment',
    fixture: V5,
    from: 'content: 1.1.1.1 }',
    to: 'content: 1.1.1.1, comment: resolver }',
    want: { id: 'b0f691dc77d6f468f758f26eb7a81cd2', name: 'foo.example.com', type: 'A', fields: ['comment'] },
  },
  {
    label: 'A ttl (v4)',
    fixture: 'cf-terraforming v4-record-a.json',
    from: 'ttl: 120',
    to: 'ttl: 300',
    want: { id: '7df6f2a4ff66e0ffd1e2d640cad0527f', name: 'example.com', type: 'A', fields: ['ttl'] },
  },
  {
    label: 'CAA data.value (v4)',
    fixture: 'cf-terraforming v4-record-caa.json',
    from: 'value: example.com',
    to: 'value: example.net',
    want: { id: '372e67954025e0ba6aaa6d586b9e0b59', name: 'example.com', type: 'CAA', fields: ['data'] },
  },
  {
    label: 'quoted TXT content (v4)',
    fixture: 'cf-terraforming v4-record-txt-spf.json',
    from: '~all"',
    to: '-all"',
    want: { id: '9635b9083bd5770bf01b27d53c84b484', name: 'txtspf.example.com', type: 'TXT', fields: ['content'] },
  },
  {
    label: 'PTR content (v4)',
    fixture: 'cf-terraforming v4-record-ptr.json',
    from: '255.2.0.192',
    to: '254.2.0.192',
    want: { id: '9635b9083bd5770bf01b27d53c84b484', name: 'example.com', type: 'PTR', fields: ['content'] },
  },
  // Shopify record_store
  {
    label: 'TXT with an escaped quote',
    fixture: SHOPIFY,
    from: 'with \\" quote',
    to: 'with \\" quotes',
    want: { id: '738f935671ee0607bb50f0a23839000c', name: 'quote.record-store-dns-tests.shopitest.com', type: 'TXT', fields: ['content'] },
  },
  {
    label: 'MX priority (Enterprise zone)',
    fixture: SHOPIFY,
    from: 'priority: 10',
    to: 'priority: 20',
    want: { id: 'd256309eb12835d40b334ccd13c10976', name: 'mx.record-store-dns-tests.shopitest.com', type: 'MX', fields: ['priority'] },
  },
  // libcloud
  {
    label: 'proxied A content',
    fixture: 'libcloud pages 1-2',
    from: 'content: 192.30.252.153',
    to: 'content: 192.30.252.155',
    want: { id: '00000000000000000000000364797364', name: 'example.com', type: 'A', fields: ['content'] },
  },
  // caddy#7301
  {
    label: 'HTTPS SvcParams',
    fixture: CADDY,
    from: 'alpn="h3,h2"',
    to: 'alpn="h2"',
    want: { id: '365f7e1ed7dc06ccc3ba784190ecf7de', name: '958386.xyz', type: 'HTTPS', fields: ['data'] },
  },
  {
    label: 'null MX priority',
    fixture: CADDY,
    from: 'priority: 0',
    to: 'priority: 10',
    want: { id: 'f6ca7276701ecc6e2cc3510d0cf36fd7', name: '958386.xyz', type: 'MX', fields: ['priority'] },
  },
  // OpenAPI examples
  {
    label: 'URI priority',
    fixture: 'OpenAPI example uri.json',
    from: 'priority: 10',
    to: 'priority: 20',
    want: { id: '023e105f4ecef8ad9ca31a8372d0c353', name: 'example.com', type: 'URI', fields: ['priority'] },
  },
  {
    label: 'URI data.weight',
    fixture: 'OpenAPI example uri.json',
    from: 'weight: 20',
    to: 'weight: 30',
    want: { id: '023e105f4ecef8ad9ca31a8372d0c353', name: 'example.com', type: 'URI', fields: ['data'] },
  },
  {
    label: 'SVCB data.priority',
    fixture: 'OpenAPI example svcb.json',
    from: 'priority: 1,',
    to: 'priority: 2,',
    want: { id: '023e105f4ecef8ad9ca31a8372d0c353', name: 'example.com', type: 'SVCB', fields: ['data'] },
  },
  {
    // The service keeps NAPTR flags as written (recorded "S"): another case is another value (issue 28).
    label: 'NAPTR flags in another case',
    fixture: OCTO,
    from: 'flags: S,',
    to: 'flags: s,',
    want: { id: '8b60c8518d09465ffc7741b7a4a431f9', name: 'unit.tests', type: 'NAPTR', fields: ['data'] },
  },
  {
    label: 'SRV data.port',
    fixture: 'OpenAPI example srv.json',
    from: 'port: 8806',
    to: 'port: 8807',
    want: { id: '023e105f4ecef8ad9ca31a8372d0c353', name: '_sip._tcp.example.com', type: 'SRV', fields: ['data'] },
  },
  {
    label: 'a tag value',
    fixture: 'OpenAPI example srv.json',
    from: '"owner:dns-team"',
    to: '"owner:web-team"',
    want: { id: '023e105f4ecef8ad9ca31a8372d0c353', name: '_sip._tcp.example.com', type: 'SRV', fields: ['tags'] },
  },
];

describe('one changed value is planned as exactly that update', () => {
  it.each(cases.map((c) => [`${c.fixture}: ${c.label}`, c] as const))('%s', async (_title, c) => {
    const run = await planEdited(fixture(c.fixture), c.from, c.to);
    expectOneUpdate(run, c.want);
  });

  it('sends the canonical SvcParams in the update body (caddy#7301)', async () => {
    const run = await planEdited(fixture(CADDY), 'alpn="h3,h2"', 'alpn=h2');
    const op = expectOneUpdate(run, { id: '365f7e1ed7dc06ccc3ba784190ecf7de', name: '958386.xyz', type: 'HTTPS', fields: ['data'] });
    expect(op.body?.data).toEqual({
      priority: 1,
      target: '.',
      value: 'alpn="h2" ipv4hint="152.53.36.213" ipv6hint="2a0a:4cc0:2000:172::1"',
    });
  });
});

describe('per-record settings and bare tags (desired records built through the app layer)', () => {
  // The zone file schema has no per-record `settings` and refuses bare tags today; these
  // desired records are built as the file would build them once it does.
  it('flatten_cname: true on a CNAME the service answers with {"flatten_cname": false} is one update of settings.flatten_cname', async () => {
    const run = await planConfig(fixture(V5), withRecord('atmdfzvyns.origin.example.com', 'CNAME', { settings: { flatten_cname: true } }));
    const op = expectOneUpdate(run, {
      id: 'd5260832bc7cf02d778aaec399f5e3b4',
      name: 'atmdfzvyns.origin.example.com',
      type: 'CNAME',
      fields: ['settings.flatten_cname'],
    });
    expect(op.body?.settings).toEqual({ flatten_cname: true });
  });

  it('flatten_cname: false there, and ipv4_only: false on an A answered with "settings": {}, plan nothing', async () => {
    const run = await planConfig(fixture(V5), (c) =>
      withRecord('foo.example.com', 'A', { settings: { ipv4_only: false } })(
        withRecord('atmdfzvyns.origin.example.com', 'CNAME', { settings: { flatten_cname: false } })(c),
      ),
    );
    expect(run.plan.operations).toEqual([]);
  });

  it('ipv6_only: true on that A is one update of settings.ipv6_only', async () => {
    const run = await planConfig(fixture(V5), withRecord('foo.example.com', 'A', { settings: { ipv6_only: true } }));
    const op = expectOneUpdate(run, {
      id: 'b0f691dc77d6f468f758f26eb7a81cd2',
      name: 'foo.example.com',
      type: 'A',
      fields: ['settings.ipv6_only'],
    });
    expect(op.body?.settings).toEqual({ ipv6_only: true });
  });

  it('a bare tag is kept as it is and planned as a tags update', async () => {
    const run = await planConfig(fixture('OpenAPI example srv.json'), withRecord('_sip._tcp.example.com', 'SRV', { tags: ['tag1'] }));
    const op = expectOneUpdate(run, {
      id: '023e105f4ecef8ad9ca31a8372d0c353',
      name: '_sip._tcp.example.com',
      type: 'SRV',
      fields: ['tags'],
    });
    expect(op.body?.tags).toEqual(['tag1']);
  });

  it('a tag on the recorded zone, which is on the Free plan (v4-zone.json: legacy_id free), is refused before any write (issue 43, item 1)', async () => {
    const err = await planEdited(fixture(V5), 'content: 1.1.1.1 }', 'content: 1.1.1.1, tags: ["team:web"] }').catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 'ZONE_PLAN_LIMIT' });
    expect((err as Error).message).toMatch(
      /on the free plan.*foo\.example\.com A: 1 tag\(s\) \(tags are a feature of paid plans.*\[tier\.tags\]/,
    );
    // Planning only reads: nothing was sent.
    expect(replay!.server.requests.filter((q) => !q.startsWith('GET '))).toEqual([]);
  });
});

describe('a value written differently but equal in meaning plans nothing', () => {
  const same: Array<[string, string, string, string]> = [
    [
      'HTTPS SvcParams with a leading space, unquoted, keys out of order',
      CADDY,
      `value: 'alpn="h3,h2" ipv4hint="152.53.36.213" ipv6hint="2a0a:4cc0:2000:172::1"'`,
      `value: ' ipv6hint=2a0a:4cc0:2000:172::1  alpn="h3,h2" ipv4hint=152.53.36.213'`,
    ],
    ['TXT quote written as a \\034 decimal escape', SHOPIFY, `'"some text with \\" quote"'`, `'"some text with \\034 quote"'`],
    ['TXT written unquoted', SHOPIFY, `'"some text with \\" quote"'`, `'some text with " quote'`],
    ['TXT with every byte escaped', OCTO, '"have you any wool."', `'"\\104\\097\\118\\101 you any wool\\."'`],
    ['DS digest in upper case (recorded upper)', OCTO, 'digest: b5bb9d80', 'digest: B5BB9D80'],
    [
      'SSHFP fingerprint in lower case (recorded lower)',
      OCTO,
      'fingerprint: 859BE6ED04643DB411F067B6C1DA1D75FE08B672',
      'fingerprint: 859be6ed04643db411f067b6c1da1d75fe08b672',
    ],
    [
      'NAPTR replacement with its trailing dot',
      OCTO,
      'flags: S, service: SIP+D2T, regex: "", replacement: _sip._tls.unit.tests }',
      'flags: S, service: SIP+D2T, regex: "", replacement: _sip._tls.unit.tests. }',
    ],
    [
      'names and targets in upper case',
      OCTO,
      '{ name: ptr, type: PTR, content: foo.bar.com.',
      '{ name: PTR, type: PTR, content: FOO.Bar.com',
    ],
  ];
  it.each(same)('%s', async (_label, name, from, to) => {
    const run = await planEdited(fixture(name), from, to);
    expect(run.plan.operations).toEqual([]);
  });
});

describe('TXT strings are data', () => {
  // The service keeps the strings as written (its TXT content schema), and a resolver gets them
  // as written: one string split in two is a different record, not a spelling of the same.
  it('the recorded one-string TXT written as two strings is one update of content', async () => {
    const run = await planEdited(fixture(OCTO), '"Bah bah black sheep"', `'"Bah bah" " black sheep"'`);
    expect(run.plan.operations.map((o) => [o.kind, o.action, [...o.fields]])).toEqual([['dns_record', 'update', ['content']]]);
  });
});

describe('zone DNS settings (minimal answer from the OpenAPI examples)', () => {
  it('a setting equal to the answer plans nothing; a different one is one dns_settings update', async () => {
    const f = fixture(SHOPIFY);
    const equal = await planEdited(f, 'records:', 'settings: { multi_provider: false }\nrecords:');
    expect(equal.plan.operations).toEqual([]);
    expect(replay!.server.requests.some((q) => q.startsWith('GET /zones/7ed83734c471bd155e2fe23234c5c936/dns_settings'))).toBe(true);
    await replay!.close();
    replay = undefined;
    const differs = await planEdited(f, 'records:', 'settings: { multi_provider: true }\nrecords:');
    expect(differs.plan.operations.map((o) => [o.kind, o.action, [...o.fields]])).toEqual([['dns_settings', 'update', ['multi_provider']]]);
  });
});
