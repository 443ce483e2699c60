/**
 * Numbers, then key material: DS (RFC 4034 §5.1), DNSKEY (RFC 4034 §2.1), SSHFP (RFC 4255 §3.1),
 * TLSA (RFC 6698 §2.1), SMIMEA (RFC 8162 §2, TLSA's form), CERT (RFC 4398 §2), and OPENPGPKEY
 * (RFC 7929 §2.1: the key alone, stored as base64 `content`).
 */
import { base64Bytes, hexBytes, u16, u8 } from '../../dns/wire.js';
import { type EmulatorRecordType, int, s } from './definition.js';
import { dataFields, storedValue } from './zone-file-text.js';

export const DS: EmulatorRecordType = {
  code: 43,
  rdata: ({ data: d = {} }) =>
    Buffer.concat([u16(int(d, 'key_tag')), u8(int(d, 'algorithm')), u8(int(d, 'digest_type')), hexBytes(String(d.digest ?? ''))]),
  content: (d) => `${s(d.key_tag)} ${s(d.algorithm)} ${s(d.digest_type)} ${s(d.digest)}`,
  zoneFile: dataFields(['key_tag', 'algorithm', 'digest_type', 'digest']),
};

export const DNSKEY: EmulatorRecordType = {
  code: 48,
  rdata: ({ data: d = {} }) =>
    Buffer.concat([u16(int(d, 'flags')), u8(int(d, 'protocol')), u8(int(d, 'algorithm')), base64Bytes(String(d.public_key ?? ''))]),
  content: (d) => `${s(d.flags)} ${s(d.protocol)} ${s(d.algorithm)} ${s(d.public_key)}`,
  zoneFile: dataFields(['flags', 'protocol', 'algorithm', 'public_key']),
};

export const SSHFP: EmulatorRecordType = {
  code: 44,
  rdata: ({ data: d = {} }) => Buffer.concat([u8(int(d, 'algorithm')), u8(int(d, 'type')), hexBytes(String(d.fingerprint ?? ''))]),
  content: (d) => `${s(d.algorithm)} ${s(d.type)} ${s(d.fingerprint)}`,
  zoneFile: dataFields(['algorithm', 'type', 'fingerprint']),
};

const certificateAssociation = (code: number): EmulatorRecordType => ({
  code,
  rdata: ({ data: d = {} }) =>
    Buffer.concat([u8(int(d, 'usage')), u8(int(d, 'selector')), u8(int(d, 'matching_type')), hexBytes(String(d.certificate ?? ''))]),
  content: (d) => `${s(d.usage)} ${s(d.selector)} ${s(d.matching_type)} ${s(d.certificate)}`,
  zoneFile: dataFields(['usage', 'selector', 'matching_type', 'certificate']),
});

export const TLSA = certificateAssociation(52);
export const SMIMEA = certificateAssociation(53);

export const CERT: EmulatorRecordType = {
  code: 37,
  rdata: ({ data: d = {} }) =>
    Buffer.concat([u16(int(d, 'type')), u16(int(d, 'key_tag')), u8(int(d, 'algorithm')), base64Bytes(String(d.certificate ?? ''))]),
  content: (d) => `${s(d.type)} ${s(d.key_tag)} ${s(d.algorithm)} ${s(d.certificate)}`,
  zoneFile: dataFields(['type', 'key_tag', 'algorithm', 'certificate']),
};

export const OPENPGPKEY: EmulatorRecordType = {
  code: 61,
  rdata: (r) => base64Bytes(r.content ?? ''),
  // The key as one word (base64 may be split by spaces in the file).
  zoneFile: { read: ({ words }) => ({ content: words.join('') }), write: storedValue },
};
