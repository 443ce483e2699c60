/**
 * Zone files that are valid by the service's rules, over all 21 record types zonectl supports,
 * for the property "valid means accepted" (issue 19, item 1). Each record is drawn as a spec in
 * the shape of the API's record object (relative name), written into the file as a YAML flow
 * map (JSON), sometimes spelled differently from the stored form (upper-case host names,
 * trailing dots, lower-case hex) so that normalisation is on the way. `expectedLive` says what
 * the service stores for it, field by field, from the service's documented storage forms
 * (src/emulator/README.md, "Storage forms"), not from zonectl's code.
 *
 * Values stay within the service's rules: names (LDH for A/AAAA/CNAME, `_` labels for the
 * others, a wildcard), TTL auto or 60..86400 (never with proxied), proxied only on A/AAAA/CNAME
 * with public addresses outside the service's own network, TXT lengths up to 3 strings,
 * comments and tags, per-record settings (flatten_cname only on DNS-only CNAMEs: a paid-plan
 * zone), every data field. The whole zone keeps the rules that need other records: one CNAME
 * per name and none beside A/AAAA; NS only below the apex (other records beside one at `child`,
 * written before it in the file's order by apply); DS only beside NS; no two identical records;
 * nothing below a delegation.
 *
 * TXT is drawn from printable ASCII without `"` and `\` for now: another change (issue 19,
 * items 2-4) handles TXT strings outside printable ASCII, multi-string boundaries and quotes
 * inside TXT.
 */
import fc from 'fast-check';

export const ZONE = 'example.com';

export type RecordType =
  | 'A'
  | 'AAAA'
  | 'CNAME'
  | 'MX'
  | 'TXT'
  | 'CAA'
  | 'SRV'
  | 'SVCB'
  | 'HTTPS'
  | 'PTR'
  | 'NS'
  | 'DS'
  | 'DNSKEY'
  | 'URI'
  | 'NAPTR'
  | 'SSHFP'
  | 'TLSA'
  | 'SMIMEA'
  | 'CERT'
  | 'LOC'
  | 'OPENPGPKEY';

export const ALL_TYPES: readonly RecordType[] = [
  'A',
  'AAAA',
  'CNAME',
  'MX',
  'TXT',
  'CAA',
  'SRV',
  'SVCB',
  'HTTPS',
  'PTR',
  'NS',
  'DS',
  'DNSKEY',
  'URI',
  'NAPTR',
  'SSHFP',
  'TLSA',
  'SMIMEA',
  'CERT',
  'LOC',
  'OPENPGPKEY',
];

/** A record as written in the file (the API's field names; `name` relative, `@` the apex). */
export interface Spec {
  name: string;
  type: RecordType;
  content?: string;
  data?: Record<string, string | number>;
  priority?: number;
  ttl?: number;
  proxied?: boolean;
  comment?: string;
  tags?: string[];
  settings?: { flatten_cname?: boolean; ipv4_only?: boolean; ipv6_only?: boolean };
  /** The text of a TXT record (what `content` says, unquoted and joined). */
  txt?: string;
  /** How the file spells `name` when not as is (upper-case, or absolute with a trailing dot). */
  written?: string;
}

/** Host names for A/AAAA/CNAME (LDH labels, a wildcard); the others may also use `_` labels. */
const HOST_NAMES = ['@', 'www', 'mail', 'a.b', 'x-1', 'deep.sub', '*.w', 'api'] as const;
const SERVICE_NAMES = ['_sip._tcp', '_dmarc', '_443._tcp.www', 'sel._domainkey', '_http._tcp', 'host'] as const;
/** Delegation names (NS below the apex): nothing of the zone is drawn below them; at `child` other records are (shadowed, kept by the service). */
const CUT_NAMES = ['child', 'dept.child2'] as const;
const ANY_NAME = fc.constantFrom(...HOST_NAMES, ...SERVICE_NAMES, 'child');

const hex = (min: number, max = min) =>
  fc.tuple(fc.uint8Array({ minLength: min, maxLength: max }), fc.boolean()).map(([b, lower]) => {
    const h = Buffer.from(b).toString('hex');
    return lower ? h : h.toUpperCase();
  });
const base64 = (min: number, max: number) =>
  fc.uint8Array({ minLength: min, maxLength: max }).map((b) => Buffer.from(b).toString('base64'));
/** A host name outside the zone, sometimes upper-case or with a trailing dot (stored lower-case, without it). */
const outsideHost = fc
  .tuple(
    fc.constantFrom('mx1', 'mail', 'target', 'cdn-edge', 'ns1', 'srv'),
    fc.constantFrom('example.net', 'example.org', 'provider.example'),
    fc.boolean(),
    fc.boolean(),
  )
  .map(([l, d, upper, dot]) => `${upper ? l.toUpperCase() : l}.${d}${dot ? '.' : ''}`);
