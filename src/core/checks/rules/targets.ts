/**
 * Host name targets, CNAMEs beside other records, delegations and DS: the zone-file rules' checks, with the
 * facts the check registry wants of each (check.ts). Emitted by src/core/zonefile/rules/targets.ts,
 * src/core/record-types/srv.ts, src/core/zonefile/rules/cname.ts, src/core/zonefile/rules/cname-loop.ts,
 * src/core/zonefile/rules/proxied-chain.ts, src/core/zonefile/rules/delegation.ts,
 * src/core/zonefile/rules/ds.ts. Assembled by ../rule-checks.ts. Pure.
 */
import type { CheckFacts } from '../check.js';
import { E, W, EW, SAME_NAME_DOC, PROXY_DOC, DEPRECATIONS_DOC, SHADOWED_DOC, RECORD_API_DOC, doc, answer, rfc } from './sources.js';

export const TARGET_RULE_CHECKS = {
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
} as const satisfies Record<string, CheckFacts>;
