/**
 * Random zones for the differential test, valid for zonectl and the service alike: address
 * names (some proxied, some one family only), CNAMEs (in-zone chains, loops, outside targets,
 * flattened or not), one name of each other type, wildcards, delegations with glue and DS,
 * and the zone's `flatten_all_cnames`. Values are written in presentation-canonical form.
 */
import fc from 'fast-check';

export const ZONE = 'example.com';

/** Owner names the generator draws from (relative); multi-label ones make empty non-terminals. */
const SLOTS = ['a', 'b', 'c.d', 'e', 'f.g.h', 'i', 'j', 'k.l', 'm', 'n'] as const;

export interface RandomZone {
  readonly yaml: string;
  /** Relative names that hold records, wildcards and cuts: the test asks about them and around them. */
  readonly names: readonly string[];
  readonly wildcardParents: readonly string[];
  readonly cuts: readonly string[];
  readonly flattenAll: boolean;
}

const ttl = fc.constantFrom(1, 60, 300, 3600);
const v4 = fc.tuple(fc.integer({ min: 1, max: 254 }), fc.integer({ min: 1, max: 254 })).map(([x, y]) => `198.51.${x}.${y}`);
const v6 = fc.integer({ min: 1, max: 0xffff }).map((n) => `2001:db8::${n.toString(16)}`);

/** One line of the zone file per record (YAML flow maps). */
type Line = string;

const rec = (name: string, body: string): Line => `  - { name: "${name}", ${body} }`;

const OTHER_TYPES: ReadonlyArray<(n: string, t: number) => Line> = [
  (n, t) => rec(n, `type: MX, content: mx${t % 7}.example.net, priority: ${t % 50}, ttl: ${t}`),
  (n, t) => rec(n, `type: TXT, content: "v=spf1 ip4:192.0.2.${t % 250} -all", ttl: ${t}`),
  (n, t) => rec(n, `type: TXT, content: "${'k'.repeat(200 + (t % 150))}", ttl: ${t}`),
  (n, t) => rec(n, `type: CAA, data: { flags: 0, tag: issue, value: "ca${t % 9}.example.net" }, ttl: ${t}`),
  (n, t) => rec(n, `type: SRV, data: { priority: ${t % 9}, weight: 5, port: ${1000 + t}, target: srv.example.net }, ttl: ${t}`),
  (n, t) => rec(n, `type: HTTPS, data: { priority: 1, target: ".", value: 'alpn="h2" port=${8000 + (t % 100)}' }, ttl: ${t}`),
  (n, t) =>
    rec(n, `type: SVCB, data: { priority: 2, target: pool.example.net, value: 'alpn="h3,h2" ipv4hint=192.0.2.${t % 250}' }, ttl: ${t}`),
  (n, t) => rec(n, `type: PTR, content: host${t % 5}.example.net, ttl: ${t}`),
  (n, t) => rec(n, `type: URI, priority: ${t % 20}, data: { weight: 1, target: "https://example.net/${t}" }, ttl: ${t}`),
  (n, t) =>
    rec(
      n,
      `type: NAPTR, data: { order: ${t % 100}, preference: 10, flags: "u", service: "E2U+sip", regex: "!^.*$!sip:info@example.net!", replacement: "." }, ttl: ${t}`,
    ),
  (n, t) =>
    rec(
      n,
      `type: SSHFP, data: { algorithm: 4, type: 1, fingerprint: "${(t % 256).toString(16).padStart(2, '0').repeat(20).toUpperCase()}" }, ttl: ${t}`,
    ),
  (n, t) => rec(n, `type: TLSA, data: { usage: 3, selector: 1, matching_type: 1, certificate: "${'AB'.repeat(32)}" }, ttl: ${t}`),
  (n, t) => rec(n, `type: SMIMEA, data: { usage: 3, selector: 0, matching_type: 1, certificate: "${'CD'.repeat(32)}" }, ttl: ${t}`),
  (n, t) =>
    rec(n, `type: CERT, data: { type: 1, key_tag: ${t % 65535}, algorithm: 8, certificate: "MIIBszCCAXCgAwIBAgIJAA==" }, ttl: ${t}`),
  (n, t) =>
    rec(
      n,
      `type: DNSKEY, data: { flags: 256, protocol: 3, algorithm: 13, public_key: "mdsswUyr3DPW132mOi8V9xESWE8jTo0dxCjjnopKl+GqJxpVXckHAeF+KkxLbxILfDLUT0rAK9iUzy1L53eKGQ==" }, ttl: ${t}`,
    ),
  (n, t) => rec(n, `type: OPENPGPKEY, content: "mQINBFm4hfcBEADKfsmZMzUPBMNyHZQ3", ttl: ${t}`),
  (n, t) =>
    rec(
      n,
      `type: LOC, data: { lat_degrees: ${t % 90}, lat_minutes: 30, lat_seconds: 15.5, lat_direction: S, long_degrees: 4, long_minutes: 53, long_seconds: 32, long_direction: W, altitude: 10, size: 1, precision_horz: 100, precision_vert: 10 }, ttl: ${t}`,
    ),
];

