/**
 * IPv4/IPv6 addresses as the service reads them: parsing, the form it stores (IPv6 compressed
 * and lower-case, RFC 5952: the live API returns `2600:1900:4020:2b73:8000::` for
 * `2600:1900:4020:2b73:8000:0:0:0`, terraform-provider-cloudflare issue #3354), and CIDR
 * ranges for token IP conditions. The emulator's own code, no library.
 */

/** An address as numbers: 4 octets (IPv4) or 8 groups of 16 bits (IPv6). */
export interface Address {
  readonly v6: boolean;
  readonly parts: readonly number[];
}

const OCTET = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/;

/** A dotted quad (no shorthand such as `10.1`, no leading zeros); undefined when invalid. */
export function parseIPv4(text: string): Address | undefined {
  const parts = text.split('.');
  if (parts.length !== 4 || !parts.every((p) => OCTET.test(p))) return undefined;
  return { v6: false, parts: parts.map(Number) };
}

const GROUP = /^[0-9a-fA-F]{1,4}$/;

function groups(text: string): number[] | undefined {
  if (text === '') return [];
  const out: number[] = [];
  const items = text.split(':');
  for (let i = 0; i < items.length; i += 1) {
    const item = items[i];
    if (i === items.length - 1 && item.includes('.')) {
      const v4 = parseIPv4(item);
      if (!v4) return undefined;
      out.push((v4.parts[0] << 8) | v4.parts[1], (v4.parts[2] << 8) | v4.parts[3]);
      continue;
    }
    if (!GROUP.test(item)) return undefined;
    out.push(parseInt(item, 16));
  }
  return out;
}

/** Any textual IPv6 form (`::`, an IPv4 tail), no zone index; undefined when invalid. */
export function parseIPv6(text: string): Address | undefined {
  if (!text.includes(':') || text.includes('%')) return undefined;
  const gap = text.indexOf('::');
  if (gap !== -1 && text.indexOf('::', gap + 1) !== -1) return undefined;
  if (gap === -1) {
    const all = groups(text);
    return all && all.length === 8 ? { v6: true, parts: all } : undefined;
  }
  const head = groups(text.slice(0, gap));
  const tail = groups(text.slice(gap + 2));
  if (!head || !tail || head.length + tail.length > 7) return undefined;
  const zeros = new Array<number>(8 - head.length - tail.length).fill(0);
  return { v6: true, parts: [...head, ...zeros, ...tail] };
}

/** RFC 5952 text: lower-case hex, the longest run (2+) of zero groups as `::`. */
export function formatIPv6(parts: readonly number[]): string {
  let best = -1;
  let bestLen = 1;
  for (let i = 0; i < 8; ) {
    if (parts[i] !== 0) {
      i += 1;
      continue;
    }
    let j = i;
    while (j < 8 && parts[j] === 0) j += 1;
    if (j - i > bestLen) {
      best = i;
      bestLen = j - i;
    }
    i = j;
  }
  const hex = parts.map((p) => p.toString(16));
  if (best === -1) return hex.join(':');
  return `${hex.slice(0, best).join(':')}::${hex.slice(best + bestLen).join(':')}`;
}

export function formatAddress(a: Address): string {
  return a.v6 ? formatIPv6(a.parts) : a.parts.join('.');
}

/** A CIDR range: the address's parts and the prefix length in bits. */
export interface Range {
  readonly v6: boolean;
  readonly parts: readonly number[];
  readonly bits: number;
}

export type CidrParse =
  | { ok: true; range: Range; text: string }
  | { ok: false; reason: 'bare-address'; family: 'ipv4' | 'ipv6' }
  | { ok: false; reason: 'invalid' };

/** `192.0.2.0/24` or `2001:db8::/32`; a bare address is reported as such. */
export function parseCidr(value: string): CidrParse {
  const v = value.trim();
  const slash = v.indexOf('/');
  if (slash === -1) {
    if (parseIPv4(v)) return { ok: false, reason: 'bare-address', family: 'ipv4' };
    if (parseIPv6(v)) return { ok: false, reason: 'bare-address', family: 'ipv6' };
    return { ok: false, reason: 'invalid' };
  }
  const bitsText = v.slice(slash + 1);
  if (!/^\d{1,3}$/.test(bitsText)) return { ok: false, reason: 'invalid' };
  const bits = Number(bitsText);
  const addr = parseIPv4(v.slice(0, slash)) ?? parseIPv6(v.slice(0, slash));
  if (!addr || bits > (addr.v6 ? 128 : 32)) return { ok: false, reason: 'invalid' };
  return { ok: true, range: { ...addr, bits }, text: `${formatAddress(addr)}/${bits}` };
}

/** True when `a` lies in `r` (same family). */
export function inRange(a: Address, r: Range): boolean {
  if (a.v6 !== r.v6) return false;
  const size = a.v6 ? 16 : 8;
  let bits = r.bits;
  for (let i = 0; bits > 0; i += 1, bits -= size) {
    const shift = bits >= size ? 0 : size - bits;
    if (a.parts[i] >> shift !== r.parts[i] >> shift) return false;
  }
  return true;
}

/** An IPv4-mapped IPv6 address (::ffff:a.b.c.d) as the IPv4 address; others unchanged. */
export function unmapped(a: Address): Address {
  const p = a.parts;
  const mapped = a.v6 && p[0] === 0 && p[1] === 0 && p[2] === 0 && p[3] === 0 && p[4] === 0 && p[5] === 0xffff;
  return mapped ? { v6: false, parts: [p[6] >> 8, p[6] & 0xff, p[7] >> 8, p[7] & 0xff] } : a;
}

/** Parse an IPv4 or IPv6 address (mapped IPv6 read as IPv4); undefined when it is neither. */
export function parseClientAddress(text: string): Address | undefined {
  const a = parseIPv4(text.trim()) ?? parseIPv6(text.trim());
  return a ? unmapped(a) : undefined;
}

/** Whether the client address lies in the CIDR (families must match). */
export function cidrContains(cidr: string, address: string): boolean {
  const parsed = parseCidr(cidr);
  const a = parseClientAddress(address);
  return parsed.ok && a !== undefined && inRange(a, parsed.range);
}
