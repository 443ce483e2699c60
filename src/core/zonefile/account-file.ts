/**
 * The account file after the schema: the service's rules for `zone_defaults` (the zone
 * settings' SOA rules, shared with `settings.soa`), warnings for the retired account settings,
 * and the AccountConfig. The retired `default_nameservers` and `use_account_custom_ns_by_default`
 * were replaced by `zone_defaults.nameservers.type` on 2025-03-14
 * (https://developers.cloudflare.com/fundamentals/api/reference/deprecations/): they warn with
 * their replacement and are never sent (the service answers them with an error on
 * /accounts/{account_id}/dns_settings).
 */
import type { AccountConfig, RawAccountFile, RawZoneDefaults } from './account-types.js';
import { buildViews } from './rules/views.js';
import { isPathWithin, type PathSegment } from '../text/index.js';
import type { ProblemSink, Problem } from '../yaml/index.js';
import { checkSoaValues } from './rules/soa.js';
import { ACCOUNT_FILE_KEY, type SchemaIssue } from '../schema/index.js';
import type { DesiredSettings } from './types.js';

/** A document the schema reads as an account file (the root's `if`). */
export function isAccountDocument(doc: unknown): boolean {
  return doc !== null && typeof doc === 'object' && !Array.isArray(doc) && (doc as Record<string, unknown>)[ACCOUNT_FILE_KEY] !== undefined;
}

/** Fields of `zone_defaults` sent as written (the retired ones are left out). */
const SENT_FIELDS = [
  'flatten_all_cnames',
  'foundation_dns',
  'internal_dns',
  'multi_provider',
  'nameservers',
  'ns_ttl',
  'secondary_overrides',
  'soa',
  'zone_mode',
] as const;

/** `zone_defaults` as the PATCH body's `zone_defaults`: the fields the file sets, copied. */
function buildZoneDefaults(raw: RawZoneDefaults): DesiredSettings {
  const out: DesiredSettings = {};
  for (const f of SENT_FIELDS) {
    const v = raw[f];
    if (v !== undefined) out[f] = typeof v === 'object' && v !== null ? { ...v } : v;
  }
  return out;
}

function retiredWarnings(
  owner: { default_nameservers?: string; use_account_custom_ns_by_default?: boolean },
  at: readonly PathSegment[],
  sink: ProblemSink,
): void {
  if (owner.default_nameservers !== undefined) {
    sink.keyWarning(
      'deprecated.default-nameservers',
      [...at, 'default_nameservers'],
      `\`default_nameservers\` is retired (2025-03-14) and is not sent: write \`zone_defaults: { nameservers: { type: ${owner.default_nameservers} } }\` (zone_defaults.nameservers.type) instead`,
    );
  }
  if (owner.use_account_custom_ns_by_default !== undefined) {
    const type = owner.use_account_custom_ns_by_default ? 'custom.account' : 'cloudflare.standard';
    sink.keyWarning(
      'deprecated.use-account-custom-ns',
      [...at, 'use_account_custom_ns_by_default'],
      `\`use_account_custom_ns_by_default\` is retired (2025-03-14) and is not sent: write \`zone_defaults: { nameservers: { type: ${type} } }\` (zone_defaults.nameservers.type) instead`,
    );
  }
}

interface AccountFileInput {
  readonly file: string;
  readonly doc: RawAccountFile;
  /** Schema issues, those under an unresolved `${VAR}` already left out. */
  readonly issues: readonly SchemaIssue[];
  /** Paths whose `${VAR}` could not be resolved (already reported). */
  readonly unresolved: ReadonlyArray<readonly PathSegment[]>;
  readonly sink: ProblemSink;
}

/** Rules and config of an account file whose schema check is complete. */
export function finishAccountFile(input: AccountFileInput): { account?: AccountConfig; problems: Problem[] } {
  const { doc, issues, unresolved, sink } = input;
  const broken = (prefix: readonly PathSegment[]): boolean =>
    issues.some((i) => isPathWithin(i.path, prefix)) || unresolved.some((p) => isPathWithin(p, prefix));
  retiredWarnings(doc, [], sink);
  const defaults = doc.zone_defaults !== undefined && !broken([ACCOUNT_FILE_KEY]) ? doc.zone_defaults : undefined;
  if (defaults !== undefined) {
    retiredWarnings(defaults, [ACCOUNT_FILE_KEY], sink);
    if (defaults.soa !== undefined) checkSoaValues(defaults.soa, [ACCOUNT_FILE_KEY, 'soa'], sink);
    if (defaults.foundation_dns !== undefined) {
      sink.keyWarning(
        'deprecated.foundation-dns',
        [ACCOUNT_FILE_KEY, 'foundation_dns'],
        '`foundation_dns` is deprecated: write `nameservers: { type: cloudflare.advanced }` (or cloudflare.standard) instead; it is still sent',
      );
    }
  }
  const zoneDefaults = defaults === undefined ? undefined : buildZoneDefaults(defaults);
  const enforce = typeof doc.enforce_dns_only === 'boolean' && !broken(['enforce_dns_only']) ? doc.enforce_dns_only : undefined;
  const views = doc.views !== undefined && !broken(['views']) ? buildViews(doc.views, sink) : undefined;
  if (zoneDefaults !== undefined && Object.keys(zoneDefaults).length === 0 && enforce === undefined && doc.views === undefined) {
    sink.warning('account.empty-defaults', [ACCOUNT_FILE_KEY], '`zone_defaults` sets no field: the account file manages nothing');
  }
  const problems = sink.finish();
  if (sink.errorCount > 0 || zoneDefaults === undefined || typeof doc.account_id !== 'string' || broken(['account_id']))
    return { problems };
  return {
    account: {
      file: input.file,
      accountId: doc.account_id.toLowerCase(),
      zoneDefaults,
      ...(enforce !== undefined ? { enforceDnsOnly: enforce } : {}),
      ...(views !== undefined ? { views } : {}),
    },
    problems,
  };
}
