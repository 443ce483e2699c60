/**
 * Compact denial with NSEC3 (RFC 9824 with RFC 5155), for zones whose `dnssec_use_nsec3` is on
 * (the service then generates NSEC3 records "and signs them at request time": the
 * `dnssec_use_nsec3` description in cloudflare-typescript `src/resources/dns/dnssec/dnssec.ts`).
 * One NSEC3 whose owner is the hash of the queried name and whose next hashed owner is that
 * hash plus one, so it matches that name only: its types are those the name has (with RRSIG),
 * NXNAME alone for a name that does not exist, NS (no DS) at a cut without DS.
 * Parameters: SHA-1, no opt-out, 0 extra iterations, empty salt (RFC 9276 §3.1; what the
 * service uses is not published), also answered as the apex NSEC3PARAM.
 */
import { createHash } from 'node:crypto';
import { typeBitmap } from './nsec.js';
import { nameBytes, u16, u8, type WireRr } from './wire.js';

export const NSEC3 = 50;
export const NSEC3PARAM = 51;
const SHA1 = 1;
const ITERATIONS = 0;
const SALT = Buffer.alloc(0);

/** RFC 5155 §5: H(owner in canonical wire form || salt), iterated ITERATIONS more times. */
export function nsec3Hash(name: string): Buffer {
  let h = createHash('sha1')
    .update(Buffer.concat([nameBytes(name.toLowerCase()), SALT]))
    .digest();
  for (let i = 0; i < ITERATIONS; i += 1)
    h = createHash('sha1')
      .update(Buffer.concat([h, SALT]))
      .digest();
  return h;
}

const BASE32HEX = '0123456789abcdefghijklmnopqrstuv';

/** Base32 with the extended hex alphabet, no padding (RFC 4648 §7), lower-case. */
export function base32hex(bytes: Buffer): string {
  let out = '';
  let bits = 0;
  let value = 0;
  for (const b of bytes) {
    value = (value << 8) | b;
    bits += 8;
    while (bits >= 5) {
      out += BASE32HEX[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32HEX[(value << (5 - bits)) & 31];
  return out;
}

/** `hash + 1` as a 160-bit number (wrapping). */
function successor(hash: Buffer): Buffer {
  const next = Buffer.from(hash);
  for (let i = next.length - 1; i >= 0; i -= 1) {
    next[i] = (next[i]! + 1) & 0xff;
    if (next[i] !== 0) break;
  }
  return next;
}

const params = (): Buffer => Buffer.concat([u8(SHA1), u8(0), u16(ITERATIONS), u8(SALT.length), SALT]);

export function nsec3paramRdata(): Buffer {
  return params();
}

/** The NSEC3 matching `name` only, in zone `apex`, listing `types`. */
export function compactNsec3(apex: string, name: string, types: Iterable<number>, ttl: number): WireRr {
  const hash = nsec3Hash(name);
  const next = successor(hash);
  return {
    name: `${base32hex(hash)}.${apex}`,
    type: NSEC3,
    ttl,
    rdata: Buffer.concat([params(), u8(next.length), next, typeBitmap(types)]),
  };
}
