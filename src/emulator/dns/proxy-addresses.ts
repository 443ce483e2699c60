/**
 * The addresses the emulator answers for a proxied name. The service answers proxied
 * A/AAAA/CNAME records with addresses of its own network and TTL 300, never the origin's
 * (https://developers.cloudflare.com/dns/proxy-status/); which of its addresses is not
 * published, so the emulator follows one rule, documented in src/emulator/README.md ("DNS"):
 *
 *   h = SHA-256 of the zone name (lower-case, no trailing dot)
 *   IPv4 k (k = 0, 1): 104.16.0.0 + (big-endian uint32 of h[4k..4k+4] mod 2^19)   inside 104.16.0.0/13
 *   IPv6 k (k = 0, 1): 2606:4700: + the six 16-bit words of h[8+12k..20+12k]       inside 2606:4700::/32
 *
 * (both ranges are on https://www.cloudflare.com/ips/).
 */
import { createHash } from 'node:crypto';
import { formatIPv6 } from '../net/ip.js';

export const PROXIED_ANSWER_TTL = 300;

export interface ServiceAddresses {
  readonly v4: readonly string[];
  readonly v6: readonly string[];
}

export function serviceAddresses(zone: string): ServiceAddresses {
  const digest = createHash('sha256').update(zone.toLowerCase().replace(/\.$/, ''), 'utf8').digest();
  const v4: string[] = [];
  const v6: string[] = [];
  for (const k of [0, 1]) {
    const offset = digest.readUInt32BE(4 * k) & 0x7ffff;
    v4.push(`104.${16 + (offset >>> 16)}.${(offset >>> 8) & 255}.${offset & 255}`);
    const words = [0x2606, 0x4700];
    for (let i = 0; i < 6; i += 1) words.push(digest.readUInt16BE(8 + 12 * k + 2 * i));
    v6.push(formatIPv6(words));
  }
  return { v4, v6 };
}
