/**
 * The addresses a proxied name answers with. The service answers proxied A/AAAA/CNAME records
 * with addresses of its own network, never the origin's, with TTL 300 (`PROXIED_TTL_ANSWERED`,
 * src/core/service/ttl.ts). Which of its addresses is not published, so
 * zonectl and its emulator follow one documented rule (docs/architecture.md, "Lint and
 * resolve"), each with its own code:
 *
 *   h = SHA-256 of the zone name (lower-case, no trailing dot)
 *   IPv4 k (k = 0, 1): 104.16.0.0 + (big-endian uint32 of h[4k..4k+4] mod 2^19)   inside 104.16.0.0/13
 *   IPv6 k (k = 0, 1): 2606:4700: + the six 16-bit words of h[8+12k..20+12k]       inside 2606:4700::/32
 */
import { createHash } from 'node:crypto';

export interface ProxyAddresses {
  readonly ipv4: readonly [string, string];
  readonly ipv6: readonly [string, string];
}

function ipv6(words: readonly number[]): string {
  // Compressed form (RFC 5952): the longest run of two or more zero words becomes "::".
  let best = -1;
  let bestLen = 0;
  for (let i = 0; i < words.length; ) {
    if (words[i] !== 0) {
      i += 1;
      continue;
    }
    let j = i;
    while (j < words.length && words[j] === 0) j += 1;
    if (j - i > bestLen && j - i >= 2) {
      best = i;
      bestLen = j - i;
    }
    i = j;
  }
  const hex = words.map((w) => w.toString(16));
  if (best < 0) return hex.join(':');
  return `${hex.slice(0, best).join(':')}::${hex.slice(best + bestLen).join(':')}`;
}

export function proxyAddresses(zone: string): ProxyAddresses {
  const h = createHash('sha256').update(zone.toLowerCase().replace(/\.$/, ''), 'utf8').digest();
  const v4 = (k: number): string => {
    const n = (0x68100000 + (h.readUInt32BE(4 * k) % 2 ** 19)) >>> 0;
    return [n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255].join('.');
  };
  const v6 = (k: number): string => {
    const words = [0x2606, 0x4700];
    for (let i = 0; i < 6; i += 1) words.push(h.readUInt16BE(8 + 12 * k + 2 * i));
    return ipv6(words);
  };
  return { ipv4: [v4(0), v4(1)], ipv6: [v6(0), v6(1)] };
}
