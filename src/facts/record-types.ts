/**
 * Plain facts about the service's DNS record types, read by zonectl (src/core/record-types, the
 * one door the rest of zonectl reads them through) and by the emulator alike.
 * Data only: no function here normalises or compares (each side has its own code for that).
 * Sources: the OpenAPI record schemas (test/contract/openapi) and the service's record-type
 * reference, https://developers.cloudflare.com/dns/manage-dns-records/reference/dns-record-types/
 */

export const RECORD_TYPES = [
  'A',
  'AAAA',
  'CNAME',
  'MX',
  'TXT',
  'CAA',
  'SRV',
  'SVCB',
  'HTTPS',
  'PTR',
  'NS',
  'DS',
  'DNSKEY',
  'URI',
  'NAPTR',
  'SSHFP',
  'TLSA',
  'SMIMEA',
  'CERT',
  'LOC',
  'OPENPGPKEY',
] as const;

export type RecordType = (typeof RECORD_TYPES)[number];

/** What a data field holds (its meaning, not how anyone compares it). */
export type DataFieldShape =
  | { readonly kind: 'int'; readonly min: number; readonly max: number }
  | { readonly kind: 'number'; readonly min: number; readonly max: number }
  | { readonly kind: 'hostname' }
  | { readonly kind: 'hex' }
  | { readonly kind: 'base64' }
  | { readonly kind: 'text' }
  | { readonly kind: 'enum'; readonly values: readonly string[] };

export interface DataFieldFact {
  readonly name: string;
  readonly shape: DataFieldShape;
  /** The service fills the field when a write leaves it out. */
  readonly optional?: boolean;
}

const u8 = { kind: 'int', min: 0, max: 255 } as const;
const u16 = { kind: 'int', min: 0, max: 65535 } as const;
const host = { kind: 'hostname' } as const;
const text = { kind: 'text' } as const;
const hex = { kind: 'hex' } as const;
const b64 = { kind: 'base64' } as const;

/** `data` fields per structured type, in the order the service renders them into `content`. */
export const DATA_FIELD_FACTS: Readonly<Partial<Record<RecordType, readonly DataFieldFact[]>>> = {
  CAA: [
    { name: 'flags', shape: u8 },
    { name: 'tag', shape: text },
    { name: 'value', shape: text },
  ],
  SRV: [
    { name: 'priority', shape: u16 },
    { name: 'weight', shape: u16 },
    { name: 'port', shape: u16 },
    { name: 'target', shape: host },
  ],
  HTTPS: [
    { name: 'priority', shape: u16 },
    { name: 'target', shape: host },
    { name: 'value', shape: text, optional: true },
  ],
  SVCB: [
    { name: 'priority', shape: u16 },
    { name: 'target', shape: host },
    { name: 'value', shape: text, optional: true },
  ],
  URI: [
    { name: 'weight', shape: u16 },
    { name: 'target', shape: text },
  ],
  DS: [
    { name: 'key_tag', shape: u16 },
    { name: 'algorithm', shape: u8 },
    { name: 'digest_type', shape: u8 },
    { name: 'digest', shape: hex },
  ],
  DNSKEY: [
    { name: 'flags', shape: u16 },
    { name: 'protocol', shape: u8 },
    { name: 'algorithm', shape: u8 },
    { name: 'public_key', shape: b64 },
  ],
  NAPTR: [
    { name: 'order', shape: u16 },
    { name: 'preference', shape: u16 },
    { name: 'flags', shape: text },
    { name: 'service', shape: text },
    { name: 'regex', shape: text },
    { name: 'replacement', shape: host },
  ],
  SSHFP: [
    { name: 'algorithm', shape: u8 },
    { name: 'type', shape: u8 },
    { name: 'fingerprint', shape: hex },
  ],
  TLSA: [
    { name: 'usage', shape: u8 },
    { name: 'selector', shape: u8 },
    { name: 'matching_type', shape: u8 },
    { name: 'certificate', shape: hex },
  ],
  SMIMEA: [
    { name: 'usage', shape: u8 },
    { name: 'selector', shape: u8 },
    { name: 'matching_type', shape: u8 },
    { name: 'certificate', shape: hex },
  ],
  CERT: [
    { name: 'type', shape: u16 },
    { name: 'key_tag', shape: u16 },
    { name: 'algorithm', shape: u8 },
    { name: 'certificate', shape: b64 },
  ],
  LOC: [
    { name: 'lat_degrees', shape: { kind: 'int', min: 0, max: 90 } },
    { name: 'lat_minutes', shape: { kind: 'int', min: 0, max: 59 } },
    { name: 'lat_seconds', shape: { kind: 'number', min: 0, max: 59.999 } },
    { name: 'lat_direction', shape: { kind: 'enum', values: ['N', 'S'] } },
    { name: 'long_degrees', shape: { kind: 'int', min: 0, max: 180 } },
    { name: 'long_minutes', shape: { kind: 'int', min: 0, max: 59 } },
    { name: 'long_seconds', shape: { kind: 'number', min: 0, max: 59.999 } },
    { name: 'long_direction', shape: { kind: 'enum', values: ['E', 'W'] } },
    { name: 'altitude', shape: { kind: 'number', min: -100000, max: 42849672.95 }, optional: true },
    { name: 'size', shape: { kind: 'number', min: 0, max: 90000000 }, optional: true },
    { name: 'precision_horz', shape: { kind: 'number', min: 0, max: 90000000 }, optional: true },
    { name: 'precision_vert', shape: { kind: 'number', min: 0, max: 90000000 }, optional: true },
  ],
};

/** Types with a top-level `priority` (SRV, HTTPS and SVCB keep theirs inside `data`). */
export const TOP_LEVEL_PRIORITY_TYPES: ReadonlySet<RecordType> = new Set<RecordType>(['MX', 'URI']);

/** Only these types can be proxied. */
export const PROXIABLE_TYPES: ReadonlySet<RecordType> = new Set<RecordType>(['A', 'AAAA', 'CNAME']);

/** Types whose name follows the host name rules of the service (letters, digits, hyphens). */
export const HOST_NAME_RULE_TYPES: ReadonlySet<RecordType> = new Set<RecordType>(['A', 'AAAA', 'CNAME']);

/** TTL: 1 is "automatic"; else 60..86400, from 30 on Enterprise zones (DNS-only records). */
export const TTL_FACTS = { auto: 1, min: 60, enterpriseMin: 30, max: 86400 } as const;

/**
 * Tags: a feature of paid plans, none on Free zones; on paid plans at most 20 a record, a name
 * (before the colon) of at most 32 characters and a value (after it) of at most 100 (the plans
 * index, `dns.record_tags`: https://developers.cloudflare.com/dns/manage-dns-records/reference/record-attributes/,
 * cloudflare-docs src/content/plans/index.json). A Free zone answers a record with tags
 * 9300 "DNS record has 1 tags, exceeding the quota of 0." (kubernetes-sigs/external-dns issue
 * #3706, cloudflare/terraform-provider-cloudflare issue #3217).
 */
export const TAG_FACTS = { maxCount: 20, freeMaxCount: 0, nameMax: 32, valueMax: 100 } as const;

/** Comment length: 100 characters on Free zones, 500 on paid plans. */
export const COMMENT_FACTS = { freeMax: 100, paidMax: 500 } as const;
