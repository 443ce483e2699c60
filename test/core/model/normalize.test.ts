import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normalizeRecord, recordKey, type RecordInput } from '../../../src/core/model/index.js';
import { RECORD_TYPES } from '../../../src/core/record-types/index.js';

const ZONE = 'example.com';
const n = (r: RecordInput) => normalizeRecord(r, ZONE);

describe('normalizeRecord: "equal in meaning" pairs normalize equal', () => {
  const pairs: Array<[string, RecordInput, RecordInput]> = [
    ['quoted vs unquoted TXT', { name: 't', type: 'TXT', content: '"v=spf1 -all"' }, { name: 't', type: 'TXT', content: 'v=spf1 -all' }],
    // Unquoted, a long text has no split of its own (issue 28): it equals any split in the diff
    // (test/core/diff/txt-splits.test.ts), not here; one quoted string over 255 bytes is the 255-byte split.
    [
      'long TXT split vs one quoted string',
      { name: 't', type: 'TXT', content: `"${'a'.repeat(255)}" "${'b'.repeat(45)}"` },
      { name: 't', type: 'TXT', content: `"${'a'.repeat(255)}${'b'.repeat(45)}"` },
    ],
    [
      'TXT with escaped quote',
      { name: 't', type: 'TXT', content: '"say \\"hi\\""' },
      { name: 't', type: 'TXT', content: '"say \\034hi\\034"' },
    ],
    [
      'IPv6 expanded vs compressed',
      { name: 'v6', type: 'AAAA', content: '2001:0DB8:0000:0000:0000:0000:0000:0001' },
      { name: 'v6', type: 'AAAA', content: '2001:db8::1' },
    ],
    [
      'IPv6 upper vs lower case',
      { name: 'v6', type: 'AAAA', content: '2001:DB8::A' },
      { name: 'v6', type: 'AAAA', content: '2001:db8::a' },
    ],
    [
      'trailing dot on name',
      { name: 'www.example.com.', type: 'A', content: '192.0.2.1' },
      { name: 'www', type: 'A', content: '192.0.2.1' },
    ],
    [
      'trailing dot on CNAME target',
      { name: 'w', type: 'CNAME', content: 'target.example.net.' },
      { name: 'w', type: 'CNAME', content: 'target.example.net' },
    ],
    [
      'case of name and target',
      { name: 'WWW', type: 'CNAME', content: 'Target.Example.NET' },
      { name: 'www.example.com', type: 'CNAME', content: 'target.example.net' },
    ],
    ['@ vs apex FQDN', { name: '@', type: 'A', content: '192.0.2.1' }, { name: 'example.com', type: 'A', content: '192.0.2.1' }],
    [
      '@ vs apex with trailing dot',
      { name: '@', type: 'MX', content: 'mx.example.net', priority: 10 },
      { name: 'EXAMPLE.COM.', type: 'MX', content: 'mx.example.net.', priority: 10 },
    ],
    [
      'IDN vs punycode name',
      { name: 'bücher', type: 'A', content: '192.0.2.1' },
      { name: 'xn--bcher-kva.example.com', type: 'A', content: '192.0.2.1' },
    ],
    [
      'IDN vs punycode target',
      { name: 'w', type: 'CNAME', content: 'bücher.example.net' },
      { name: 'w', type: 'CNAME', content: 'xn--bcher-kva.example.net' },
    ],
    ['ttl 1 vs auto', { name: 'a', type: 'A', content: '192.0.2.1', ttl: 1 }, { name: 'a', type: 'A', content: '192.0.2.1', ttl: 'auto' }],
    ['ttl omitted vs auto', { name: 'a', type: 'A', content: '192.0.2.1' }, { name: 'a', type: 'A', content: '192.0.2.1', ttl: 'auto' }],
    [
      'proxied record TTL ignored',
      { name: 'a', type: 'A', content: '192.0.2.1', proxied: true, ttl: 300 },
      { name: 'a', type: 'A', content: '192.0.2.1', proxied: true, ttl: 1 },
    ],
    [
      'comment "" vs null',
      { name: 'a', type: 'A', content: '192.0.2.1', comment: '' },
      { name: 'a', type: 'A', content: '192.0.2.1', comment: null },
    ],
    [
      'tags order',
      { name: 'a', type: 'A', content: '192.0.2.1', tags: ['b:2', 'a:1'] },
      { name: 'a', type: 'A', content: '192.0.2.1', tags: ['a:1', 'b:2'] },
    ],
    [
      'SRV data numbers as strings, target dot/case',
      { name: '_sip._tcp', type: 'SRV', data: { priority: '10', weight: 5, port: '5060', target: 'SIP.example.com.' } },
      { name: '_sip._tcp', type: 'SRV', data: { priority: 10, weight: 5, port: 5060, target: 'sip.example.com' } },
    ],
    [
      'CAA tag case',
      { name: '@', type: 'CAA', data: { flags: 0, tag: 'ISSUE', value: 'letsencrypt.org' } },
      { name: '@', type: 'CAA', data: { flags: 0, tag: 'issue', value: 'letsencrypt.org' } },
    ],
    [
      'DS digest case and spaces',
      { name: 's', type: 'DS', data: { key_tag: 1, algorithm: 13, digest_type: 2, digest: 'ab cd' } },
      { name: 's', type: 'DS', data: { key_tag: 1, algorithm: 13, digest_type: 2, digest: 'ABCD' } },
    ],
  ];

  it.each(pairs)('%s', (_label, a, b) => {
    expect(n(a)).toEqual(n(b));
    expect(recordKey(n(a))).toBe(recordKey(n(b)));
  });

  it('different values stay different', () => {
    expect(n({ name: 'a', type: 'A', content: '192.0.2.1' })).not.toEqual(n({ name: 'a', type: 'A', content: '192.0.2.2' }));
    expect(n({ name: 't', type: 'TXT', content: 'abc' })).not.toEqual(n({ name: 't', type: 'TXT', content: 'ABC' }));
    expect(recordKey(n({ name: '@', type: 'MX', content: 'mx', priority: 10 }))).not.toBe(
      recordKey(n({ name: '@', type: 'MX', content: 'mx', priority: 20 })),
    );
    // a DNS-only record keeps the TTL it is given
    expect(n({ name: 'a', type: 'A', content: '192.0.2.1', ttl: 3600 }).ttl).toBe(3600);
  });
});

