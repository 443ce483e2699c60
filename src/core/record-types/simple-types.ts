/**
 * The record types with no behaviour of their own: each one row, one of the shapes several types
 * share (shapes.ts). A type that needs more (its own checks, content or presentation) has a file
 * of its own (address.ts for A and AAAA, cname.ts, txt.ts, srv.ts, ...).
 */
import type { ContentTypeDefinition, DataTypeDefinition } from './definition.js';
import { hostNameType, numbersThenDataType } from './shapes.js';
import { base64, bytesOf, fieldsOf, hexUpper, u16 } from './wire.js';

export const SIMPLE_TYPES = {
  /** PTR (RFC 1035 §3.3.12): one host name. */
  PTR: hostNameType('PTR', { what: 'PTR target', allowRoot: false }, 'Target host name.'),
  /** NS (RFC 1035 §3.3.11): one name server host name (a delegation below the apex), which must not be an alias (RFC 2181 §10.3). */
  NS: {
    ...hostNameType('NS', { what: 'name server', allowRoot: false }, 'Name server host name (delegation of a subdomain).'),
    followedTarget: { field: 'content', notAlias: true },
  },
  /** DS (RFC 4034 §5.3): key tag, algorithm, digest type, digest (hex). */
  DS: numbersThenDataType('DS', 'DS needs "key_tag algorithm digest_type digest"', {
    code: 43,
    presentAnswer: (r) => {
      const d = fieldsOf(r);
      return `${d.keyTag} ${d.algorithm} ${d.digestType} ${hexUpper(bytesOf(d.digest))}`;
    },
  }),
  /** DNSKEY (RFC 4034 §2.2): flags, protocol, algorithm, public key (base64). */
  DNSKEY: numbersThenDataType('DNSKEY', 'DNSKEY needs "flags protocol algorithm key"', {
    code: 48,
    presentAnswer: (r) => {
      const d = fieldsOf(r);
      return `${d.flags} 3 ${d.algorithm} ${base64(bytesOf(d.key))}`;
    },
  }),
  /** SSHFP (RFC 4255 §3.2): algorithm, fingerprint type, fingerprint (hex). */
  SSHFP: numbersThenDataType('SSHFP', 'SSHFP needs "algorithm type fingerprint"', {
    code: 44,
    presentAnswer: (r) => {
      const d = fieldsOf(r);
      return `${d.algorithm} ${d.hash} ${String(d.fingerprint).toUpperCase()}`;
    },
  }),
  /** TLSA (RFC 6698 §2.2): certificate usage, selector, matching type, certificate association data (hex). */
  TLSA: numbersThenDataType('TLSA', 'TLSA needs "usage selector matching_type data"', {
    code: 52,
    presentAnswer: (r) => {
      const d = fieldsOf(r);
      return `${d.usage} ${d.selector} ${d.matchingType} ${hexUpper(bytesOf(d.certificate))}`;
    },
  }),
  /** SMIMEA (RFC 8162 §2): TLSA's form (usage, selector, matching type, data in hex) for S/MIME certificates. */
  SMIMEA: numbersThenDataType('SMIMEA', 'SMIMEA needs "usage selector matching_type data"', {
    code: 53,
    presentAnswer: (r) => {
      const b = bytesOf(r);
      return `${b[0]} ${b[1]} ${b[2]} ${hexUpper(b.subarray(3))}`;
    },
  }),
  /** CERT (RFC 4398 §2.2): type, key tag, algorithm (read as numbers only), certificate (base64). */
  CERT: numbersThenDataType('CERT', 'CERT needs "type key_tag algorithm certificate" (numeric type and algorithm)', {
    code: 37,
    presentAnswer: (r) => {
      const b = bytesOf(r);
      return `${u16(b, 0)} ${u16(b, 2)} ${b[4]} ${base64(b.subarray(5))}`;
    },
  }),
} satisfies Record<string, ContentTypeDefinition | DataTypeDefinition>;
