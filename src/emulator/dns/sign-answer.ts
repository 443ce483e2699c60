/**
 * A signed zone's answer to a query with the DO bit (RFC 3225, RFC 4035 §3.1): every RRset of
 * the answer signed (an RRSIG after each set, its RRs given the set's lowest TTL, RFC 2181
 * §5.2), negative answers proved with a compact NSEC (nsec.ts) or NSEC3 (nsec3.ts), referrals with the cut's signed
 * DS or an NSEC proving there is none (RFC 4035 §3.1.4.1). Names that do not exist are answered
 * NOERROR, as the service does with DNSSEC ("black lies"; RFC 9824); without DO the unsigned
 * answer (NXDOMAIN) is sent. The key-signing key signs DNSKEY, CDS and CDNSKEY (RFC 7344 §4.1),
 * the zone-signing key everything else. Glue and a referral's NS are not signed (RFC 4035 §2.2).
 */
import type { Question } from './message.js';
import { NSEC, NXNAME, compactNsec } from './nsec.js';
import { compactNsec3 } from './nsec3.js';
import type { Answer, WireRr, ZoneResolver } from './resolver.js';
import { RRSIG, rrsigFor } from './rrsig.js';
import type { ServedZone, ZoneSigning } from './zone-catalog.js';

const NS = 2;
const DS = 43;
const SIGNED_BY_KSK: ReadonlySet<number> = new Set([48, 59, 60]);

/** The RRsets of `rrs` in order of first appearance (owner compared without case). */
function rrsets(rrs: readonly WireRr[]): WireRr[][] {
  const sets = new Map<string, WireRr[]>();
  for (const rr of rrs) {
    const key = `${rr.name.toLowerCase()}/${rr.type}`;
    const set = sets.get(key);
    if (set) set.push(rr);
    else sets.set(key, [rr]);
  }
  return [...sets.values()];
}

function signer(z: ServedZone, s: ZoneSigning, now: Date): (rrs: readonly WireRr[]) => WireRr[] {
  return (rrs) =>
    rrsets(rrs).flatMap((set) => {
      const ttl = Math.min(...set.map((rr) => rr.ttl));
      const same = set.map((rr) => ({ ...rr, ttl }));
      const key = SIGNED_BY_KSK.has(set[0]!.type) ? s.ksk : s.zsk;
      return [...same, rrsigFor({ rrset: same, signer: z.zone.name, key, now })];
    });
}

type Denied = 'no-name' | 'no-type' | 'no-ds-at-cut';

/** The one record that proves the denial of `what` at `name`: a compact NSEC, or NSEC3 with `dnssec_use_nsec3`. */
function denial(z: ServedZone, s: ZoneSigning, resolver: ZoneResolver, name: string, what: Denied, ttl: number): WireRr {
  const types = what === 'no-name' ? [] : what === 'no-ds-at-cut' ? [NS] : resolver.typesAt(name);
  if (s.nsec3) {
    // The NSEC3 sits at a hashed name: RRSIG is listed only where the name itself has signed data.
    const listed = what === 'no-name' ? [NXNAME] : types.some((t) => t !== NS) ? [...types, RRSIG] : types;
    return compactNsec3(z.zone.name, name, listed, ttl);
  }
  return compactNsec(name, [...types, RRSIG, NSEC, ...(what === 'no-name' ? [NXNAME] : [])], ttl);
}

export function signAnswer(a: Answer, q: Question, z: ServedZone, resolver: ZoneResolver, now: Date): Answer {
  const s = z.signing;
  if (s === undefined || a.rcode === 'REFUSED') return a;
  const sign = signer(z, s, now);
  if (!a.authoritative) {
    const cut = a.authority[0]?.name;
    if (cut === undefined) return a;
    const ds = resolver.resolve(cut, DS).answer.filter((rr) => rr.type === DS && rr.name === cut);
    const negativeTtl = resolver.soa(true).ttl;
    const proof = ds.length > 0 ? ds : [denial(z, s, resolver, cut, 'no-ds-at-cut', negativeTtl)];
    return { ...a, authority: [...a.authority, ...sign(proof)] };
  }
  if (a.answer.length === 0) {
    const ttl = a.authority[0]?.ttl ?? resolver.soa(true).ttl;
    const proof = denial(z, s, resolver, q.name, a.rcode === 'NXDOMAIN' ? 'no-name' : 'no-type', ttl);
    return { ...a, rcode: 'NOERROR', authority: sign([...a.authority, proof]) };
  }
  return { ...a, answer: sign(a.answer), authority: sign(a.authority) };
}
