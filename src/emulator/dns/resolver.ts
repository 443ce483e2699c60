/**
 * What the service's nameservers answer for one question, from a zone of the store
 * (src/emulator/README.md, "DNS"), in the order of RFC 1034 §4.3.2:
 *
 * 1. a name in no zone of the emulator: REFUSED;
 * 2. a name at or below a zone cut (NS below the apex): a referral, not authoritative, with the
 *    cut's NS in the authority section and the addresses of in-zone nameservers as glue; DS at
 *    the cut itself is answered here, by the parent side (RFC 4035 §3.1.4.1);
 * 3. the apex SOA from the zone's DNS settings, the apex NS from its name servers;
 * 4. the name's records, else (no records, but names below it) NODATA, else the wildcard of the
 *    closest encloser (RFC 4592 §3.3.1), else NXDOMAIN. Negative answers carry the SOA in the
 *    authority section with TTL min(SOA TTL, SOA minimum) (RFC 2308 §3).
 *
 * At a name with records: proxied A/AAAA/CNAME answer the service's addresses (TTL 300, one
 * family dropped by `ipv4_only`/`ipv6_only`) and a synthesized HTTPS record (see synthesized.ts);
 * the origin (address or CNAME target) is never answered. A CNAME is flattened (the target's
 * addresses under the queried name, TTL the lower of the two) at the apex, with
 * `flatten_all_cnames`, with the record's `settings.flatten_cname`, and whenever its target is
 * in the zone (the service resolves in-zone targets itself:
 * https://developers.cloudflare.com/dns/cname-flattening/). A flattened CNAME whose target is
 * outside the zone answers NODATA: the emulator cannot resolve the outside, and the service
 * answers NODATA for a target without addresses. Other CNAMEs answer as CNAMEs.
 * An automatic TTL (1) answers 300.
 */
import type { RecordRow } from '../records/record-row.js';
import { PROXIED_ANSWER_TTL, serviceAddresses } from './proxy-addresses.js';
import { ipv4Bytes, ipv6Bytes, rdataOf } from './rdata.js';
import { apexDnssecRecords } from './apex-dnssec.js';
import { synthesizedHttps } from './synthesized.js';
import { nameBytes, u32, type WireRr } from './wire.js';
import type { ServedZone } from './zone-catalog.js';

export type { WireRr } from './wire.js';

export type Rcode = 'NOERROR' | 'NXDOMAIN' | 'REFUSED';

export interface Answer {
  readonly rcode: Rcode;
  readonly authoritative: boolean;
  readonly answer: readonly WireRr[];
  readonly authority: readonly WireRr[];
  readonly additional: readonly WireRr[];
}

const T = { A: 1, NS: 2, CNAME: 5, SOA: 6, AAAA: 28, DS: 43, DNSKEY: 48, NSEC3PARAM: 51, CDS: 59, CDNSKEY: 60, HTTPS: 65 } as const;
const AUTO_TTL = 300;
/** How many in-zone CNAME hops a flattening follows before giving up (a loop answers NODATA). */
const MAX_HOPS = 16;

/** Types a signed zone answers at its apex itself (apex-dnssec.ts). */
const APEX_DNSSEC: ReadonlySet<number> = new Set([T.DNSKEY, T.NSEC3PARAM, T.CDS, T.CDNSKEY]);

export const REFUSED: Answer = { rcode: 'REFUSED', authoritative: false, answer: [], authority: [], additional: [] };

type TypeNumberOf = (r: RecordRow) => number;

export class ZoneResolver {
  constructor(
    private readonly z: ServedZone,
    private readonly typeOf: TypeNumberOf,
  ) {}

  private get apex(): string {
    return this.z.zone.name;
  }

  private inZone(name: string): boolean {
    return name === this.apex || name.endsWith(`.${this.apex}`);
  }

  private at(name: string): readonly RecordRow[] {
    return this.z.byName.get(name) ?? [];
  }

