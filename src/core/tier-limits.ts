/**
 * Record rules that depend on the zone's tier (its subscription, the API's `plan`), which a zone
 * file does not say (validate cannot see it: a TTL of 30..59 is only a warning there). Checked once the zone is read, before
 * anything is written, so that the service never refuses the batch for a reason the file shows:
 * - TTL 30..59 on DNS-only records: Enterprise zones only (the API schema `dns-records_ttl`:
 *   "between 60 and 86400, with the minimum reduced to 30 for Enterprise zones";
 *   https://developers.cloudflare.com/dns/manage-dns-records/reference/ttl/);
 * - comments over 100 characters: paid tiers only (100 on Free zones, 500 on paid tiers:
 *   the record `comment` of the DNS records API reference);
 * - `settings.flatten_cname` is a feature of paid tiers ("Paid zones also have the option of
 *   flattening specific CNAME records",
 *   https://developers.cloudflare.com/dns/cname-flattening/set-up-cname-flattening/); what the
 *   service answers when a Free zone sets it is not published, so it is a warning of the tier,
 *   not a refusal.
 * A zone whose tier zonectl cannot read (a token without Zone Read) is not checked here.
 */
import { ZonectlError } from './errors.js';
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
    const at = `${d.path} (line ${d.line}) ${r.name} ${r.type}`;
    if (tier !== 'enterprise' && !r.proxied && r.ttl !== TTL_AUTO && r.ttl < TTL_MIN)
      problems.push(`${at}: ttl ${r.ttl} (${ENTERPRISE_TTL_MIN}..${TTL_MIN - 1} on Enterprise zones only)`);
    if (tier === 'free' && typeof r.comment === 'string' && r.comment.length > COMMENT_MAX_FREE)
      problems.push(`${at}: a comment of ${r.comment.length} characters (${COMMENT_MAX_FREE} at most on Free zones)`);
    if (tier === 'free' && r.settings?.flatten_cname === true)
      warnings.push(`${at}: settings.flatten_cname is a feature of paid plans; this zone is on the free plan`);
  }
  return { errors: problems, warnings };
}
