/**
 * What the zone's tier (its subscription, the API's `plan`) refuses, which the file cannot say:
 * checked once the zone is read, before any write (validate only warns of a TTL of 30..59). Each
 * check is registered with its source (src/core/checks/plan-checks.ts):
 * - `tier.ttl`: TTL 30..59 on DNS-only records: Enterprise only (API schema `dns-records_ttl`;
 *   https://developers.cloudflare.com/dns/manage-dns-records/reference/ttl/);
 * - `tier.comment`: comments over 100 characters: paid tiers only (the record `comment` of the DNS
 *   records API);
 * - `tier.tags`: record tags: paid tiers only (the plans index, `dns.record_tags`: Free "No",
 *   https://developers.cloudflare.com/dns/manage-dns-records/reference/record-attributes/; the
 *   live answer on Free, 9300 "DNS record has 1 tags, exceeding the quota of 0.":
 *   https://github.com/kubernetes-sigs/external-dns/issues/3706);
 * - `tier.flatten-cname`, `tier.flatten-all-cnames`: `settings.flatten_cname` of a record and the
 *   zone's `flatten_all_cnames` are features of paid plans ("For zones on paid plans, you can
 *   choose to flatten all CNAME records"; "Paid zones also have the option of flattening specific
 *   CNAME records": https://developers.cloudflare.com/dns/cname-flattening/set-up-cname-flattening/);
 *   the service's answer on Free is not published, so warnings;
 * - `tier.private-routing`: private network routing (`private_routing: true` on an A/AAAA) is
 *   Enterprise-only (https://developers.cloudflare.com/dns/manage-dns-records/how-to/private-network-routing/);
 * - `tier.internal-zone`: `zone_type: internal` on a zone whose plan is below Enterprise: Internal
 *   DNS is Enterprise-only (https://developers.cloudflare.com/dns/internal-dns/,
 *   https://developers.cloudflare.com/dns/internal-dns/get-started/ "an Enterprise account").
 * A zone whose tier cannot be read (a token without Zone Read) is not checked.
 */
import type { PlanCheckCode } from './checks/registry.js';
import { ZonectlError } from './errors.js';
import { COMMENT_MAX_FREE, TAGS_MAX_FREE } from './service/record-limits.js';
import { ENTERPRISE_TTL_MIN, TTL_AUTO, TTL_MIN } from './service/ttl.js';
import type { ZoneTier } from './service/zone-tiers.js';
import type { DesiredRecord, DesiredSettings } from './zonefile/index.js';
import type { ZoneType } from './zone-type.js';

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

/** The file's parts the tier decides on. */
export interface TierInput {
  readonly records: readonly DesiredRecord[];
  readonly settings?: DesiredSettings | undefined;
  readonly zoneType?: ZoneType | undefined;
}

/** One message per record (or setting) the zone's tier refuses or may not honour, naming its line; each ends with its check's id. */
export function tierProblems({ records, settings, zoneType }: TierInput, tier: ZoneTier): TierProblems {
  const problems: string[] = [];
  const warnings: string[] = [];
  const error = (code: PlanCheckCode, message: string): void => void problems.push(`${message} [${code}]`);
  const warning = (code: PlanCheckCode, message: string): void => void warnings.push(`${message} [${code}]`);
  if (zoneType === 'internal' && tier !== 'enterprise')
    error('tier.internal-zone', `zone_type: internal on a ${tier} zone (internal DNS zones are for Enterprise only)`);
  for (const d of records) {
    const r = d.record;
    // Named only in a message: built for a record that has a problem, not for each record.
    const at = (): string => `${d.path} (line ${d.line}) ${r.name} ${r.type}`;
    if (tier !== 'enterprise' && !r.proxied && r.ttl !== TTL_AUTO && r.ttl < TTL_MIN)
      error('tier.ttl', `${at()}: ttl ${r.ttl} (${ENTERPRISE_TTL_MIN}..${TTL_MIN - 1} on Enterprise zones only)`);
    if (tier === 'free' && typeof r.comment === 'string' && r.comment.length > COMMENT_MAX_FREE)
      error('tier.comment', `${at()}: a comment of ${r.comment.length} characters (${COMMENT_MAX_FREE} at most on Free zones)`);
    if (tier === 'free' && r.tags !== undefined && r.tags.length > TAGS_MAX_FREE)
      error('tier.tags', `${at()}: ${r.tags.length} tag(s) (tags are a feature of paid plans; a Free zone takes none)`);
    if (tier !== 'enterprise' && r.private_routing === true)
      error('tier.private-routing', `${at()}: private_routing (private network routing is for Enterprise zones only)`);
    if (tier === 'free' && r.settings?.flatten_cname === true)
      warning('tier.flatten-cname', `${at()}: settings.flatten_cname is a feature of paid plans; this zone is on the free plan`);
  }
  if (tier === 'free' && settings?.flatten_all_cnames === true)
    warning('tier.flatten-all-cnames', 'settings.flatten_all_cnames is a feature of paid plans; this zone is on the free plan');
  return { errors: problems, warnings };
}
