/**
 * The zone-file rules (`src/core/zonefile/rules/`), registered: `RuleCode` is the only kind of
 * code a rule's problem sink takes (rules/context.ts), so a rule cannot emit a code that is not
 * listed here. Each rule file's header says when an `error or warning` check is which.
 *
 * Every check names its `source` (check.ts): the service's documented rule, a real answer of the
 * service, a limit of the DNS wire format, or the file's own contradiction; a warning may also
 * rest on an RFC saying what resolvers do. A rule whose only source is an RFC on resolvers only
 * warns (issue 28: zonectl never refuses what the service holds; the emulator's own choices are
 * never a source), and a warning with no source at all is not made (issue 43, item 9: the
 * digit-first and "looks like another domain" guesses were removed). Pure.
 */
import { DNSSEC_RULE_CHECKS } from '../dnssec/checks.js';
import { OWNERSHIP_RULE_CHECKS } from './ownership-checks.js';
import type { CheckFacts, CheckSource, RefusalSource } from './check.js';

const E = 'error';
const W = 'warning';
const EW = 'error or warning';
const RECORD_TYPES_DOC = 'developers.cloudflare.com/dns/manage-dns-records/reference/dns-record-types/';
const SAME_NAME_DOC = 'developers.cloudflare.com/dns/manage-dns-records/troubleshooting/records-with-same-name/';
const PROXY_DOC = 'developers.cloudflare.com/dns/proxy-status/';
const DEPRECATIONS_DOC = 'developers.cloudflare.com/fundamentals/api/reference/deprecations/';
const TOKENS_DOC = 'developers.cloudflare.com/fundamentals/api/how-to/create-via-api/';
const ARCHITECTURE = 'docs/architecture.md, "Where each rule lives"';
const SHADOWED_DOC = 'developers.cloudflare.com/dns/manage-dns-records/reference/shadowed-records/';
const TTL_DOC = 'https://developers.cloudflare.com/dns/manage-dns-records/reference/ttl/';
/** The API reference of a record write: field descriptions (name, content, ttl, settings) of each type. */
const RECORD_API_DOC = 'https://developers.cloudflare.com/api/typescript/resources/dns/subresources/records/methods/create/';
const TOKENS_API_DOC = `https://${TOKENS_DOC}`;

const doc = (url: string): RefusalSource => ({ kind: 'doc', url: url.startsWith('https://') ? url : `https://${url}` });
const answer = (where: string): RefusalSource => ({ kind: 'answer', where });
const protocol = (rfc: string): RefusalSource => ({ kind: 'protocol', rfc });
const file = (why: string): RefusalSource => ({ kind: 'file', why });
/** What resolvers do (warnings only). */
const rfc = (section: string): CheckSource => ({ kind: 'rfc', rfc: section });
/** The plans index's `dns.record_tags` (availability per plan, name and value lengths, tags per record). */
const RECORD_ATTRIBUTES_DOC = 'https://developers.cloudflare.com/dns/manage-dns-records/reference/record-attributes/';
const PRIVATE_ROUTING_DOC = 'https://developers.cloudflare.com/dns/manage-dns-records/how-to/private-network-routing/';
const WILDCARD_DOC = 'https://developers.cloudflare.com/dns/manage-dns-records/reference/wildcard-dns-records/';

