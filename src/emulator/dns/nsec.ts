/**
 * Compact denial of existence (RFC 9824, the service's "black lies",
 * https://blog.cloudflare.com/black-lies/): one NSEC record at the queried name whose next
 * name is its immediate successor `\000.<name>`, so it covers no other name.
 *
 * - a name that does not exist is answered as NOERROR, the NSEC's types RRSIG, NSEC and the
 *   NXNAME meta-type (128, RFC 9824 §3.2);
 * - a type the name does not have is answered as NOERROR, the NSEC's types those the name has,
 *   plus RRSIG and NSEC (RFC 9824 §3.1);
 * - a delegation without DS: an NSEC at the cut, types NS, RRSIG, NSEC (RFC 4035 §3.1.4.1).
 *
 * Type bitmap encoding: RFC 4034 §4.1.2 (windows of 256 types, trailing zero octets dropped).
 */
import { nameBytes, u8, type WireRr } from './wire.js';

export const NSEC = 47;
export const NXNAME = 128;

export function typeBitmap(types: Iterable<number>): Buffer {
  const windows = new Map<number, number[]>();
  for (const t of new Set(types)) {
    const w = t >> 8;
    const list = windows.get(w);
    if (list) list.push(t & 0xff);
    else windows.set(w, [t & 0xff]);
  }
  const parts: Buffer[] = [];
  // An empty bitmap (an NSEC3 of an empty non-terminal) is no window at all (RFC 5155 §3.2.1).
  for (const w of [...windows.keys()].sort((a, b) => a - b)) {
    const bits = windows.get(w)!;
    const bytes = Buffer.alloc((Math.max(...bits) >> 3) + 1);
    for (const b of bits) bytes[b >> 3]! |= 0x80 >> (b & 7);
    parts.push(u8(w), u8(bytes.length), bytes);
  }
  return Buffer.concat(parts);
}

/** The NSEC at `owner` (lower-case) covering only that name, listing `types`. */
export function compactNsec(owner: string, types: Iterable<number>, ttl: number): WireRr {
  const next = Buffer.concat([Buffer.from([1, 0]), nameBytes(owner)]);
  return { name: owner, type: NSEC, ttl, rdata: Buffer.concat([next, typeBitmap(types)]) };
}