/** What one slot holds. */
const slotKind = fc.oneof(
  fc.record({
    kind: fc.constant('addr' as const),
    v4: fc.uniqueArray(v4, { minLength: 0, maxLength: 2 }),
    v6: fc.array(v6, { maxLength: 1 }),
    proxied: fc.boolean(),
    family: fc.constantFrom('both', 'ipv4_only', 'ipv6_only'),
    ttl,
  }),
  fc.record({
    kind: fc.constant('cname' as const),
    target: fc.oneof(fc.constantFrom(...SLOTS, '@'), fc.constantFrom('out.example.net', 'cdn.example.org')),
    flatten: fc.boolean(),
    proxied: fc.boolean(),
    ttl,
  }),
  fc.record({
    kind: fc.constant('other' as const),
    types: fc.uniqueArray(fc.integer({ min: 0, max: OTHER_TYPES.length - 1 }), { minLength: 1, maxLength: 3 }),
    ttl,
  }),
  fc.record({ kind: fc.constant('cut' as const), glue: fc.boolean(), ds: fc.boolean(), ttl }),
  fc.record({ kind: fc.constant('wildcard' as const), type: fc.constantFrom('A', 'TXT', 'CNAME'), ttl }),
);

interface Meta {
  wildcardParents: string[];
  cuts: string[];
  /** In-zone CNAME targets by owner (relative names, '@' the apex), to keep chains free of cycles. */
  cnames: Map<string, string>;
}

/** Whether following in-zone CNAMEs from `from` reaches `to` (the generator makes no loops: zonectl warns of them). */
function reaches(cnames: ReadonlyMap<string, string>, from: string, to: string): boolean {
  const seen = new Set<string>();
  for (let n: string | undefined = from; n !== undefined && !seen.has(n); n = cnames.get(n)) {
    if (n === to) return true;
    seen.add(n);
  }
  return false;
}

