/**
 * The modulus length of an RSA public key in the one DER form DKIM keys take (RFC 6376 §3.6.1:
 * `p=` is a base64 SubjectPublicKeyInfo, RFC 5280 §4.1, with the rsaEncryption algorithm of
 * RFC 8017 A.1 and NULL parameters), read byte by byte: a zone with a hundred DKIM keys had them
 * decoded by OpenSSL one `createPublicKey` at a time (a decoder context each, about 1.2 M
 * instructions a key). Only a canonical encoding is read here (minimal lengths, nothing after
 * the key, a positive odd modulus of at most 8,192 bits, exponent 3 or 65537); anything else is
 * undefined, for the caller to ask OpenSSL (dkim.ts), so that the answer never differs from it
 * (test/core/lint/rsa-modulus.test.ts compares the two).
 */

/** SEQUENCE { OID 1.2.840.113549.1.1.1 (rsaEncryption), NULL }. */
const RSA_ALGORITHM = [0x30, 0x0d, 0x06, 0x09, 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x01, 0x01, 0x05, 0x00];
const SEQUENCE = 0x30;
const BIT_STRING = 0x03;
const INTEGER = 0x02;
const MAX_MODULUS_BITS = 8192;

/** A DER element's header at `at`: its content's start and length, or undefined when not minimal DER. */
function header(der: Uint8Array, at: number, tag: number): { start: number; length: number } | undefined {
  if (der[at] !== tag) return undefined;
  const first = der[at + 1];
  if (first === undefined) return undefined;
  if (first < 0x80) return { start: at + 2, length: first };
  if (first === 0x81) {
    const length = der[at + 2];
    return length !== undefined && length >= 0x80 ? { start: at + 3, length } : undefined;
  }
  if (first === 0x82) {
    const hi = der[at + 2];
    const lo = der[at + 3];
    if (hi === undefined || lo === undefined || hi === 0) return undefined;
    return { start: at + 4, length: (hi << 8) | lo };
  }
  return undefined;
}

/** Bits of the modulus of a canonical RSA SubjectPublicKeyInfo, or undefined (see above). */
export function rsaModulusBits(der: Uint8Array): number | undefined {
  const outer = header(der, 0, SEQUENCE);
  if (!outer || outer.start + outer.length !== der.length) return undefined;
  for (let k = 0; k < RSA_ALGORITHM.length; k += 1) if (der[outer.start + k] !== RSA_ALGORITHM[k]) return undefined;
  const bits = header(der, outer.start + RSA_ALGORITHM.length, BIT_STRING);
  if (!bits || bits.start + bits.length !== der.length || der[bits.start] !== 0) return undefined;
  const key = header(der, bits.start + 1, SEQUENCE);
  if (!key || key.start + key.length !== der.length) return undefined;
  const modulus = header(der, key.start, INTEGER);
  if (!modulus || modulus.length < 1) return undefined;
  let first = modulus.start;
  let length = modulus.length;
  if (der[first] === 0) {
    // A leading zero only before a byte with its top bit set (minimal, positive).
    if (length < 2 || der[first + 1]! < 0x80) return undefined;
    first += 1;
    length -= 1;
  } else if (der[first]! >= 0x80) {
    return undefined; // negative
  }
  const last = modulus.start + modulus.length - 1;
  if ((der[last]! & 1) === 0) return undefined;
  const exponent = header(der, modulus.start + modulus.length, INTEGER);
  if (!exponent || exponent.start + exponent.length !== der.length) return undefined;
  const e = der.subarray(exponent.start);
  const common = (e.length === 3 && e[0] === 0x01 && e[1] === 0x00 && e[2] === 0x01) || (e.length === 1 && e[0] === 0x03);
  if (!common) return undefined;
  const result = (length - 1) * 8 + (32 - Math.clz32(der[first]!));
  return result <= MAX_MODULUS_BITS ? result : undefined;
}
