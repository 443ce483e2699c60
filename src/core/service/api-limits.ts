/**
 * Limits of the API as a whole (not of one record):
 * - requests: 1,200 per 5 minutes per user, whatever the number of zones or processes
 *   (https://developers.cloudflare.com/fundamentals/api/reference/limits/);
 * - DNS records: Free zones 200 (1,000 for zones created before 2024-09-01), Pro, Business and
 *   Enterprise zones 3,500; Enterprise accounts an account-level quota of 1,000,000 by default,
 *   shared by their zones and raised on request
 *   (https://developers.cloudflare.com/dns/manage-dns-records/, "DNS records quota").
 */

/** The service's request limit per user. */
export const API_RATE_LIMIT = { requests: 1200, windowSeconds: 300 } as const;

import { RECORD_QUOTA_FACTS } from '../../facts/record-quotas.js';

/** The largest default DNS record quota: an Enterprise account's (see above; src/facts/record-quotas.ts). */
export const ENTERPRISE_ACCOUNT_RECORD_QUOTA = RECORD_QUOTA_FACTS.enterpriseAccount;

/** The smallest quota a zone of its own can have: a Free zone created on or after 2024-09-01 (see above). */
export const SMALLEST_ZONE_RECORD_QUOTA = RECORD_QUOTA_FACTS.free;

/** The smallest quota a Pro or Business zone has: 3,500 (see above; never less than a Free zone's). */
export const SMALLEST_PAID_ZONE_RECORD_QUOTA = RECORD_QUOTA_FACTS.paid;
