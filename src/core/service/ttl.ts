/**
 * TTL bounds of the service (the data shared with the emulator: src/facts/record-types.ts).
 * A record's TTL is 1 ("automatic") or 60..86400 seconds; DNS-only records on Enterprise zones
 * may go down to 30 (the API schema `dns-records_ttl`: "between 60 and 86400, with the minimum
 * reduced to 30 for Enterprise zones"; https://developers.cloudflare.com/dns/manage-dns-records/reference/ttl/).
 * The zone's `ns_ttl` setting: 30..86400 (the DNS settings API, `ns_ttl`).
 */
import { TTL_FACTS } from '../../facts/record-types.js';

/** TTL value meaning "automatic" in the API. */
export const TTL_AUTO = TTL_FACTS.auto;
export const TTL_MIN = TTL_FACTS.min;
export const TTL_MAX = TTL_FACTS.max;
/** Lowest TTL of DNS-only records on Enterprise zones. */
export const ENTERPRISE_TTL_MIN = TTL_FACTS.enterpriseMin;

/** Bounds of the zone's `ns_ttl` setting, and its value on a new zone. */
export const NS_TTL = { min: 30, max: 86400, default: 86400 } as const;

/**
 * The TTL the service's nameservers answer with for a record of TTL 1 ("automatic") and for a
 * proxied record: 300 seconds (https://developers.cloudflare.com/dns/manage-dns-records/reference/ttl/,
 * https://developers.cloudflare.com/dns/proxy-status/).
 */
export const AUTO_TTL_ANSWERED = 300;
export const PROXIED_TTL_ANSWERED = 300;