function slotLines(name: string, s: SlotKind, lines: Line[], meta: Meta): void {
  switch (s.kind) {
    case 'addr': {
      const addrs = [...s.v4.map((a) => `type: A, content: ${a}`), ...s.v6.map((a) => `type: AAAA, content: "${a}"`)];
      if (addrs.length === 0) addrs.push('type: A, content: 198.51.100.1');
      const settings = s.proxied && s.family !== 'both' ? `, settings: { ${s.family}: true }` : '';
      for (const a of addrs) lines.push(rec(name, s.proxied ? `${a}, proxied: true${settings}` : `${a}, ttl: ${s.ttl}`));
      return;
    }
    case 'cname': {
      const own = s.target === name ? (name === '@' ? 'a' : '@') : s.target; // never its own name
      const outside = s.target.includes('.example.') || reaches(meta.cnames, own, name);
      if (!outside) meta.cnames.set(name, own);
      const target = outside ? (s.target.includes('.example.') ? s.target : 'out.example.net') : own === '@' ? ZONE : `${own}.${ZONE}`;
      // A proxied CNAME must end at an address when its chain stays in the zone: only outside targets here.
      if (s.proxied && outside) lines.push(rec(name, `type: CNAME, content: ${target}, proxied: true`));
      else lines.push(rec(name, `type: CNAME, content: ${target}, ttl: ${s.ttl}${s.flatten ? ', settings: { flatten_cname: true }' : ''}`));
      return;
    }
    case 'other':
      for (const t of s.types) lines.push(OTHER_TYPES[t](name, s.ttl));
      return;
    case 'cut':
      meta.cuts.push(name);
      lines.push(rec(name, `type: NS, content: ns1.${name}.${ZONE}, ttl: ${s.ttl}`));
      lines.push(rec(name, `type: NS, content: ns.outside.example.net, ttl: ${s.ttl}`));
      if (s.glue) lines.push(rec(`ns1.${name}`, `type: A, content: 198.51.100.53, ttl: ${s.ttl}`));
      if (s.ds)
        lines.push(
          rec(name, `type: DS, data: { key_tag: 2371, algorithm: 13, digest_type: 2, digest: "${'1F'.repeat(32)}" }, ttl: ${s.ttl}`),
        );
      return;
    case 'wildcard': {
      meta.wildcardParents.push(name);
      const body =
        s.type === 'A'
          ? 'type: A, content: 198.51.100.77'
          : s.type === 'TXT'
            ? 'type: TXT, content: "wild"'
            : 'type: CNAME, content: a.example.com';
      lines.push(rec(`*.${name}`, `${body}, ttl: ${s.ttl}`));
      return;
    }
  }
}

type SlotKind = typeof slotKind extends fc.Arbitrary<infer T> ? T : never;

export const randomZone: fc.Arbitrary<RandomZone> = fc
  .record({
    slots: fc.array(fc.tuple(fc.constantFrom(...SLOTS), slotKind), { minLength: 2, maxLength: 8 }),
    apex: fc.oneof(
      fc.constant(undefined),
      slotKind.filter((k) => k.kind === 'addr' || k.kind === 'cname' || k.kind === 'other'),
    ),
    apexWildcard: fc.boolean(),
    flattenAll: fc.boolean(),
  })
  .map(({ slots, apex, apexWildcard, flattenAll }) => {
    const lines: Line[] = [];
    const meta: Meta = { wildcardParents: [], cuts: [], cnames: new Map() };
    const used = new Set<string>();
    const names: string[] = ['@'];
    for (const [name, kind] of slots) {
      // One kind per name, and nothing below a cut or beside one (the service refuses records beside an NS).
      if (used.has(name) || [...used].some((u) => meta.cuts.includes(u) && name.endsWith(`.${u}`))) continue;
      if (kind.kind === 'cut' && [...used].some((u) => u.endsWith(`.${name}`))) continue;
      used.add(name);
      names.push(name);
      slotLines(name, kind, lines, meta);
    }
    if (apex !== undefined) {
      // The apex CNAME points inside the zone (a flattened outside target cannot be followed anyway).
      const k =
        apex.kind === 'cname'
          ? { ...apex, target: apex.target === '@' || apex.target.includes('.example.') ? 'a' : apex.target, proxied: false }
          : apex;
      slotLines('@', k, lines, meta);
    }
    if (apexWildcard) {
      meta.wildcardParents.push('@');
      lines.push(rec('*', 'type: TXT, content: "apex wildcard", ttl: 300'));
    }
    const yaml = [
      'version: 1',
      `zone: ${ZONE}`,
      `settings: { flatten_all_cnames: ${flattenAll} }`,
      'records:',
      ...(lines.length > 0 ? lines : [rec('@', 'type: A, content: 198.51.100.1')]),
      'manage: { unmanaged: delete, max_delete_percent: 100 }',
      '',
    ].join('\n');
    return { yaml, names, flattenAll, wildcardParents: meta.wildcardParents, cuts: meta.cuts };
  });