/** Public addresses outside the service's network and the special ranges (so that they may be proxied). */
const v4 = fc
  .tuple(
    fc.constantFrom(11, 23, 45, 62, 81, 93, 151, 185),
    fc.integer({ min: 0, max: 255 }),
    fc.integer({ min: 0, max: 255 }),
    fc.integer({ min: 1, max: 254 }),
  )
  .map((p) => p.join('.'));
const v6 = fc
  .tuple(fc.integer({ min: 1, max: 0xffff }), fc.integer({ min: 1, max: 0xffff }))
  .map(([a, b]) => `2a01:4f8:${a.toString(16)}::${b.toString(16)}`);
const ttl = fc.oneof(fc.constant(1), fc.constantFrom(60, 300, 3600, 86400), fc.integer({ min: 60, max: 86400 }));
/** Printable ASCII without `"` and `\` (see the file's comment). */
const txtChar = fc
  .integer({ min: 0x20, max: 0x7e })
  .filter((c) => c !== 0x22 && c !== 0x5c)
  .map((c) => String.fromCharCode(c));
const txtText = fc
  .oneof(
    fc.array(txtChar, { minLength: 1, maxLength: 60 }).map((a) => a.join('')),
    fc.array(txtChar, { minLength: 200, maxLength: 700 }).map((a) => a.join('')),
  )
  .filter((t) => t.trim() === t && t.length > 0);
const comment = fc
  .array(
    fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)),
    { minLength: 1, maxLength: 80 },
  )
  .map((a) => a.join('').trim())
  .filter((c) => c !== '');
const tags = fc.uniqueArray(
  fc
    .tuple(fc.constantFrom('team', 'env', 'owner', 'ticket', 'bare'), fc.constantFrom('', ':dns', ':prod', ':a-1'))
    .map(([k, v]) => `${k}${v}`),
  { maxLength: 3, selector: (t) => t.split(':')[0] },
);

type Body = Omit<Spec, 'name' | 'type' | 'ttl' | 'comment' | 'tags' | 'proxied' | 'settings'>;

