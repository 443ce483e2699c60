/**
 * A stored record's RDATA in wire form, per type (RFC 1035 §3.3 and each type's RFC), from the
 * content or `data` the emulator stores (src/emulator/README.md, "Storage forms"). Host names
 * are written whole here; `compress.ts` compresses those of the RFC 1035 types in the message.
 */
import type { RecordType } from '../../facts/record-types.js';
import { assertNever } from '../assert-never.js';
import { parseIPv4, parseIPv6 } from '../net/ip.js';
import type { RecordRow, StoredData } from '../records/record-row.js';
import { txtWireStrings } from '../records/txt-content.js';
import { locBytes } from './loc.js';
import { svcParamsBytes } from './svc-params.js';
import { base64Bytes, characterString, hexBytes, nameBytes, u16, u8 } from './wire.js';

/** IANA type numbers of the types the service serves (plus SOA and OPT). */
export const TYPE_NUMBERS: Readonly<Record<RecordType | 'SOA', number>> = {
  A: 1,
  NS: 2,
  CNAME: 5,
  SOA: 6,
  PTR: 12,
  MX: 15,
  TXT: 16,
  AAAA: 28,
  LOC: 29,
  SRV: 33,
  NAPTR: 35,
  CERT: 37,
  DS: 43,
  SSHFP: 44,
  DNSKEY: 48,
  TLSA: 52,
  SMIMEA: 53,
  OPENPGPKEY: 61,
  SVCB: 64,
  HTTPS: 65,
  URI: 256,
  CAA: 257,
};

export function ipv4Bytes(text: string): Buffer {
  return Buffer.from(parseIPv4(text)?.parts ?? [0, 0, 0, 0]);
}

export function ipv6Bytes(text: string): Buffer {
  return Buffer.concat((parseIPv6(text)?.parts ?? new Array<number>(8).fill(0)).map((p) => u16(p)));
}

const text = (d: StoredData, key: string): Buffer => Buffer.from(String(d[key] ?? ''), 'utf8');
const int = (d: StoredData, key: string): number => Number(d[key] ?? 0);

export function rdataOf(r: RecordRow): Buffer {
  const c = r.content ?? '';
  const d: StoredData = r.data ?? {};
  switch (r.type) {
    case 'A':
      return ipv4Bytes(c);
    case 'AAAA':
      return ipv6Bytes(c);
    case 'CNAME':
    case 'NS':
    case 'PTR':
      return nameBytes(c);
    case 'MX':
      return Buffer.concat([u16(r.priority ?? int(d, 'priority')), nameBytes(c)]);
    case 'TXT':
      // The strings as stored, one character-string each; `\DDD` escapes are bytes (Latin-1).
      return Buffer.concat(txtWireStrings(c).map((s) => characterString(Buffer.from(s, 'latin1'))));
    case 'CAA':
      return Buffer.concat([u8(int(d, 'flags')), characterString(text(d, 'tag')), text(d, 'value')]);
    case 'SRV':
      return Buffer.concat([u16(int(d, 'priority')), u16(int(d, 'weight')), u16(int(d, 'port')), nameBytes(String(d.target ?? ''))]);
    case 'HTTPS':
    case 'SVCB':
      return Buffer.concat([u16(int(d, 'priority')), nameBytes(String(d.target ?? '')), svcParamsBytes(String(d.value ?? ''))]);
    case 'URI':
      return Buffer.concat([u16(r.priority ?? int(d, 'priority')), u16(int(d, 'weight')), text(d, 'target')]);
    case 'DS':
      return Buffer.concat([u16(int(d, 'key_tag')), u8(int(d, 'algorithm')), u8(int(d, 'digest_type')), hexBytes(String(d.digest ?? ''))]);
    case 'DNSKEY':
      return Buffer.concat([
        u16(int(d, 'flags')),
        u8(int(d, 'protocol')),
        u8(int(d, 'algorithm')),
        base64Bytes(String(d.public_key ?? '')),
      ]);
    case 'NAPTR':
      return Buffer.concat([
        u16(int(d, 'order')),
        u16(int(d, 'preference')),
        characterString(text(d, 'flags')),
        characterString(text(d, 'service')),
        characterString(text(d, 'regex')),
        nameBytes(String(d.replacement ?? '')),
      ]);
    case 'SSHFP':
      return Buffer.concat([u8(int(d, 'algorithm')), u8(int(d, 'type')), hexBytes(String(d.fingerprint ?? ''))]);
    case 'TLSA':
    case 'SMIMEA':
      return Buffer.concat([
        u8(int(d, 'usage')),
        u8(int(d, 'selector')),
        u8(int(d, 'matching_type')),
        hexBytes(String(d.certificate ?? '')),
      ]);
    case 'CERT':
      return Buffer.concat([
        u16(int(d, 'type')),
        u16(int(d, 'key_tag')),
        u8(int(d, 'algorithm')),
        base64Bytes(String(d.certificate ?? '')),
      ]);
    case 'LOC':
      return locBytes(d);
    case 'OPENPGPKEY':
      return base64Bytes(c);
    default:
      return assertNever(r.type, 'record type');
  }
}
