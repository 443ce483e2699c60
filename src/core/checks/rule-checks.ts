/**
 * The zone-file rules (`src/core/zonefile/rules/`), registered: `RuleCode` is the only kind of
 * code a rule's problem sink takes (rules/context.ts), so a rule cannot emit a code that is not
 * listed here. Each rule file's header says when an `error or warning` check is which. Pure.
 */
import type { CheckFacts } from './check.js';

const E = 'error';
const W = 'warning';
const EW = 'error or warning';
const RECORD_TYPES_DOC = 'developers.cloudflare.com/dns/manage-dns-records/reference/dns-record-types/';
const SAME_NAME_DOC = 'developers.cloudflare.com/dns/manage-dns-records/troubleshooting/records-with-same-name/';
const PROXY_DOC = 'developers.cloudflare.com/dns/proxy-status/';
const DEPRECATIONS_DOC = 'developers.cloudflare.com/fundamentals/api/reference/deprecations/';
const TOKENS_DOC = 'developers.cloudflare.com/fundamentals/api/how-to/create-via-api/';
const ARCHITECTURE = 'docs/architecture.md, "Where each rule lives"';

export const RULE_CHECKS = {
  'zone.name': { severity: E, ref: 'RFC 1035 §2.3.1', description: 'the zone name is a domain of two labels or more' },
  'name.reserved': {
    severity: E,
    ref: 'docs/architecture.md, "Concurrent applies"',
    description: 'no record name starts with _zonectl (the apply lock)',
  },
  'name.outside-zone': { severity: E, ref: 'RFC 1034 §4.2', description: 'a record name is inside the zone' },
  'name.too-long': { severity: E, ref: 'RFC 1035 §2.3.4', description: 'a full name has at most 253 characters' },
  'name.empty-label': { severity: E, ref: 'RFC 1034 §3.1', description: 'a name has no empty label' },
  'name.label-too-long': { severity: E, ref: 'RFC 1035 §2.3.4', description: 'a label has at most 63 characters' },
  'name.characters': {
    severity: E,
    ref: 'service error 9000',
    description: 'labels hold letters, digits, hyphens (underscores outside A/AAAA/CNAME)',
  },
  'name.wildcard': { severity: E, ref: 'RFC 4592 §2.1.1', description: 'a `*` is only the whole leftmost label' },
  'name.label-start': { severity: E, ref: 'RFC 1123 §2.1', description: 'an A/AAAA/CNAME label does not start with a hyphen' },
  'name.label-end': { severity: E, ref: 'RFC 1123 §2.1', description: 'an A/AAAA/CNAME label ends with a letter or digit' },
  'name.digit-first': { severity: W, ref: 'RFC 952', description: 'an A/AAAA/CNAME label starts with a letter' },
  'name.underscore': { severity: W, ref: 'RFC 1123 §2.1', description: 'an A/AAAA/CNAME label has no underscore' },
  'name.other-domain': {
    severity: W,
    ref: 'README.md, "The zone file"',
    description: 'a relative name does not look like another domain (a missing trailing dot)',
  },
  'content.ipv4': { severity: E, ref: 'RFC 1035 §3.4.1', description: 'A content is an IPv4 address' },
  'content.ipv6': { severity: E, ref: 'RFC 3596 §2.2', description: 'AAAA content is an IPv6 address' },
  'content.service-network': {
    severity: E,
    ref: 'developers.cloudflare.com/fundamentals/concepts/cloudflare-ip-addresses/',
    description: "an address is not in the service's own network",
  },
  'proxied.address': { severity: E, ref: PROXY_DOC, description: 'a proxied record has a public address' },
  'proxied.type': { severity: E, ref: PROXY_DOC, description: 'only A, AAAA and CNAME records are proxied' },
  'ttl.range': { severity: E, ref: 'API schema dns-records_ttl', description: 'a TTL is auto (1) or 60..86400 (30..59 on Enterprise)' },
  'ttl.enterprise': { severity: W, ref: 'API schema dns-records_ttl', description: 'a TTL of 30..59 is for Enterprise zones only' },
  'ttl.proxied': { severity: E, ref: PROXY_DOC, description: 'a proxied record has no TTL of its own (auto)' },
  'settings.flatten-proxied': {
    severity: E,
    ref: 'API schema dns-records settings.flatten_cname',
    description: 'flatten_cname is not set on a proxied CNAME',
  },
  'settings.proxied-only': {
    severity: EW,
    ref: 'API schema dns-records settings.ipv4_only',
    description: 'ipv4_only/ipv6_only are set on proxied records only',
  },
  'settings.ip-only-both': { severity: E, ref: ARCHITECTURE, description: 'ipv4_only and ipv6_only are not both true' },
  'txt.escape': { severity: E, ref: 'RFC 1035 §5.1', description: 'a \\DDD escape in TXT content is three digits of at most 255' },
  'txt.quotation': { severity: E, ref: 'RFC 1035 §5.1', description: 'TXT content is unquoted, or a sequence of "..." strings' },
  'txt.ascii': { severity: E, ref: 'service error 9051', description: 'TXT content is printable ASCII (other bytes as \\DDD)' },
  'record.too-large': { severity: E, ref: RECORD_TYPES_DOC, description: 'a record is at most 4,096 bytes on the wire' },
  'rrset.too-large': { severity: E, ref: RECORD_TYPES_DOC, description: 'the records of one name and type hold at most 8,192 characters' },
  'target.address': { severity: E, ref: 'RFC 1035 §3.3', description: 'a target is a host name, not an address' },
  'target.hostname': { severity: E, ref: 'RFC 1035 §2.3.4', description: 'a target is a well-formed host name' },
  'target.single-label': {
    severity: W,
    ref: 'README.md, "The zone file"',
    description: 'a target of one label names a top-level domain (absolute)',
  },
  'cname.self': { severity: E, ref: 'RFC 1034 §3.6.2', description: 'a CNAME does not point to its own name' },
  'srv.retired-data': { severity: E, ref: DEPRECATIONS_DOC, description: 'SRV data has no retired service, proto or name' },
  'cname.exclusive': { severity: E, ref: SAME_NAME_DOC, description: 'a CNAME shares its name with no A, AAAA or other CNAME' },
  'cname.unflattened': {
    severity: W,
    ref: 'RFC 1034 §3.6.2; developers.cloudflare.com/dns/cname-flattening/',
    description: 'a CNAME beside other records is flattened',
  },
  'cname.ignored-conflict': {
    severity: W,
    ref: SAME_NAME_DOC,
    description: 'manage.ignore keeps no record that a CNAME of the file conflicts with',
  },
  'cname.replaces-unlisted': {
    severity: W,
    ref: 'README.md, "How zonectl reconciles"',
    description: 'with unmanaged: keep, a CNAME still replaces a live A/AAAA at its name',
  },
  'cname.proxied-chain': { severity: EW, ref: ARCHITECTURE, description: "a proxied CNAME's chain in the zone ends at an A or AAAA" },
  'ns.delegation-alone': {
    severity: E,
    ref: 'RFC 1034 §4.2.1; service error 81056',
    description: 'a delegation (NS below the apex) shares its name only with DS',
  },
  'ds.delegation': { severity: EW, ref: 'RFC 4035 §2.4', description: 'a DS record has NS records at its name' },
  'ds.apex': { severity: W, ref: 'RFC 4034 §5', description: 'no DS at the apex (it belongs in the parent zone)' },
  'record.duplicate': { severity: E, ref: 'RFC 2181 §5', description: 'no record is written twice' },
  'soa.rname-form': { severity: E, ref: 'RFC 1035 §3.3.13', description: 'the SOA RNAME is a mailbox in DNS form, not an e-mail address' },
  'soa.range': { severity: E, ref: 'API schema zone settings soa', description: 'SOA timers are within the bounds the service accepts' },
  'soa.retry-refresh': { severity: E, ref: 'RFC 1912 §2.2', description: 'SOA retry does not exceed refresh' },
  'soa.expire-refresh': { severity: E, ref: 'RFC 1912 §2.2', description: 'SOA expire is not smaller than refresh' },
  'token.delete-prefix': {
    severity: E,
    ref: 'README.md, "How zonectl reconciles"',
    description: 'manage.tokens: delete has a tokens_prefix',
  },
  'token.duplicate-name': {
    severity: E,
    ref: 'README.md, "How zonectl reconciles"',
    description: 'token names are unique (tokens are matched by name)',
  },
  'token.timestamp': { severity: E, ref: TOKENS_DOC, description: 'not_before and expires_on are YYYY-MM-DDThh:mm:ssZ' },
  'token.time-order': { severity: E, ref: TOKENS_DOC, description: 'expires_on is after not_before' },
  'token.cidr': { severity: E, ref: TOKENS_DOC, description: 'an IP condition is a CIDR range' },
  'token.cidr-bare': { severity: E, ref: TOKENS_DOC, description: 'an IP condition is a range, not a bare address' },
  'token.cidr-host-bits': { severity: W, ref: TOKENS_DOC, description: 'an IP condition has no host bits set' },
  'token.condition-twice': { severity: E, ref: TOKENS_DOC, description: 'the IP condition is written once (request.ip or request_ip)' },
  'token.resource-key': { severity: E, ref: TOKENS_DOC, description: "a policy's resource keys are the service's forms" },
  'token.resource-value': { severity: E, ref: TOKENS_DOC, description: 'a resource value is "*"' },
  'deprecated.locked': { severity: W, ref: DEPRECATIONS_DOC, description: 'a record has no retired `locked`' },
  'deprecated.record-zone-id': { severity: W, ref: DEPRECATIONS_DOC, description: 'a record has no retired `zone_id`' },
  'deprecated.record-zone-name': { severity: W, ref: DEPRECATIONS_DOC, description: 'a record has no retired `zone_name`' },
  'deprecated.cname-flattening': {
    severity: W,
    ref: DEPRECATIONS_DOC,
    description: 'settings use flatten_all_cnames, not the retired cname_flattening',
  },
  'deprecated.cname-flattening-conflict': {
    severity: E,
    ref: DEPRECATIONS_DOC,
    description: 'cname_flattening does not contradict flatten_all_cnames',
  },
  'deprecated.use-apex-ns': { severity: W, ref: DEPRECATIONS_DOC, description: 'settings use multi_provider, not the retired use_apex_ns' },
  'deprecated.use-apex-ns-conflict': { severity: E, ref: DEPRECATIONS_DOC, description: 'use_apex_ns does not contradict multi_provider' },
  'deprecated.default-nameservers': {
    severity: W,
    ref: DEPRECATIONS_DOC,
    description: 'settings use nameservers.type, not the retired default_nameservers',
  },
  'deprecated.use-account-custom-ns': {
    severity: W,
    ref: DEPRECATIONS_DOC,
    description: 'settings use nameservers.type, not the retired use_account_custom_ns_by_default',
  },
} as const satisfies Record<string, CheckFacts>;

export type RuleCode = keyof typeof RULE_CHECKS;
