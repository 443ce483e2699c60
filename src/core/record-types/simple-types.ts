/**
 * The record types with no behaviour of their own: each one row, one of the shapes several types
 * share (shapes.ts). A type that needs more (its own checks, content or presentation) has a file
 * of its own (address.ts for A and AAAA, cname.ts, txt.ts, srv.ts, ...).
 */
import type { ContentTypeDefinition, DataTypeDefinition } from './definition.js';
import { hostNameType, numbersThenDataType, serviceBindingType } from './shapes.js';

export const SIMPLE_TYPES = {
  /** PTR (RFC 1035 §3.3.12): one host name. */
  PTR: hostNameType('PTR', { what: 'PTR target', allowRoot: false }, 'Target host name.'),
  /** NS (RFC 1035 §3.3.11): one name server host name (a delegation below the apex), which must not be an alias (RFC 2181 §10.3). */
  NS: {
    ...hostNameType('NS', { what: 'name server', allowRoot: false }, 'Name server host name (delegation of a subdomain).'),
    followedTarget: { field: 'content', notAlias: true },
  },
  /** DS (RFC 4034 §5.3): key tag, algorithm, digest type, digest (hex). */
  DS: numbersThenDataType('DS', 'DS needs "key_tag algorithm digest_type digest"'),
  /** DNSKEY (RFC 4034 §2.2): flags, protocol, algorithm, public key (base64). */
  DNSKEY: numbersThenDataType('DNSKEY', 'DNSKEY needs "flags protocol algorithm key"'),
  /** SSHFP (RFC 4255 §3.2): algorithm, fingerprint type, fingerprint (hex). */
  SSHFP: numbersThenDataType('SSHFP', 'SSHFP needs "algorithm type fingerprint"'),
  /** TLSA (RFC 6698 §2.2): certificate usage, selector, matching type, certificate association data (hex). */
  TLSA: numbersThenDataType('TLSA', 'TLSA needs "usage selector matching_type data"'),
  /** SMIMEA (RFC 8162 §2): TLSA's form (usage, selector, matching type, data in hex) for S/MIME certificates. */
  SMIMEA: numbersThenDataType('SMIMEA', 'SMIMEA needs "usage selector matching_type data"'),
  /** CERT (RFC 4398 §2.2): type, key tag, algorithm (read as numbers only), certificate (base64). */
  CERT: numbersThenDataType('CERT', 'CERT needs "type key_tag algorithm certificate" (numeric type and algorithm)'),
  /** HTTPS (RFC 9460): a service binding for HTTP origins. */
  HTTPS: serviceBindingType('HTTPS'),
  /** SVCB (RFC 9460): a service binding. */
  SVCB: serviceBindingType('SVCB'),
} satisfies Record<string, ContentTypeDefinition | DataTypeDefinition>;
