/**
 * The checks of a zone file against the live zone (`runs: 'plan'`): what the zone's tier (its
 * subscription, the API's `plan`) refuses, which the file cannot say (src/core/tier-limits.ts),
 * and the zone's record quota (src/core/record-quota.ts). Plan, drift and apply run them once
 * the zone is read, before any write; validate, which makes no request, cannot. Pure.
 */
import type { CheckFacts, RefusalSource } from './check.js';

const doc = (url: string): RefusalSource => ({ kind: 'doc', url });
const TTL_DOC = 'https://developers.cloudflare.com/dns/manage-dns-records/reference/ttl/';
const RECORD_API_DOC = 'https://developers.cloudflare.com/api/typescript/resources/dns/subresources/records/methods/create/';
const CNAME_FLATTENING_DOC = 'https://developers.cloudflare.com/dns/cname-flattening/set-up-cname-flattening/';
const RECORD_ATTRIBUTES_DOC = 'https://developers.cloudflare.com/dns/manage-dns-records/reference/record-attributes/';

export const PLAN_CHECKS = {
  'tier.ttl': {
    severity: 'error',
    ref: 'API schema dns-records_ttl',
    description: 'a TTL of 30..59 on a DNS-only record needs an Enterprise zone',
    source: doc(TTL_DOC),
  },
  'tier.comment': {
    severity: 'error',
    ref: 'API reference, record `comment`',
    description: 'a comment of more than 100 characters needs a paid plan',
    source: doc(RECORD_API_DOC),
  },
  'tier.tags': {
    severity: 'error',
    ref: `${RECORD_ATTRIBUTES_DOC} (dns.record_tags: Free "No")`,
    description: 'record tags need a paid plan',
    // The live answer on Free: 9300 "DNS record has 1 tags, exceeding the quota of 0."
    source: { kind: 'answer', where: 'https://github.com/kubernetes-sigs/external-dns/issues/3706' },
  },
  'tier.flatten-cname': {
    severity: 'warning',
    ref: CNAME_FLATTENING_DOC,
    description: 'settings.flatten_cname of a record is a feature of paid plans (the answer on Free is not published)',
    source: doc(CNAME_FLATTENING_DOC),
  },
  'tier.flatten-all-cnames': {
    severity: 'warning',
    ref: CNAME_FLATTENING_DOC,
    description: 'settings.flatten_all_cnames is a feature of paid plans (the answer on Free is not published)',
    // "For zones on paid plans, you can choose to flatten all CNAME records."
    source: doc(CNAME_FLATTENING_DOC),
  },
  'quota.records': {
    severity: 'error',
    ref: 'developers.cloudflare.com/dns/manage-dns-records/#dns-records-quota; GET /zones/{zone_id}/dns_records/usage',
    description: 'the zone (or its account, on an account-level quota) holds no more records after apply than its quota',
    // 81045 "The record quota has been exceeded." on the create past it.
    source: { kind: 'answer', where: 'https://github.com/js-org/js.org/issues/2873' },
  },
  'tier.private-routing': {
    severity: 'error',
    ref: 'developers.cloudflare.com/dns/manage-dns-records/how-to/private-network-routing/ (Enterprise-only)',
    description: 'private_routing (private network routing) needs an Enterprise zone',
    source: doc('https://developers.cloudflare.com/dns/manage-dns-records/how-to/private-network-routing/'),
  },
  'tier.internal-zone': {
    severity: 'error',
    ref: 'developers.cloudflare.com/dns/internal-dns/ (Enterprise-only; internal zones: /dns/internal-dns/internal-zones/setup/)',
    description: '`zone_type: internal` (an internal DNS zone) needs an Enterprise zone',
    source: doc('https://developers.cloudflare.com/dns/internal-dns/'),
  },
} as const satisfies Record<string, CheckFacts>;

export type PlanCheckCode = keyof typeof PLAN_CHECKS;
