/**
 * TXT text, tags and sizes: the zone-file rules' checks, with the facts the check registry wants of each
 * (check.ts). Emitted by src/core/record-types/txt.ts, src/core/zonefile/rules/tags.ts,
 * src/core/zonefile/rules/record-size.ts. Assembled by ../rule-checks.ts. Pure.
 */
import type { CheckFacts } from '../check.js';
import { E, RECORD_TYPES_DOC, RECORD_ATTRIBUTES_DOC, doc, answer, protocol } from './sources.js';

export const TEXT_AND_SIZE_RULE_CHECKS = {
  'txt.escape': {
    severity: E,
    ref: 'RFC 1035 §5.1',
    description: 'a \\DDD escape in TXT content is three digits of at most 255',
    source: protocol('RFC 1035 §5.1: \\DDD is one octet'),
  },
  'txt.quotation': {
    severity: E,
    ref: 'RFC 1035 §5.1',
    description: 'TXT content is unquoted, or a sequence of "..." strings',
    // "Inconsistent quotation produces a validation error" (TXT content).
    source: doc(`${RECORD_TYPES_DOC}#txt`),
  },
  'txt.ascii': {
    severity: E,
    ref: 'service error 9051',
    description: 'TXT content is printable ASCII (other bytes as \\DDD)',
    // 9051 "Invalid TXT record. Record may only contain printable ASCII!"
    source: answer('https://github.com/cloudflare/terraform-provider-cloudflare/issues/9'),
  },
  'tag.name-length': {
    severity: E,
    ref: RECORD_ATTRIBUTES_DOC,
    description: 'a tag name (before the colon) has at most 32 characters',
    source: doc(RECORD_ATTRIBUTES_DOC),
  },
  'tag.value-length': {
    severity: E,
    ref: RECORD_ATTRIBUTES_DOC,
    description: 'a tag value (after the colon) has at most 100 characters',
    source: doc(RECORD_ATTRIBUTES_DOC),
  },
  'record.too-large': {
    severity: E,
    ref: RECORD_TYPES_DOC,
    description: 'a record is at most 4,096 bytes on the wire',
    source: doc(RECORD_TYPES_DOC),
  },
  'rrset.too-large': {
    severity: E,
    ref: RECORD_TYPES_DOC,
    description: 'the records of one name and type hold at most 8,192 characters',
    source: doc(RECORD_TYPES_DOC),
  },
} as const satisfies Record<string, CheckFacts>;
