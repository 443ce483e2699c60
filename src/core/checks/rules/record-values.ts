/**
 * Addresses, proxying, TTLs and per-record settings: the zone-file rules' checks, with the facts the check
 * registry wants of each (check.ts). Emitted by src/core/record-types/address.ts,
 * src/core/zonefile/rules/proxied-ttl.ts, src/core/zonefile/rules/record-settings.ts, src/core/record-
 * types/cname.ts. Assembled by ../rule-checks.ts. Pure.
 */
import type { CheckFacts } from '../check.js';
import {
  E,
  W,
  EW,
  RECORD_TYPES_DOC,
  PROXY_DOC,
  ARCHITECTURE,
  TTL_DOC,
  RECORD_API_DOC,
  PRIVATE_ROUTING_DOC,
  doc,
  answer,
} from './sources.js';

export const RECORD_VALUE_RULE_CHECKS = {
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
} as const satisfies Record<string, CheckFacts>;
