/**
 * RRSIG records (RFC 4034 §3) made on the fly over an RRset, with ECDSA P-256 SHA-256
 * (algorithm 13, RFC 6605). The signed data is RFC 4034 §3.1.8.1: the RRSIG RDATA without its
 * signature, then every RR of the set in canonical form (§6.2: owner lower-case and whole,
 * the original TTL, names inside the RDATA of the RFC 1035 types lower-case as RFC 6840 §5.1
 * lists them) in canonical order (§6.3), duplicates once.
 *
 * Validity: from one hour before the signing time to two days after it (the emulator's
 * choice; the service's answers show a window of about two days, as in
 * https://blog.cloudflare.com/black-lies/ "RRSIG A 13 2 300 20160311145051 20160309125051").
 */
import { signData, type SigningKey } from '../dnssec/keys.js';
import { nameBytes, u16, u32, u8, type WireRr } from './wire.js';

export const RRSIG = 46;
const CLASS_IN = 1;
const VALID_BEFORE_S = 3600;
const VALID_FOR_S = 2 * 86400;

/** Types whose RDATA names are lower-cased in canonical form, as [bytes before, names] (RFC 4034 §6.2, RFC 6840 §5.1). */
const NAME_FIELDS: Readonly<Record<number, readonly [number, number]>> = {
  2: [0, 1], // NS
  5: [0, 1], // CNAME
  6: [0, 2], // SOA
  12: [0, 1], // PTR
  15: [2, 1], // MX
  33: [6, 1], // SRV
};

function lowerAscii(b: number): number {
  return b >= 0x41 && b <= 0x5a ? b + 0x20 : b;
}

/** `rdata` with the names of its type lower-cased (a copy; unreadable names are left as they are). */
export function canonicalRdata(type: number, rdata: Buffer): Buffer {
  const shape = NAME_FIELDS[type];
  if (shape === undefined) return rdata;
  const out = Buffer.from(rdata);
  let at = shape[0];
  for (let n = 0; n < shape[1]; n += 1) {
    while (at < out.length && out[at] !== 0) {
      const len = out[at]!;
      if (len > 63) return rdata;
      for (let i = at + 1; i <= at + len && i < out.length; i += 1) out[i] = lowerAscii(out[i]!);
      at += 1 + len;
    }
    at += 1;
  }
  return out;
}

/** Labels of `owner` for the RRSIG Labels field: a leading `*` does not count (RFC 4034 §3.1.3). */
function labelCount(owner: string): number {
  const labels = owner === '' ? [] : owner.split('.');
  return labels[0] === '*' ? labels.length - 1 : labels.length;
}

export interface RrsigInput {
  /** The RRset: one owner, one type. */
  readonly rrset: readonly WireRr[];
  readonly signer: string;
  readonly key: SigningKey;
  readonly now: Date;
}

/** The RRSIG covering `rrset` (its TTL the set's original TTL). */
export function rrsigFor({ rrset, signer, key, now }: RrsigInput): WireRr {
  const first = rrset[0]!;
  const owner = first.name.toLowerCase();
  const ttl = Math.min(...rrset.map((rr) => rr.ttl));
  const seconds = Math.floor(now.getTime() / 1000);
  const head = Buffer.concat([
    u16(first.type),
    u8(13),
    u8(labelCount(owner)),
    u32(ttl),
    u32(seconds + VALID_FOR_S),
    u32(seconds - VALID_BEFORE_S),
    u16(key.keyTag),
    nameBytes(signer.toLowerCase()),
  ]);
  const ownerWire = nameBytes(owner);
  const canonical = [
    ...new Map(rrset.map((rr) => [canonicalRdata(rr.type, rr.rdata).toString('hex'), canonicalRdata(rr.type, rr.rdata)])).values(),
  ];
  canonical.sort(Buffer.compare);
  const signed = Buffer.concat([
    head,
    ...canonical.map((rdata) => Buffer.concat([ownerWire, u16(first.type), u16(CLASS_IN), u32(ttl), u16(rdata.length), rdata])),
  ]);
  return { name: first.name, type: RRSIG, ttl, rdata: Buffer.concat([head, signData(key, signed)]) };
}