// Arbitrary record inputs, including odd casing, trailing dots, quotes and IPv6 forms.
const label = fc.stringMatching(/^[a-zA-Z0-9_-]{1,10}$/);
const hostname = fc.array(label, { minLength: 1, maxLength: 3 }).chain((ls) => fc.constantFrom(ls.join('.'), `${ls.join('.')}.`));
const ipv4 = fc.tuple(fc.nat(255), fc.nat(255), fc.nat(255), fc.nat(255)).map((o) => o.join('.'));
const ipv6 = fc
  .array(fc.nat(0xffff), { minLength: 8, maxLength: 8 })
  .chain((g) =>
    fc.constantFrom(g.map((x) => x.toString(16)).join(':'), g.map((x) => x.toString(16).toUpperCase().padStart(4, '0')).join(':')),
  );
const txt = fc.oneof(
  fc.string({ maxLength: 300 }).filter((s) => !s.trim().startsWith('"') && !s.trim().endsWith('"')),
  fc.array(fc.stringMatching(/^[a-z ]{0,20}$/), { minLength: 1, maxLength: 3 }).map((parts) => parts.map((p) => `"${p}"`).join(' ')),
);
// Record names: relative, fully qualified with or without the trailing dot, and absolute names
// outside the zone (which keep their trailing dot so a second pass does not read them as relative).
const recordName = fc.oneof(
  fc.constant('@'),
  fc
    .array(label, { minLength: 1, maxLength: 3 })
    .chain((ls) => fc.constantFrom(ls.join('.'), `${ls.join('.')}.${ZONE}`, `${ls.join('.')}.EXAMPLE.com.`, `${ls.join('.')}.Other.`)),
);
const common = {
  name: recordName,
  ttl: fc.option(fc.oneof(fc.constant<'auto'>('auto'), fc.constant(1), fc.integer({ min: 60, max: 86400 })), { nil: undefined }),
  proxied: fc.option(fc.boolean(), { nil: undefined }),
  comment: fc.option(fc.oneof(fc.constant(null), fc.string({ maxLength: 20 })), { nil: undefined }),
  tags: fc.option(fc.array(fc.stringMatching(/^[a-z]{1,5}:[a-z]{0,5}$/), { maxLength: 4 }), { nil: undefined }),
};
const recordInput: fc.Arbitrary<RecordInput> = fc.oneof(
  fc.record({ ...common, type: fc.constant('A' as const), content: ipv4 }, { requiredKeys: ['name', 'type', 'content'] }),
  fc.record({ ...common, type: fc.constant('AAAA' as const), content: ipv6 }, { requiredKeys: ['name', 'type', 'content'] }),
  fc.record(
    { ...common, type: fc.constantFrom('CNAME' as const, 'NS' as const, 'PTR' as const), content: hostname },
    { requiredKeys: ['name', 'type', 'content'] },
  ),
  fc.record(
    { ...common, type: fc.constant('MX' as const), content: hostname, priority: fc.nat(65535) },
    { requiredKeys: ['name', 'type', 'content'] },
  ),
  fc.record({ ...common, type: fc.constant('TXT' as const), content: txt }, { requiredKeys: ['name', 'type', 'content'] }),
  fc.record(
    {
      ...common,
      type: fc.constant('SRV' as const),
      data: fc.record({
        priority: fc.nat(65535),
        weight: fc.nat(65535),
        port: fc.oneof(fc.nat(65535), fc.nat(65535).map(String)),
        target: hostname,
      }),
    },
    { requiredKeys: ['name', 'type', 'data'] },
  ),
  fc.record(
    {
      ...common,
      type: fc.constant('CAA' as const),
      data: fc.record({ flags: fc.nat(255), tag: fc.constantFrom('issue', 'ISSUE', 'iodef'), value: fc.string({ maxLength: 20 }) }),
    },
    { requiredKeys: ['name', 'type', 'data'] },
  ),
);

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object') {
    for (const v of Object.values(value as Record<string, unknown>)) deepFreeze(v);
    Object.freeze(value);
  }
  return value;
}

describe('normalizeRecord properties', () => {
  it('is idempotent', () => {
    fc.assert(
      fc.property(recordInput, (input) => {
        const once = n(input);
        expect(n(once)).toEqual(once);
      }),
      { numRuns: 500 },
    );
  });

  it('does not change its input (deep-frozen input, and equal to a copy afterwards)', () => {
    fc.assert(
      fc.property(recordInput, (input) => {
        const copy = structuredClone(input);
        const frozen = deepFreeze(input);
        n(frozen);
        expect(frozen).toEqual(copy);
      }),
      { numRuns: 500 },
    );
  });

  it('output is never the input object and shares no mutable part with it', () => {
    fc.assert(
      fc.property(recordInput, (input) => {
        const out = n(input);
        expect(out).not.toBe(input);
        if (input.data !== undefined) expect(out.data).not.toBe(input.data);
        if (input.tags !== undefined) expect(out.tags).not.toBe(input.tags);
      }),
      { numRuns: 200 },
    );
  });

  it('covers every record type without throwing', () => {
    for (const type of RECORD_TYPES) expect(() => n({ name: 'x', type, content: 'v', data: {} })).not.toThrow();
  });
});