export const RULE_CHECKS = {
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
  'content.ipv4': {
    severity: E,
    ref: 'RFC 1035 §3.4.1',
    description: 'A content is an IPv4 address',
    // 9005 "Content for A record must be a valid IPv4 address."
    source: answer('https://github.com/timothymiller/cloudflare-ddns/issues/230'),
  },
  'content.ipv6': {
    severity: E,
    ref: 'RFC 3596 §2.2',
    description: 'AAAA content is an IPv6 address',
    // 9006 "Content for AAAA record must be a valid IPv6 address."
    source: answer('https://github.com/wherelse/cloudflare-ddns-script/issues/15'),
  },
  'content.service-network': {
    severity: E,
    ref: 'developers.cloudflare.com/fundamentals/concepts/cloudflare-ip-addresses/',
    description: "an address is not in the service's own network",
    source: doc(RECORD_TYPES_DOC),
  },
  'proxied.address': {
    severity: E,
    ref: PROXY_DOC,
    description: 'a proxied record has a public address',
    // 9003 "Target 1.1.1.1 is not allowed for a proxied record." (2026).
    source: answer('https://github.com/DNSControl/dnscontrol/issues/4776'),
  },
  'proxied.private-routing': {
    severity: E,
    ref: PRIVATE_ROUTING_DOC,
    description: 'a record with private_routing is proxied',
    // "Private network routing is available for A (IPv4) and AAAA (IPv6) records only. Records must be proxied."
    source: doc(PRIVATE_ROUTING_DOC),
  },
  'proxied.type': {
    severity: E,
    ref: PROXY_DOC,
    description: 'only A, AAAA and CNAME records are proxied',
    // "Only A, AAAA, and CNAME records can be proxied"; 9004 "This kind of record cannot be proxied".
    source: doc(PROXY_DOC),
  },
  'ttl.range': {
    severity: E,
    ref: 'API schema dns-records_ttl',
    description: 'a TTL is auto (1) or 60..86400 (30..59 on Enterprise)',
    source: doc(TTL_DOC),
  },
  'ttl.enterprise': {
    severity: W,
    ref: 'API schema dns-records_ttl',
    description: 'a TTL of 30..59 is for Enterprise zones only',
    source: doc(TTL_DOC),
  },
  'ttl.proxied': {
    severity: E,
    ref: PROXY_DOC,
    description: 'a proxied record has no TTL of its own (auto)',
    // A proxied record with a TTL other than 1 fails at deploy.
    source: answer('https://github.com/pulumi/pulumi-cloudflare/issues/669'),
  },
  'settings.flatten-proxied': {
    severity: E,
    ref: 'API schema dns-records settings.flatten_cname',
    description: 'flatten_cname is not set on a proxied CNAME',
    // The service drops the flag on proxied records: a plan that never converges.
    source: answer('https://github.com/DNSControl/dnscontrol/pull/4026'),
  },
  'settings.proxied-only': {
    severity: EW,
    ref: 'API schema dns-records settings.ipv4_only',
    description: 'ipv4_only/ipv6_only are set on proxied records only',
    // "this option only applies to proxied records".
    source: doc(RECORD_API_DOC),
  },
  'settings.ip-only-both': {
    severity: W,
    ref: ARCHITECTURE,
    description: 'ipv4_only and ipv6_only are not both true',
    // ipv4_only: "only A records will be generated"; ipv6_only: "only AAAA records" (the record API's settings).
    source: doc(RECORD_API_DOC),
  },
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
  'target.address': {
    severity: E,
    ref: 'RFC 1035 §3.3',
    description: 'a target is a host name, not an address',
    // CNAME content "A valid hostname"; MX "A valid mail server hostname"; NS "A valid name server host name".
    source: doc(RECORD_API_DOC),
  },
  'target.hostname': {
    severity: E,
    ref: 'RFC 1035 §2.3.4',
    description: 'a target is a well-formed host name',
    source: doc(RECORD_API_DOC),
  },
  'target.single-label': {
    severity: W,
    ref: 'README.md, "The zone file"',
    description: 'a target of one label names a top-level domain (absolute)',
    // In a zone file a name without a trailing dot is relative to the origin: `c3` there means c3.<zone>.
    source: rfc('RFC 1035 §5.1'),
  },
  'cname.self': {
    severity: E,
    ref: 'RFC 1034 §3.6.2',
    description: 'a CNAME does not point to its own name',
    // CNAME content: "A valid hostname. Must not match the record's name."; the live answer is 9039
    // "CNAME content cannot reference itself." (kubernetes-sigs/external-dns#4749).
    source: doc(RECORD_API_DOC),
  },
  'srv.retired-data': {
    severity: E,
    ref: DEPRECATIONS_DOC,
    description: 'SRV data has no retired service, proto or name',
    source: doc(DEPRECATIONS_DOC),
  },
  'cname.exclusive': {
    severity: E,
    ref: SAME_NAME_DOC,
    description: 'a CNAME shares its name with no A, AAAA or other CNAME',
    source: doc(SAME_NAME_DOC),
  },
  'cname.unflattened': {
    severity: W,
    ref: 'RFC 1034 §3.6.2; developers.cloudflare.com/dns/cname-flattening/',
    description: 'a CNAME beside other records is flattened',
    // "If a CNAME RR is present at a node, no other data should be present": resolvers see the CNAME only.
    source: rfc('RFC 1034 §3.6.2'),
  },
  'cname.ignored-conflict': {
    severity: W,
    ref: SAME_NAME_DOC,
    description: 'manage.ignore keeps no record that a CNAME of the file conflicts with',
    source: doc(SAME_NAME_DOC),
  },
  'cname.replaces-unlisted': {
    severity: W,
    ref: 'README.md, "How zonectl reconciles"',
    description: 'with unmanaged: keep, a CNAME still replaces a live A/AAAA at its name',
    // The service refuses a CNAME beside an A/AAAA, so the A/AAAA goes first.
    source: doc(SAME_NAME_DOC),
  },
  'cname.loop': {
    severity: W,
    ref: 'RFC 1034 §3.6.2',
    // No source shows the service refusing a loop of two names or more (only a CNAME to its own
    // name: cname.self): a warning, never a refusal (the plan writes the loop's records in any order).
    description: 'CNAME records do not point at each other in a loop (no name of it resolves)',
    source: rfc('RFC 1034 §3.6.2'),
  },
  'cname.proxied-chain': {
    severity: W,
    ref: 'developers.cloudflare.com/dns/proxy-status/',
    description: 'a proxied CNAME whose chain stays in the zone reaches an address (else the edge has no origin)',
    source: doc(PROXY_DOC),
  },
  'ns.delegation-alone': {
    severity: W,
    ref: SHADOWED_DOC,
    description: 'a delegation (NS below the apex) shares its name only with DS (other records there are shadowed)',
    source: doc(SHADOWED_DOC),
  },
  'ds.delegation': {
    severity: EW,
    ref: 'RFC 4035 §2.4',
    description: 'a DS record has NS records at its name',
    // "you cannot create a standalone DS in Cloudflare" (the live answer, octodns-cloudflare #102, PRs #103, #107).
    source: answer('https://github.com/octodns/octodns-cloudflare/issues/102'),
  },
  'ds.apex': {
    severity: W,
    ref: 'RFC 4034 §5',
    description: 'no DS at the apex (it belongs in the parent zone)',
    // The DS RR of a zone is published by its parent, at the delegation point.
    source: rfc('RFC 4034 §5'),
  },
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
  'token.delete-prefix': {
    severity: E,
    ref: 'README.md, "How zonectl reconciles"',
    description: 'manage.tokens: delete has a tokens_prefix',
    source: file('without a prefix, manage.tokens: delete would delete every token no file lists, the credential running zonectl included'),
  },
  'token.duplicate-name': {
    severity: E,
    ref: 'README.md, "How zonectl reconciles"',
    description: 'token names are unique (tokens are matched by name)',
    source: file('tokens are matched to live ones by name: two specs of one name cannot both be matched'),
  },
  'token.timestamp': {
    severity: E,
    ref: TOKENS_DOC,
    description: 'not_before and expires_on are YYYY-MM-DDThh:mm:ssZ',
    source: doc(TOKENS_API_DOC),
  },
  'token.time-order': { severity: E, ref: TOKENS_DOC, description: 'expires_on is after not_before', source: doc(TOKENS_API_DOC) },
  'token.cidr': { severity: E, ref: TOKENS_DOC, description: 'an IP condition is a CIDR range', source: doc(TOKENS_API_DOC) },
  'token.cidr-bare': {
    severity: E,
    ref: TOKENS_DOC,
    description: 'an IP condition is a range, not a bare address',
    // "a single address is written with a /32 suffix".
    source: doc(TOKENS_API_DOC),
  },
  'token.cidr-host-bits': {
    severity: W,
    ref: TOKENS_DOC,
    description: 'an IP condition has no host bits set',
    // A prefix's bits past its length are zero: the range the service keeps is the network's.
    source: rfc('RFC 4632 §3.1'),
  },
  'token.condition-twice': {
    severity: E,
    ref: TOKENS_DOC,
    description: 'the IP condition is written once (request.ip or request_ip)',
    source: file('request.ip and request_ip are two spellings of one condition: the file gives it twice'),
  },
  'token.resource-key': {
    severity: E,
    ref: TOKENS_DOC,
    description: "a policy's resource keys are the service's forms",
    source: doc(TOKENS_API_DOC),
  },
  'token.resource-value': { severity: E, ref: TOKENS_DOC, description: 'a resource value is "*"', source: doc(TOKENS_API_DOC) },
  'deprecated.locked': {
    severity: W,
    ref: DEPRECATIONS_DOC,
    description: 'a record has no retired `locked`',
    source: doc(DEPRECATIONS_DOC),
  },
  'deprecated.record-zone-id': {
    severity: W,
    ref: DEPRECATIONS_DOC,
    description: 'a record has no retired `zone_id`',
    source: doc(DEPRECATIONS_DOC),
  },
  'deprecated.record-zone-name': {
    severity: W,
    ref: DEPRECATIONS_DOC,
    description: 'a record has no retired `zone_name`',
    source: doc(DEPRECATIONS_DOC),
  },
  'deprecated.cname-flattening': {
    severity: W,
    ref: DEPRECATIONS_DOC,
    description: 'settings use flatten_all_cnames, not the retired cname_flattening',
    source: doc(DEPRECATIONS_DOC),
  },
  'deprecated.cname-flattening-conflict': {
    severity: E,
    ref: DEPRECATIONS_DOC,
    description: 'cname_flattening does not contradict flatten_all_cnames',
    source: file('the retired cname_flattening and flatten_all_cnames are one setting: the file gives it two values'),
  },
  'deprecated.use-apex-ns': {
    severity: W,
    ref: DEPRECATIONS_DOC,
    description: 'settings use multi_provider, not the retired use_apex_ns',
    source: doc(DEPRECATIONS_DOC),
  },
  'deprecated.use-apex-ns-conflict': {
    severity: E,
    ref: DEPRECATIONS_DOC,
    description: 'use_apex_ns does not contradict multi_provider',
    source: file('the retired use_apex_ns and multi_provider are one setting: the file gives it two values'),
  },
  'deprecated.default-nameservers': {
    severity: W,
    ref: DEPRECATIONS_DOC,
    description: 'settings use nameservers.type, not the retired default_nameservers',
    source: doc(DEPRECATIONS_DOC),
  },
  'deprecated.use-account-custom-ns': {
    severity: W,
    ref: DEPRECATIONS_DOC,
    description: 'settings use nameservers.type, not the retired use_account_custom_ns_by_default',
    source: doc(DEPRECATIONS_DOC),
  },
  // The `dnssec` section's rules (src/core/dnssec/rules.ts), with their sources.
  ...DNSSEC_RULE_CHECKS,
  // Sharing a zone (src/core/ownership/): the marker, external-dns, team scopes.
  ...OWNERSHIP_RULE_CHECKS,
} as const satisfies Record<string, CheckFacts>;

export type RuleCode = keyof typeof RULE_CHECKS;