/** The value of each type (content, data, priority). */
const BODIES: Record<RecordType, fc.Arbitrary<Body>> = {
  A: v4.map((content) => ({ content })),
  AAAA: v6.map((content) => ({ content })),
  CNAME: outsideHost.map((content) => ({ content })),
  MX: fc.oneof(
    {
      weight: 9,
      arbitrary: fc.tuple(outsideHost, fc.integer({ min: 0, max: 65535 })).map(([content, priority]) => ({ content, priority })),
    },
    // A null MX (RFC 7505): "." with priority 0.
    { weight: 1, arbitrary: fc.constant({ content: '.', priority: 0 }) },
  ),
  TXT: fc.tuple(txtText, fc.boolean()).map(([t, quoted]) => ({ txt: t, content: quoted && t.length <= 255 ? `"${t}"` : t })),
  CAA: fc
    .record({
      flags: fc.constantFrom(0, 128),
      tag: fc.constantFrom('issue', 'issuewild', 'iodef'),
      value: fc.constantFrom('letsencrypt.org', 'pki.goog', 'mailto:security@example.com'),
    })
    .map((d) => ({ data: d.tag === 'iodef' ? d : { ...d, value: d.value.startsWith('mailto') ? 'sectigo.com' : d.value } })),
  SRV: fc
    .record({
      priority: fc.integer({ min: 0, max: 65535 }),
      weight: fc.integer({ min: 0, max: 65535 }),
      port: fc.integer({ min: 1, max: 65535 }),
      target: outsideHost,
    })
    .map((data) => ({ data })),
  SVCB: fc
    .record({
      priority: fc.integer({ min: 1, max: 100 }),
      target: outsideHost,
      value: fc.constantFrom('alpn="h2"', 'alpn="h3,h2" port=8443', 'port=853'),
    })
    .map((data) => ({ data })),
  HTTPS: fc
    .record({
      priority: fc.integer({ min: 1, max: 100 }),
      target: fc.constantFrom('.', 'svc.example.net'),
      value: fc.constantFrom('alpn="h3,h2"', 'alpn="h2" ipv4hint=93.184.216.34', 'port=8443'),
    })
    .map((data) => ({ data })),
  PTR: outsideHost.map((content) => ({ content })),
  NS: outsideHost.map((content) => ({ content })),
  DS: fc
    .oneof(
      fc.record({
        key_tag: fc.integer({ min: 0, max: 65535 }),
        algorithm: fc.constantFrom(8, 13, 15),
        digest_type: fc.constant(2),
        digest: hex(32),
      }),
      fc.record({
        key_tag: fc.integer({ min: 0, max: 65535 }),
        algorithm: fc.constantFrom(8, 13),
        digest_type: fc.constant(4),
        digest: hex(48),
      }),
    )
    .map((data) => ({ data })),
  DNSKEY: fc
    .record({
      flags: fc.constantFrom(256, 257),
      protocol: fc.constant(3),
      algorithm: fc.constantFrom(8, 13, 15),
      public_key: base64(32, 64),
    })
    .map((data) => ({ data })),
  URI: fc
    .tuple(
      fc.integer({ min: 0, max: 65535 }),
      fc.integer({ min: 0, max: 65535 }),
      fc.constantFrom('https://www.example.net/', 'ftp://ftp.example.org/pub', 'sip:info@example.net'),
    )
    .map(([priority, weight, target]) => ({ priority, data: { weight, target } })),
  NAPTR: fc
    .record({
      order: fc.integer({ min: 0, max: 65535 }),
      preference: fc.integer({ min: 0, max: 65535 }),
      flags: fc.constantFrom('U', 'S', 'A', ''),
      service: fc.constantFrom('E2U+sip', 'SIP+D2U', ''),
      regex: fc.constantFrom('', '!^.*$!sip:info@example.net!'),
      replacement: fc.constantFrom('.', '_sip._udp.example.net'),
    })
    .map((d) => ({ data: d.regex !== '' ? { ...d, replacement: '.' } : d })),
  SSHFP: fc
    .oneof(
      fc.record({ algorithm: fc.integer({ min: 1, max: 4 }), type: fc.constant(1), fingerprint: hex(20) }),
      fc.record({ algorithm: fc.integer({ min: 1, max: 4 }), type: fc.constant(2), fingerprint: hex(32) }),
    )
    .map((data) => ({ data })),
  TLSA: fc
    .record({
      usage: fc.integer({ min: 0, max: 3 }),
      selector: fc.integer({ min: 0, max: 1 }),
      matching_type: fc.constant(1),
      certificate: hex(32),
    })
    .map((data) => ({ data })),
  SMIMEA: fc
    .record({
      usage: fc.integer({ min: 0, max: 3 }),
      selector: fc.integer({ min: 0, max: 1 }),
      matching_type: fc.constant(2),
      certificate: hex(64),
    })
    .map((data) => ({ data })),
  CERT: fc
    .record({
      type: fc.integer({ min: 1, max: 8 }),
      key_tag: fc.integer({ min: 0, max: 65535 }),
      algorithm: fc.constantFrom(5, 8, 13),
      certificate: base64(24, 96),
    })
    .map((data) => ({ data })),
  LOC: fc
    .record({
      lat_degrees: fc.integer({ min: 0, max: 89 }),
      lat_minutes: fc.integer({ min: 0, max: 59 }),
      lat_seconds: fc.integer({ min: 0, max: 59999 }).map((n) => n / 1000),
      lat_direction: fc.constantFrom('N', 'S'),
      long_degrees: fc.integer({ min: 0, max: 179 }),
      long_minutes: fc.integer({ min: 0, max: 59 }),
      long_seconds: fc.integer({ min: 0, max: 59999 }).map((n) => n / 1000),
      long_direction: fc.constantFrom('E', 'W'),
      altitude: fc.integer({ min: -100000, max: 4000000 }).map((n) => n / 100),
      size: fc.constantFrom(0, 1, 10, 100),
      precision_horz: fc.constantFrom(0, 100, 10000),
      precision_vert: fc.constantFrom(0, 10, 100),
    })
    .map((data) => ({ data })),
  OPENPGPKEY: base64(24, 120).map((content) => ({ content })),
};

const PROXIABLE = new Set<RecordType>(['A', 'AAAA', 'CNAME']);

