/**
 * The same record twice, the ignore list, SOA values: the zone-file rules' checks, with the facts the check
 * registry wants of each (check.ts). Emitted by src/core/zonefile/rules/duplicates.ts,
 * src/core/zonefile/rules/ignore.ts, src/core/zonefile/rules/soa.ts. Assembled by ../rule-checks.ts. Pure.
 */
import type { CheckFacts } from '../check.js';
import { E, W, RECORD_TYPES_DOC, doc, answer, file } from './sources.js';

export const SOA_AND_DUPLICATE_RULE_CHECKS = {
  'record.duplicate': {
    severity: E,
    ref: 'RFC 2181 §5',
    description: 'no record is written twice',
    // 81058 "An identical record already exists."
    source: answer('https://github.com/jeessy2/ddns-go/issues/1378'),
  },
  'ignore.listed': {
    severity: E,
    ref: 'README.md, "How zonectl reconciles"',
    description: 'no record of the file matches a manage.ignore rule (the rule keeps live records the file does not own)',
    source: file('the file both lists a record and says to leave the live records that rule matches alone'),
  },
  'soa.rname-form': {
    severity: E,
    ref: 'RFC 1035 §3.3.13',
    description: 'the SOA RNAME is a mailbox in DNS form, not an e-mail address',
    source: doc(`${RECORD_TYPES_DOC}#soa`),
  },
  'soa.range': {
    severity: E,
    ref: 'API schema dns-settings_soa-base',
    description: 'SOA timers are within the bounds the DNS settings API accepts',
    // The newer official schema (src/core/service/soa.ts, SOA_BOUNDS): retry 600..86400, ttl 300..86400.
    source: doc('https://github.com/cloudflare/api-schemas/blob/c92b9b0fde23ae00fece2025662f96dc8e2d6283/openapi.json'),
  },
  'soa.documented-range': {
    severity: W,
    ref: `${RECORD_TYPES_DOC}#soa`,
    description: "SOA timers outside the record types page's older, narrower table (retry up to 3600, ttl 1800..3600)",
    source: doc(`${RECORD_TYPES_DOC}#soa`),
  },
  'soa.retry-refresh': {
    severity: E,
    ref: 'RFC 1912 §2.2',
    description: 'SOA retry does not exceed refresh',
    source: doc(`${RECORD_TYPES_DOC}#soa`),
  },
  'soa.expire-refresh': {
    severity: E,
    ref: 'RFC 1912 §2.2',
    description: 'SOA expire is not smaller than refresh',
    source: doc(`${RECORD_TYPES_DOC}#soa`),
  },
} as const satisfies Record<string, CheckFacts>;
