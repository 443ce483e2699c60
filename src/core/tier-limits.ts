/**
 * What the zone's tier (its subscription, the API's `plan`) refuses, which the file cannot say:
 * checked once the zone is read, before any write (validate only warns of a TTL of 30..59).
 * - TTL 30..59 on DNS-only records: Enterprise only (API schema `dns-records_ttl`;
 *   https://developers.cloudflare.com/dns/manage-dns-records/reference/ttl/);
 * - comments over 100 characters: paid tiers only (the record `comment` of the DNS records API);
 * - `settings.flatten_cname`: a paid feature
 *   (https://developers.cloudflare.com/dns/cname-flattening/set-up-cname-flattening/); the
 *   service's answer on Free is not published, so a warning.
 * A zone whose tier cannot be read (a token without Zone Read) is not checked.
 */ import { ZonectlError } from './errors.js';
import { COMMENT_MAX_FREE } from './service/record-limits.js';
import { ENTERPRISE_TTL_MIN, TTL_AUTO, TTL_MIN } from './service/ttl.js';
import type { ZoneTier } from './service/zone-tiers.js';
import type { DesiredRecord } from './zonefile/index.js';

/** The tier refuses records of the file (code `ZONE_PLAN_LIMIT`: the API's word for the tier). */
export class TierLimitError extends ZonectlError {
  constructor(file: string, tier: ZoneTier, problems: readonly string[]) {
    super(
      'ZONE_PLAN_LIMIT',
      `${file}: the zone is on the ${tier} plan, which refuses ${problems.length === 1 ? 'this record' : 'these records'}: ${problems.join('; ')}; nothing was planned`,
    );
  }
}

interface TierProblems {
  /** Records the zone's tier refuses (the batch would fail). */
  readonly errors: string[];
  readonly warnings: string[];
}

/** One message per record the zone's tier refuses or may not honour, naming its line. */
export function tierProblems(records: readonly DesiredRecord[], tier: ZoneTier): TierProblems {
  const problems: string[] = [];
  const warnings: string[] = [];
  for (const d of records) {
    const r = d.record;
    // Named only in a message: built for a record that has a problem, not for each record.
    const at = (): string => `${d.path} (line ${d.line}) ${r.name} ${r.type}`;
    if (tier !== 'enterprise' && !r.proxied && r.ttl !== TTL_AUTO && r.ttl < TTL_MIN)
      problems.push(`${at()}: ttl ${r.ttl} (${ENTERPRISE_TTL_MIN}..${TTL_MIN - 1} on Enterprise zones only)`);
    if (tier === 'free' && typeof r.comment === 'string' && r.comment.length > COMMENT_MAX_FREE)
      problems.push(`${at()}: a comment of ${r.comment.length} characters (${COMMENT_MAX_FREE} at most on Free zones)`);
    if (tier === 'free' && r.settings?.flatten_cname === true)
      warnings.push(`${at()}: settings.flatten_cname is a feature of paid plans; this zone is on the free plan`);
  }
  return { errors: problems, warnings };
}