/** One record of `type`, with the fields every record may carry. */
function recordOf(type: RecordType): fc.Arbitrary<Spec> {
  // A and AAAA beside a delegation too (real zones hold them, issue 28); a CNAME never.
  const name = PROXIABLE.has(type)
    ? fc.constantFrom(...HOST_NAMES, ...(type === 'CNAME' ? [] : ['child']))
    : type === 'NS'
      ? fc.constantFrom(...CUT_NAMES)
      : type === 'DS'
        ? fc.constantFrom(...CUT_NAMES)
        : ANY_NAME;
  return fc
    .record({
      name,
      body: BODIES[type],
      ttl,
      proxied: PROXIABLE.has(type) ? fc.boolean() : fc.constant(false),
      comment: fc.option(comment, { nil: undefined }),
      tags: fc.option(tags, { nil: undefined }),
      setting: fc.constantFrom('none', 'none', 'flatten_cname', 'ipv4_only', 'ipv6_only'),
      spelling: fc.constantFrom('as is', 'as is', 'upper', 'absolute'),
      ttlWritten: fc.boolean(),
    })
    .map(({ name: n, body, ttl: t, proxied, comment: c, tags: tg, setting, spelling, ttlWritten }): Spec => {
      const spec: Spec = { name: n, type, ...body };
      if (spelling === 'upper') spec.written = n.toUpperCase();
      if (spelling === 'absolute') spec.written = `${fqdn(n)}.`;
      if (proxied) spec.proxied = true;
      // Left out, the TTL is the default: automatic (1).
      else spec.ttl = ttlWritten ? t : undefined;
      if (c !== undefined) spec.comment = c;
      if (tg !== undefined && tg.length > 0) spec.tags = tg;
      if (setting === 'flatten_cname' && type === 'CNAME' && !proxied) spec.settings = { flatten_cname: true };
      if ((setting === 'ipv4_only' || setting === 'ipv6_only') && PROXIABLE.has(type) && proxied) spec.settings = { [setting]: true };
      return spec;
    });
}

/** What makes two records of one type at one name the same record for the service. */
function identity(s: Spec): string {
  const value =
    s.type === 'TXT'
      ? s.txt
      : s.content !== undefined
        ? s.content.toLowerCase().replace(/\.$/, '')
        : JSON.stringify(s.data, (_k, v: unknown) => (typeof v === 'string' ? v.toLowerCase() : v));
  return `${s.name} ${s.type} ${value} ${s.priority ?? ''}`;
}

/**
 * Keeps the records that the rules needing other records allow together, in order: one CNAME
 * per name and no A/AAAA beside it; NS only at cut names, DS only where an NS is kept; no
 * duplicates; at most three TXT per name (the 8,192-character RRset limit stays far away).
 */
export function admissible(specs: readonly Spec[]): Spec[] {
  const kept: Spec[] = [];
  const seen = new Set<string>();
  const at = (n: string) => kept.filter((k) => k.name === n);
  for (const s of specs) {
    const here = at(s.name);
    if (seen.has(identity(s))) continue;
    if (s.type === 'CNAME' && here.some((k) => k.type === 'CNAME' || k.type === 'A' || k.type === 'AAAA')) continue;
    if ((s.type === 'A' || s.type === 'AAAA') && here.some((k) => k.type === 'CNAME')) continue;
    if (s.type === 'DS' && !here.some((k) => k.type === 'NS')) continue;
    if (s.type === 'TXT' && here.filter((k) => k.type === 'TXT').length >= 3) continue;
    // An RRset has one TTL (RFC 2181 §5.2): records of one name and type share the first one's.
    const first = here.find((k) => k.type === s.type);
    const spec = first !== undefined && !s.proxied && !first.proxied ? { ...s, ttl: first.ttl } : s;
    seen.add(identity(spec));
    kept.push(spec);
  }
  return kept;
}

/** A valid zone: records of every type are drawn, each kept only when the zone's rules allow it. */
export const validZone: fc.Arbitrary<Spec[]> = fc
  .tuple(
    fc.array(fc.constantFrom(...ALL_TYPES).chain(recordOf), { minLength: 1, maxLength: 24 }),
    fc.subarray([...ALL_TYPES], { minLength: 0 }),
  )
  .chain(([some, types]) => fc.tuple(fc.constant(some), fc.tuple(...types.map(recordOf))))
  .map(([some, one]) => {
    // NS first so that a DS drawn for the same cut finds it; an A at the apex so the zone has an address.
    const all = [...one, ...some];
    const ns = all.filter((s) => s.type === 'NS');
    return admissible([{ name: '@', type: 'A', content: '93.184.216.34', ttl: 300 }, ...ns, ...all.filter((s) => s.type !== 'NS')]);
  });

/** The zone file (YAML; each record a flow map written as JSON), with `flatten_all_cnames` as drawn. */
export function zoneFileOf(specs: readonly Spec[]): string {
  const lines = specs.map((s) => {
    const { txt: _txt, written, ...rest } = s;
    const record = written === undefined ? rest : { ...rest, name: written };
    // `${` starts a variable reference in a zone file; `$${` is a literal `${`.
    return `  - ${JSON.stringify(record).replaceAll('${', () => '$${')}`;
  });
  return ['version: 1', `zone: ${ZONE}`, 'records:', ...lines, 'manage: { unmanaged: delete, max_delete_percent: 100 }', ''].join('\n');
}

/** The line of record `i` in `zoneFileOf`'s text (line 4 is the first record). */
export const lineOfRecord = (i: number): number => 4 + i;

export const fqdn = (name: string): string => (name === '@' ? ZONE : `${name}.${ZONE}`);
