/**
 * What depends on the zone's tier, the Cloudflare subscription the API calls its `plan` (Free,
 * Pro, Business, Enterprise): the batch endpoint takes at most 200 record changes on Free zones,
 * 3,500 on paid tiers (https://developers.cloudflare.com/dns/manage-dns-records/how-to/batch-record-changes/).
 * The tier's record limits (TTL 30..59, comment length) are in ttl.ts and record-limits.ts.
 */

/** The tiers, most capable first (a zone's `plan.legacy_id` or `plan.name` starts with one). */
export const ZONE_TIERS = ['enterprise', 'business', 'pro', 'free'] as const;

export type ZoneTier = (typeof ZONE_TIERS)[number];

/** Most record changes in one call of the batch endpoint. */
export const BATCH_LIMIT = { free: 200, paid: 3500 } as const;

/** The largest batch limit of any tier (what a saved plan may say). */
export const MAX_BATCH_LIMIT = BATCH_LIMIT.paid;