  private rr(owner: string, r: RecordRow): WireRr {
    return { name: owner, type: this.typeOf(r), ttl: r.proxied ? PROXIED_ANSWER_TTL : r.ttl === 1 ? AUTO_TTL : r.ttl, rdata: rdataOf(r) };
  }

  soa(negative: boolean): WireRr {
    const s = this.z.settings.soa;
    const rdata = Buffer.concat([
      nameBytes(s.mname),
      nameBytes(s.rname),
      u32(this.z.serial),
      u32(s.refresh),
      u32(s.retry),
      u32(s.expire),
      u32(s.min_ttl),
    ]);
    return { name: this.apex, type: T.SOA, ttl: negative ? Math.min(s.ttl, s.min_ttl) : s.ttl, rdata };
  }

  private negative(rcode: 'NOERROR' | 'NXDOMAIN'): Answer {
    return { rcode, authoritative: true, answer: [], authority: [this.soa(true)], additional: [] };
  }

  private positive(answer: WireRr[]): Answer {
    return answer.length === 0
      ? this.negative('NOERROR')
      : { rcode: 'NOERROR', authoritative: true, answer, authority: [], additional: [] };
  }

  /** The highest NS below the apex at or above `name`. */
  private cut(name: string): string | undefined {
    let found: string | undefined;
    for (let n = name; n !== this.apex && n.length > this.apex.length; n = n.slice(n.indexOf('.') + 1)) {
      if (this.at(n).some((r) => r.type === 'NS')) found = n;
    }
    return found;
  }

  private referral(cut: string): Answer {
    const ns = this.at(cut).filter((r) => r.type === 'NS');
    const glue: WireRr[] = [];
    for (const target of new Set(ns.map((r) => r.content ?? ''))) {
      if (!this.inZone(target)) continue;
      for (const r of this.at(target)) if (r.type === 'A' || r.type === 'AAAA') glue.push(this.rr(target, r));
    }
    return { rcode: 'NOERROR', authoritative: false, answer: [], authority: ns.map((r) => this.rr(cut, r)), additional: glue };
  }

  resolve(qname: string, qtype: number, hops = 0): Answer {
    const cut = this.cut(qname);
    if (cut !== undefined && !(cut === qname && qtype === T.DS)) return this.referral(cut);
    if (qname === this.apex && qtype === T.SOA) return this.positive([this.soa(false)]);
    if (qname === this.apex && qtype === T.NS) {
      return this.positive(
        this.z.zone.name_servers.map((ns) => ({ name: this.apex, type: T.NS, ttl: this.z.settings.ns_ttl, rdata: nameBytes(ns) })),
      );
    }
    if (qname === this.apex && this.z.signing !== undefined && APEX_DNSSEC.has(qtype)) {
      return this.positive(apexDnssecRecords(this.z, qtype, this.ofType(qname, this.at(qname), qtype)));
    }
    const own = this.at(qname);
    if (own.length > 0) return this.positive(this.answerFrom(qname, own, qtype, hops));
    if (this.z.existing.has(qname)) return this.negative('NOERROR');
    const wildcard = this.at(this.wildcardOf(qname));
    if (wildcard.length > 0) return this.positive(this.answerFrom(qname, wildcard, qtype, hops));
    return this.negative('NXDOMAIN');
  }

