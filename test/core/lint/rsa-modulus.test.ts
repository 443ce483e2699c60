/**
 * rsaModulusBits against OpenSSL (createPublicKey): real keys generated here, keys built from
 * random moduli and exponents, and the same bytes edited (a byte changed, cut, added, lengths in
 * long form). Wherever the direct reader answers, OpenSSL decodes the bytes to an RSA key of
 * that many bits; on canonical keys the direct reader does answer.
 */
import fc from 'fast-check';
import { createPublicKey, generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { rsaModulusBits } from '../../../src/core/lint/rsa-modulus.js';

function openssl(der: Uint8Array): number | 'not rsa' {
  try {
    const key = createPublicKey({ key: Buffer.from(der), format: 'der', type: 'spki' });
    return key.asymmetricKeyType === 'rsa' ? (key.asymmetricKeyDetails?.modulusLength ?? 'not rsa') : 'not rsa';
  } catch {
    return 'not rsa';
  }
}

/** DER length bytes (short or long form). */
function length(n: number): number[] {
  return n < 0x80 ? [n] : n < 0x100 ? [0x81, n] : [0x82, n >> 8, n & 0xff];
}

function tlv(tag: number, content: readonly number[]): number[] {
  return [tag, ...length(content.length), ...content];
}

/** A SubjectPublicKeyInfo of rsaEncryption around `modulus` and `exponent` (INTEGER contents as given). */
function spki(modulus: readonly number[], exponent: readonly number[]): Uint8Array {
  const algorithm = [0x30, 0x0d, 0x06, 0x09, 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x01, 0x01, 0x05, 0x00];
  const key = tlv(0x30, [...tlv(0x02, modulus), ...tlv(0x02, exponent)]);
  return Uint8Array.from(tlv(0x30, [...algorithm, ...tlv(0x03, [0, ...key])]));
}

function agrees(der: Uint8Array): void {
  const direct = rsaModulusBits(der);
  if (direct !== undefined) expect(openssl(der)).toBe(direct);
}

describe('rsaModulusBits', () => {
  it('reads generated keys as OpenSSL does', () => {
    for (const bits of [512, 1024, 2048]) {
      const { publicKey } = generateKeyPairSync('rsa', { modulusLength: bits });
      const der = publicKey.export({ format: 'der', type: 'spki' });
      expect(rsaModulusBits(der)).toBe(bits);
      expect(openssl(der)).toBe(bits);
    }
    const { publicKey } = generateKeyPairSync('rsa', { modulusLength: 1024, publicExponent: 3 });
    expect(rsaModulusBits(publicKey.export({ format: 'der', type: 'spki' }))).toBe(1024);
  });

  it('leaves other key types to OpenSSL', () => {
    const ed = generateKeyPairSync('ed25519').publicKey.export({ format: 'der', type: 'spki' });
    expect(rsaModulusBits(ed)).toBeUndefined();
    const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' }).publicKey.export({ format: 'der', type: 'spki' });
    expect(rsaModulusBits(ec)).toBeUndefined();
  });

  it('answers as OpenSSL on built keys: random moduli, exponents and encodings', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ minLength: 1, maxLength: 300 }),
        fc.constantFrom([1, 0, 1], [3], [0, 1, 0, 1], [1, 0, 0], [0x80], [], [5]),
        fc.boolean(),
        (modulus, exponent, leadingZero) => {
          const m = leadingZero ? [0, ...modulus] : [...modulus];
          agrees(spki(m, exponent));
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('answers as OpenSSL on edited keys (a byte changed, cut or added)', () => {
    const { publicKey } = generateKeyPairSync('rsa', { modulusLength: 1024 });
    const der = Uint8Array.from(publicKey.export({ format: 'der', type: 'spki' }));
    fc.assert(
      fc.property(
        fc.nat(der.length - 1),
        fc.integer({ min: 0, max: 255 }),
        fc.constantFrom('set', 'cut', 'add', 'trim'),
        (at, byte, how) => {
          const edited =
            how === 'set'
              ? Uint8Array.from(der, (b, i) => (i === at ? byte : b))
              : how === 'cut'
                ? Uint8Array.from([...der.subarray(0, at), ...der.subarray(at + 1)])
                : how === 'add'
                  ? Uint8Array.from([...der.subarray(0, at), byte, ...der.subarray(at)])
                  : der.subarray(0, at);
          agrees(edited);
        },
      ),
      { numRuns: 2000 },
    );
  });
});
