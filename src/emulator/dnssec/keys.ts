/**
 * The zone's DNSSEC keys: ECDSA P-256 with SHA-256, algorithm 13 (RFC 6605), made with
 * node:crypto. The service signs with a key-signing key (DNSKEY flags 257, the one its API
 * describes and its DS points at) and zone-signing keys (flags 256; its API lists them under
 * `/zones/{zone_id}/dnssec/zsk`): https://developers.cloudflare.com/dns/dnssec/validation-and-key-management/.
 *
 * - DNSKEY RDATA (RFC 4034 §2.1): flags, protocol 3, algorithm 13, the public key as the 64
 *   bytes x || y of the curve point (RFC 6605 §4);
 * - key tag: RFC 4034 Appendix B over that RDATA;
 * - DS (RFC 4034 §5.1.4): digest = SHA-256(owner name in canonical wire form || DNSKEY RDATA),
 *   digest type 2 (RFC 4509);
 * - signatures: r || s, 32 bytes each (RFC 6605 §4), `ieee-p1363` in node:crypto.
 */
import { createHash, createPrivateKey, generateKeyPairSync, sign, type JsonWebKey, type KeyObject } from 'node:crypto';
import { nameBytes, u16, u8 } from '../dns/wire.js';

export const ALGORITHM_ECDSAP256SHA256 = 13;
export const DIGEST_SHA256 = 2;
export const DNSKEY_PROTOCOL = 3;
export const KSK_FLAGS = 257;
export const ZSK_FLAGS = 256;

/** A private key as the store keeps it (plain JSON: a JWK of curve P-256). */
export interface StoredKey {
  readonly flags: number;
  readonly jwk: { readonly kty: 'EC'; readonly crv: 'P-256'; readonly x: string; readonly y: string; readonly d: string };
}

/** A key ready to sign: its DNSKEY RDATA, key tag and private key. */
export interface SigningKey {
  readonly flags: number;
  readonly rdata: Buffer;
  readonly keyTag: number;
  /** Base64 of the 64-byte public key, as the DNSKEY presentation form and the API's `public_key` show it. */
  readonly publicKeyBase64: string;
  readonly privateKey: KeyObject;
}

export function newStoredKey(flags: number): StoredKey {
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const jwk = privateKey.export({ format: 'jwk' }) as JsonWebKey;
  if (typeof jwk.x !== 'string' || typeof jwk.y !== 'string' || typeof jwk.d !== 'string') {
    throw new Error('node:crypto exported an EC key without x, y and d');
  }
  return { flags, jwk: { kty: 'EC', crv: 'P-256', x: jwk.x, y: jwk.y, d: jwk.d } };
}

/** x || y of the public point, 64 bytes. */
function publicKeyBytes(key: StoredKey): Buffer {
  return Buffer.concat([Buffer.from(key.jwk.x, 'base64url'), Buffer.from(key.jwk.y, 'base64url')]);
}

export function dnskeyRdata(flags: number, publicKey: Buffer): Buffer {
  return Buffer.concat([u16(flags), u8(DNSKEY_PROTOCOL), u8(ALGORITHM_ECDSAP256SHA256), publicKey]);
}

/** RFC 4034 Appendix B (algorithm 1 excepted, which this emulator never uses). */
export function keyTag(rdata: Buffer): number {
  let ac = 0;
  for (let i = 0; i < rdata.length; i += 1) ac += i & 1 ? rdata[i]! : rdata[i]! << 8;
  ac += (ac >> 16) & 0xffff;
  return ac & 0xffff;
}

export function signingKey(key: StoredKey): SigningKey {
  const publicKey = publicKeyBytes(key);
  const rdata = dnskeyRdata(key.flags, publicKey);
  return {
    flags: key.flags,
    rdata,
    keyTag: keyTag(rdata),
    publicKeyBase64: publicKey.toString('base64'),
    privateKey: createPrivateKey({ key: { ...key.jwk }, format: 'jwk' }),
  };
}

/** The DS digest (SHA-256) of `key` at `owner` (lower-case, no trailing dot), RFC 4034 §5.1.4. */
export function dsDigest(owner: string, key: Pick<SigningKey, 'rdata'>): Buffer {
  return createHash('sha256')
    .update(Buffer.concat([nameBytes(owner.toLowerCase()), key.rdata]))
    .digest();
}

/** DS RDATA (RFC 4034 §5.1): key tag, algorithm, digest type, digest. */
export function dsRdata(owner: string, key: Pick<SigningKey, 'rdata' | 'keyTag'>): Buffer {
  return Buffer.concat([u16(key.keyTag), u8(ALGORITHM_ECDSAP256SHA256), u8(DIGEST_SHA256), dsDigest(owner, key)]);
}

/** An ECDSA P-256 SHA-256 signature of `data`: r || s (RFC 6605 §4). */
export function signData(key: Pick<SigningKey, 'privateKey'>, data: Buffer): Buffer {
  return sign('sha256', data, { key: key.privateKey, dsaEncoding: 'ieee-p1363' });
}
