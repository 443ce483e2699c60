/**
 * The repository policy, the zone name and record names: the zone-file rules' checks, with the facts the
 * check registry wants of each (check.ts). Emitted by src/core/zonefile/rules/repo-policy.ts,
 * src/core/zonefile/rules/zone.ts, src/core/zonefile/rules/names.ts. Assembled by ../rule-checks.ts. Pure.
 */
import type { CheckFacts } from '../check.js';
import { E, W, RECORD_TYPES_DOC, RECORD_API_DOC, WILDCARD_DOC, doc, answer, protocol, file, rfc } from './sources.js';

export const NAME_RULE_CHECKS = {
  'policy.min-ttl': {
    severity: E,
    ref: 'README.md, "Moving from another tool" (zonectl.yaml `policy:`)',
    description: "no record's TTL is below the min_ttl of the repository's policy (zonectl.yaml), automatic TTL aside",
    source: file("the repository's own policy in zonectl.yaml asks for it (an import keeps octoDNS's min_ttl there)"),
  },
  'zone.name': {
    severity: E,
    ref: 'RFC 1035 §2.3.1',
    description: 'the zone name is a domain of two labels or more',
    // zones_name: "^([a-zA-Z0-9][\\-a-zA-Z0-9]*\\.)+[\\-a-zA-Z0-9]{2,20}$" (openapi.json of cloudflare/api-schemas).
    source: doc('https://github.com/cloudflare/api-schemas/blob/main/openapi.json'),
  },
  'name.reserved': {
    severity: E,
    ref: 'docs/architecture.md, "Concurrent applies"',
    description: 'no record name starts with _zonectl (the apply lock)',
    source: file('names starting with _zonectl are the apply lock of zonectl itself (README.md, "Concurrent applies")'),
  },
  'name.outside-zone': {
    severity: E,
    ref: 'RFC 1034 §4.2',
    description: 'a record name is inside the zone',
    // name: "Complete DNS record name, including the zone name"; a name of another zone answers 9000.
    source: doc(RECORD_API_DOC),
  },
  'name.too-long': {
    severity: E,
    ref: 'RFC 1035 §2.3.4',
    description: 'a full name has at most 253 characters',
    source: protocol('RFC 1035 §2.3.4: 255 octets on the wire, 253 characters written'),
  },
  'name.empty-label': {
    severity: E,
    ref: 'RFC 1034 §3.1',
    description: 'a name has no empty label',
    source: protocol('RFC 1034 §3.1: only the root has an empty label'),
  },
  'name.label-too-long': {
    severity: E,
    ref: 'RFC 1035 §2.3.4',
    description: 'a label has at most 63 characters',
    source: protocol('RFC 1035 §2.3.4: a label is at most 63 octets'),
  },
  'name.characters': {
    severity: E,
    ref: 'service error 9000',
    description: 'labels hold letters, digits, hyphens (underscores outside A/AAAA/CNAME)',
    // 9000 "DNS name is invalid." for a name with such a character.
    source: answer('https://github.com/caddyserver/caddy/issues/6887'),
  },
  'name.wildcard': {
    severity: W,
    ref: 'developers.cloudflare.com/dns/manage-dns-records/reference/wildcard-dns-records/',
    description: 'a `*` is only the whole leftmost label (elsewhere the service stores a literal asterisk)',
    // "the wildcard must be the leftmost label" (the service's wildcard page).
    source: doc(WILDCARD_DOC),
  },
  'name.label-start': {
    severity: E,
    ref: 'RFC 1123 §2.1',
    description: 'an A/AAAA/CNAME label does not start with a hyphen',
    source: doc(RECORD_TYPES_DOC),
  },
  'name.label-end': {
    severity: E,
    ref: 'RFC 1123 §2.1',
    description: 'an A/AAAA/CNAME label ends with a letter or digit',
    source: doc(RECORD_TYPES_DOC),
  },
  'name.underscore': {
    severity: W,
    ref: 'RFC 1123 §2.1, RFC 8552 §4',
    description: 'an A/AAAA/CNAME label has no underscore, but standard underscored names (`_domainkey`, `_acme-challenge`, ACM `_<hex>`)',
    source: rfc('RFC 1123 §2.1: a host name is letters, digits and hyphens (clients and certificate authorities refuse others)'),
  },
} as const satisfies Record<string, CheckFacts>;
