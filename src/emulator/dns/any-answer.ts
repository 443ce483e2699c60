/**
 * ANY answers the synthesized HINFO of RFC 8482 §4.2 (written by the service's engineers, who
 * answer ANY that way) for a name that exists; its TTL, 3600, is the emulator's choice. A name
 * that does not exist, or one below a zone cut, answers as an HINFO question would.
 */
import type { Answer, ZoneResolver } from './resolver.js';
import { characterString } from './wire.js';

export const ANY = 255;
const HINFO = 13;

export function anyAnswer(resolver: ZoneResolver, qname: string): Answer {
  const probe = resolver.resolve(qname, HINFO);
  if (probe.rcode !== 'NOERROR' || !probe.authoritative) return probe;
  const rdata = Buffer.concat([characterString(Buffer.from('RFC8482')), characterString(Buffer.alloc(0))]);
  return { ...probe, answer: [{ name: qname, type: HINFO, ttl: 3600, rdata }], authority: [] };
}
