/**
 * What the zone will answer, computed from the zone file alone (no API call): the service's
 * nameservers as docs/architecture.md ("Lint and resolve") describes them, in the
 * order of RFC 1034 §4.3.2:
 *
 * 1. a name outside the zone is REFUSED;
 * 2. a zone cut (NS below the apex) answers with a referral: its NS in the authority section and
 *    glue addresses of in-zone nameservers, not authoritative; DS at the cut is answered by the
 *    parent (this zone);
 * 3. at a name with records: proxied A/AAAA/CNAME answer the service's own addresses (TTL 300;
 *    `settings.ipv4_only`/`ipv6_only` drop a family; a flag the file leaves out is off, as the
 *    plan makes it live) and an HTTPS record is synthesized for
 *    them (the service's rule: HTTP/2 and HTTP/3 are on by default); a CNAME is flattened (the
 *    target's addresses under the queried name) at the apex, with `flatten_all_cnames`, with
 *    the record's `settings.flatten_cname`, and whenever its target is in this zone (the
 *    service ignores the setting then: developers.cloudflare.com/dns/cname-flattening/
 *    set-up-cname-flattening); a flattened CNAME whose target is outside the zone cannot be
 *    followed here and answers NODATA, as the service answers a target without addresses;
 *    otherwise the CNAME is the answer, followed when its target is in the zone;
 * 4. a name with no records but names below it exists (NODATA); else a wildcard
 *    `*.<closest encloser>` answers for it (RFC 4592); else NXDOMAIN.
 * NODATA and NXDOMAIN carry the SOA in the authority section, with TTL min(SOA TTL, minimum)
 * (RFC 2308 §3). An automatic TTL answers 300. Pure.
 */
import { absoluteName, flattenedCname, presentRdata } from '../record-types/index.js';
import { settingOf } from '../model/normalize.js';
import type { CanonicalRecord } from '../model/record.js';
import { AUTO_TTL_ANSWERED, PROXIED_TTL_ANSWERED, TTL_AUTO } from '../service/ttl.js';
import { proxyAddresses } from './proxy-addresses.js';

export interface ResourceRecordAnswer {
  readonly name: string;
  readonly type: string;
  readonly ttl: number;
  /** RDATA in presentation form. */
  readonly data: string;
}

export interface Resolution {
  readonly rcode: 'NOERROR' | 'NXDOMAIN' | 'REFUSED';
  readonly authoritative: boolean;
  readonly answer: readonly ResourceRecordAnswer[];
  readonly authority: readonly ResourceRecordAnswer[];
  readonly additional: readonly ResourceRecordAnswer[];
}

export interface ZoneView {
  readonly zone: string;
  readonly records: readonly CanonicalRecord[];
  readonly flattenAllCnames: boolean;
  readonly nameServers: readonly string[];
  /** TTL of the apex NS (the zone's `ns_ttl` setting, 86400 by default). */
  readonly nsTtl: number;
  readonly soa: {
    readonly mname: string;
    readonly rname: string;
    readonly serial: number;
    readonly refresh: number;
    readonly retry: number;
    readonly expire: number;
    readonly minTtl: number;
    readonly ttl: number;
  };
}

const MAX_CHAIN = 16;

const ttlOf = (r: CanonicalRecord): number => (r.proxied ? PROXIED_TTL_ANSWERED : r.ttl === TTL_AUTO ? AUTO_TTL_ANSWERED : r.ttl);
const rr = (name: string, r: CanonicalRecord): ResourceRecordAnswer => ({ name, type: r.type, ttl: ttlOf(r), data: presentRdata(r) });

class ZoneLookup {
  private readonly byName = new Map<string, CanonicalRecord[]>();
  private readonly parents = new Set<string>();

  constructor(readonly view: ZoneView) {
    for (const r of view.records) {
      this.byName.set(r.name, [...(this.byName.get(r.name) ?? []), r]);
      let n = r.name;
      while (n !== view.zone && n.includes('.')) {
        n = n.slice(n.indexOf('.') + 1);
        this.parents.add(n);
      }
    }
  }

  at(name: string): readonly CanonicalRecord[] {
    return this.byName.get(name) ?? [];
  }

  inZone(name: string): boolean {
    return name === this.view.zone || name.endsWith(`.${this.view.zone}`);
  }

  /** The name exists: it has records, or names below it do (an empty non-terminal). */
  exists(name: string): boolean {
    return this.byName.has(name) || this.parents.has(name);
  }

  /** The highest zone cut at or above `name` (below the apex), if any. */
  cutFor(name: string): string | undefined {
    const labels = name.slice(0, name.length - this.view.zone.length - 1).split('.');
    for (let i = labels.length - 1; i >= 0; i -= 1) {
      const candidate = `${labels.slice(i).join('.')}.${this.view.zone}`;
      if (this.at(candidate).some((r) => r.type === 'NS')) return candidate;
    }
    return undefined;
  }

  soa(negative: boolean): ResourceRecordAnswer {
    const s = this.view.soa;
    return {
      name: this.view.zone,
      type: 'SOA',
      ttl: negative ? Math.min(s.ttl, s.minTtl) : s.ttl,
      data: `${absoluteName(s.mname)} ${absoluteName(s.rname)} ${s.serial} ${s.refresh} ${s.retry} ${s.expire} ${s.minTtl}`,
    };
  }
}

function noData(z: ZoneLookup): Resolution {
  return { rcode: 'NOERROR', authoritative: true, answer: [], authority: [z.soa(true)], additional: [] };
}