  /**
   * The types `name` answers with data (for the type bitmap of a compact NSEC): each candidate
   * type is asked for, so the bitmap says what the answers say (a flattened or proxied CNAME
   * shows as A/AAAA). CNAME is never listed: a name whose CNAME is not flattened answers every
   * type with it (no NODATA there), and a validator reads a CNAME bit beside a NODATA as a
   * contradiction ("NSEC proves CNAME exists"), which a flattened apex CNAME would give.
   * A cut lists NS (and DS when it has one).
   */
  typesAt(name: string): number[] {
    const cut = this.cut(name);
    if (cut !== undefined) return cut === name ? [...new Set(this.at(name).map(this.typeOf))].filter((t) => t === T.NS || t === T.DS) : [];
    const encloser = this.at(name).length > 0 || this.z.existing.has(name) ? name : this.wildcardOf(name);
    const candidates = new Set([...this.at(encloser).map(this.typeOf), T.A, T.AAAA, T.HTTPS]);
    candidates.delete(T.CNAME);
    if (name === this.apex) for (const t of [T.SOA, T.NS, ...(this.z.signing ? APEX_DNSSEC : [])]) candidates.add(t);
    return [...candidates].filter((t) => this.resolve(name, t).answer.some((rr) => rr.type === t && rr.name === name));
  }

  /** `*.<closest encloser>` of a name that does not exist (RFC 4592 §3.3.1). */
  private wildcardOf(qname: string): string {
    let encloser = qname.slice(qname.indexOf('.') + 1);
    while (encloser !== this.apex && !this.z.existing.has(encloser)) encloser = encloser.slice(encloser.indexOf('.') + 1);
    return `*.${encloser}`;
  }

  /** The answer RRs for `qtype` at `owner` from `records` (the owner's own, or a wildcard's). */
  private answerFrom(owner: string, records: readonly RecordRow[], qtype: number, hops: number): WireRr[] {
    const proxied = records.filter((r) => r.proxied && (r.type === 'A' || r.type === 'AAAA' || r.type === 'CNAME'));
    if (proxied.length > 0) return this.proxiedAnswer(owner, records, proxied, qtype);
    const cname = records.find((r) => r.type === 'CNAME');
    if (cname === undefined || qtype === T.CNAME) return this.ofType(owner, records, qtype);
    const target = cname.content ?? '';
    const flattened =
      owner === this.apex || this.z.settings.flatten_all_cnames || cname.settings.flatten_cname === true || this.inZone(target);
    if (!flattened) return [this.rr(owner, cname)];
    if (qtype !== T.A && qtype !== T.AAAA) return this.ofType(owner, records, qtype);
    if (!this.inZone(target) || hops >= MAX_HOPS) return [];
    const ttl = this.rr(owner, cname).ttl;
    return this.resolve(target, qtype, hops + 1)
      .answer.filter((a) => a.type === qtype)
      .map((a) => ({ ...a, name: owner, ttl: Math.min(ttl, a.ttl) }));
  }

  private ofType(owner: string, records: readonly RecordRow[], qtype: number): WireRr[] {
    return records.filter((r) => this.typeOf(r) === qtype).map((r) => this.rr(owner, r));
  }

  /** A proxied name: the service's addresses, a synthesized HTTPS record, never the origin. */
  private proxiedAnswer(owner: string, records: readonly RecordRow[], proxied: readonly RecordRow[], qtype: number): WireRr[] {
    const v4 = !proxied.every((r) => r.settings.ipv6_only === true);
    const v6 = !proxied.every((r) => r.settings.ipv4_only === true);
    const addrs = serviceAddresses(this.apex);
    const ttl = PROXIED_ANSWER_TTL;
    if (qtype === T.A) return v4 ? addrs.v4.map((a) => ({ name: owner, type: T.A, ttl, rdata: ipv4Bytes(a) })) : [];
    if (qtype === T.AAAA) return v6 ? addrs.v6.map((a) => ({ name: owner, type: T.AAAA, ttl, rdata: ipv6Bytes(a) })) : [];
    if (qtype === T.HTTPS && !records.some((r) => r.type === 'HTTPS')) {
      return [{ name: owner, type: T.HTTPS, ttl, rdata: synthesizedHttps(v4 ? addrs.v4 : [], v6 ? addrs.v6 : []) }];
    }
    // The origin stays hidden: a proxied CNAME is never answered as a CNAME.
    return this.ofType(owner, records, qtype).filter((a) => a.type !== T.CNAME);
  }
}