function found(answer: ResourceRecordAnswer[], z: ZoneLookup): Resolution {
  return answer.length === 0 ? noData(z) : { rcode: 'NOERROR', authoritative: true, answer, authority: [], additional: [] };
}

/** Answers for `qtype` at `owner`, from the records stored at `recs` (the owner's own, or a wildcard's). */
function answerAt(z: ZoneLookup, owner: string, recs: readonly CanonicalRecord[], qtype: string, depth: number): ResourceRecordAnswer[] {
  const proxied = recs.filter((r) => r.proxied && (r.type === 'A' || r.type === 'AAAA' || r.type === 'CNAME'));
  if (proxied.length > 0 && (qtype === 'A' || qtype === 'AAAA' || (qtype === 'HTTPS' && !recs.some((r) => r.type === 'HTTPS')))) {
    const addrs = proxyAddresses(z.view.zone);
    const v4 = !proxied.every((r) => settingOf(r.settings, 'ipv6_only'));
    const v6 = !proxied.every((r) => settingOf(r.settings, 'ipv4_only'));
    if (qtype === 'A') return v4 ? addrs.ipv4.map((a) => ({ name: owner, type: 'A', ttl: PROXIED_TTL_ANSWERED, data: a })) : [];
    if (qtype === 'AAAA') return v6 ? addrs.ipv6.map((a) => ({ name: owner, type: 'AAAA', ttl: PROXIED_TTL_ANSWERED, data: a })) : [];
    const hints = [...(v4 ? [`ipv4hint=${addrs.ipv4.join(',')}`] : []), ...(v6 ? [`ipv6hint=${addrs.ipv6.join(',')}`] : [])];
    return [{ name: owner, type: 'HTTPS', ttl: PROXIED_TTL_ANSWERED, data: ['1 . alpn="h3,h2"', ...hints].join(' ') }];
  }
  // A proxied name never shows its origin: not as a CNAME, whatever the query type
  // (developers.cloudflare.com/dns/proxy-status).
  if (proxied.length > 0) return recs.filter((r) => r.type === qtype && r.type !== 'CNAME').map((r) => rr(owner, r));
  const cname = recs.find((r) => r.type === 'CNAME');
  if (cname !== undefined && qtype !== 'CNAME') {
    const target = cname.content ?? '';
    const flattened = flattenedCname({ name: owner, settings: cname.settings }, z.view.zone, z.view.flattenAllCnames) || z.inZone(target);
    if (!flattened) {
      const chain = [rr(owner, cname)];
      if (z.inZone(target) && depth < MAX_CHAIN) chain.push(...resolveInZone(z, target, qtype, depth + 1).answer);
      return chain;
    }
    if (qtype !== 'A' && qtype !== 'AAAA') return recs.filter((r) => r.type === qtype).map((r) => rr(owner, r));
    if (!z.inZone(target) || depth >= MAX_CHAIN) return [];
    const ttl = ttlOf(cname);
    return resolveInZone(z, target, qtype, depth + 1)
      .answer.filter((a) => a.type === qtype)
      .map((a) => ({ ...a, name: owner, ttl: Math.min(ttl, a.ttl) }));
  }
  return recs.filter((r) => r.type === qtype).map((r) => rr(owner, r));
}

function referral(z: ZoneLookup, cut: string): Resolution {
  const ns = z.at(cut).filter((r) => r.type === 'NS');
  const glue = ns
    .map((r) => r.content ?? '')
    .filter((t) => z.inZone(t))
    .flatMap((t) =>
      z
        .at(t)
        .filter((r) => r.type === 'A' || r.type === 'AAAA')
        .map((r) => rr(t, r)),
    );
  return { rcode: 'NOERROR', authoritative: false, answer: [], authority: ns.map((r) => rr(cut, r)), additional: glue };
}

function resolveInZone(z: ZoneLookup, qname: string, qtype: string, depth: number): Resolution {
  const cut = z.cutFor(qname);
  if (cut !== undefined && !(cut === qname && qtype === 'DS')) return referral(z, cut);
  if (qname === z.view.zone && qtype === 'SOA') return found([z.soa(false)], z);
  if (qname === z.view.zone && qtype === 'NS') {
    return found(
      z.view.nameServers.map((ns) => ({ name: qname, type: 'NS', ttl: z.view.nsTtl, data: absoluteName(ns) })),
      z,
    );
  }
  const own = z.at(qname);
  if (own.length > 0) return found(answerAt(z, qname, own, qtype, depth), z);
  // The apex always exists (its SOA and NS); so does a name with names below it.
  if (qname === z.view.zone || z.exists(qname)) return noData(z);
  // RFC 4592: the closest encloser is the longest existing ancestor; its wildcard answers.
  let encloser = qname;
  do encloser = encloser.slice(encloser.indexOf('.') + 1);
  while (encloser !== z.view.zone && !z.exists(encloser));
  const wildcard = z.at(`*.${encloser}`);
  if (wildcard.length > 0) return found(answerAt(z, qname, wildcard, qtype, depth), z);
  return { rcode: 'NXDOMAIN', authoritative: true, answer: [], authority: [z.soa(true)], additional: [] };
}

/** What the zone answers for `qname` (absolute or canonical, any case) and `qtype`. */
export function resolveName(view: ZoneView, qname: string, qtype: string): Resolution {
  const name = qname.toLowerCase().replace(/\.$/, '');
  const z = new ZoneLookup(view);
  if (!z.inZone(name)) return { rcode: 'REFUSED', authoritative: false, answer: [], authority: [], additional: [] };
  return resolveInZone(z, name, qtype.toUpperCase(), 0);
}
