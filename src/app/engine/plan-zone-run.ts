import {
  type CloudflareClient,
  CloudflareApiError,
  ZoneLookupError,
  checkZone,
  findZone,
  readDnsSettings,
  readDnssec,
  readLiveRecords,
  readPermissionGroups,
  readRecordUsage,
  SHADOW_DELEGATIONS_MAX,
  withShadowMetadata,
  readTokens,
  tokenInUseId,
  type ApiZone,
} from '../../api/index.js';
import { ZonectlError } from '../../core/errors.js';
import { zoneTypeLabel, zoneTypeMatches } from '../../core/zone-type.js';
import { canonicalZoneName, isInZone } from '../../core/model/names.js';
import type { LiveRecord } from '../../core/model/record.js';
import type { ZonePlan } from '../../core/plan/build-plan.js';
import type { LiveToken, TokenDiffContext } from '../../core/diff/diff-tokens.js';
import { type AccountTokenAudit, NEW_ZONE_ID, planNewZone, planZone, type TokenAudit, TokenPlanError } from '../../core/plan/plan-zone.js';
import { BATCH_LIMIT, ZONE_TIERS, type ZoneTier } from '../../core/service/zone-tiers.js';
import { TierLimitError, tierProblems } from '../../core/tier-limits.js';
import { mayPassQuota, quotaProblem, recordGrowth } from '../../core/record-quota.js';
import { isZonectlRecordName } from '../../core/lock/lock-record.js';
import type { ZoneConfig } from '../../core/zonefile/index.js';
import { markerCommentProblems } from '../../core/ownership/index.js';
import { printable } from '../../core/text/index.js';

/** The batch limit of the zone's tier (`BATCH_LIMIT`, src/core/service/zone-tiers.ts); a zone of unknown tier gets Free's. */
export function batchLimitFor(zone: Pick<ApiZone, 'plan'> | undefined): number {
  const tier = zone?.plan?.legacy_id ?? zone?.plan?.name?.toLowerCase() ?? 'free';
  return tier === 'free' || tier.startsWith('free') ? BATCH_LIMIT.free : BATCH_LIMIT.paid;
}

/** The zone's tier as the zone object says it (`plan.legacy_id`, else its name), or undefined when it does not. */
export function zoneTierOf(zone: Pick<ApiZone, 'plan'>): ZoneTier | undefined {
  const raw = (zone.plan?.legacy_id ?? zone.plan?.name ?? '').toLowerCase();
  return ZONE_TIERS.find((p) => raw.startsWith(p));
}

/** One zone's desired state, live state and plan. */
export interface ZoneRun {
  readonly config: ZoneConfig;
  readonly zoneId: string;
  /** The live records planned against (empty in a run of `lockThenPlan`, which does not keep them). */
  readonly live: readonly LiveRecord[];
  readonly plan: ZonePlan;
  readonly batchLimit: number;
  /** The zone object the run was planned against (a re-plan of the zone needs no lookup). */
  readonly zone?: ApiZone;
  /**
   * How this run was planned (token audit and the run's token names): a re-plan of the zone
   * (the check after apply, a saved plan's freshness) passes it back to see the same tokens.
   */
  readonly planOptions?: PlanZoneRunOptions;
}

/**
 * The zone object. With `zone_id` in the file, a token that may edit DNS but not read the zone
 * (no Zone Read) is still served: zonectl then assumes the smallest batch limit (Free plan).
 */
async function resolveZone(client: CloudflareClient, config: ZoneConfig, known: ApiZone | undefined): Promise<ApiZone> {
  if (known !== undefined) return known;
  if (config.zoneId !== undefined) {
    try {
      const res = await client.request<ApiZone>('GET', `/zones/${encodeURIComponent(config.zoneId)}`);
      return checkZone(res.result);
    } catch (error) {
      if (error instanceof CloudflareApiError && error.status === 403) return { id: config.zoneId, name: config.zone };
      throw error;
    }
  }
  return findZone(client, config.zone, config.zoneType ?? 'full');
}

export class ZoneMismatchError extends ZonectlError {
  constructor(message: string) {
    super('ZONE_MISMATCH', message);
  }
}

export interface PlanZoneRunOptions {
  /**
   * Report live tokens no file names and apply `manage.tokens` (default true). Costs one
   * `GET /user/tokens`; a credential without API Tokens Read gets a note, not an error.
   */
  readonly auditTokens?: boolean;
  /** Names of the user's tokens of every zone file of the run (default: this file's). */
  readonly listedTokenNames?: ReadonlySet<string>;
  /**
   * Report the account's live tokens no file names (with `manage.tokens`) when this file lists
   * account-owned tokens (default true): one file per account speaks for the run.
   */
  readonly auditAccountTokens?: boolean;
  /** Names of the account-owned tokens (`owner: account`) of every zone file of the run (default: this file's). */
  readonly listedAccountTokenNames?: ReadonlySet<string>;
  /**
   * The zone object when the caller already has it (from the zones list, or the run being
   * checked again): no `GET /zones` lookup. Its name is still checked against the file.
   */
  readonly zone?: ApiZone;
}

/**
 * The user's live tokens, or `undefined` when the credential may not list them (403: no API
 * Tokens Read; `GET /user/tokens` accepts API Tokens Read or Write,
 * https://developers.cloudflare.com/api/python/resources/user/subresources/tokens/methods/list).
 */
export async function readTokensIfAllowed(client: CloudflareClient): Promise<LiveToken[] | undefined> {
  try {
    return await readTokens(client);
  } catch (error) {
    if (error instanceof CloudflareApiError && error.status === 403) return undefined;
    throw error;
  }
}

/**
 * The zone a file describes, checked: looked up (by `zone_id` or name) unless `known` is given,
 * and its name must be the file's. Nothing is read or written in a zone that fails the check.
 */
export async function resolveRunZone(client: CloudflareClient, config: ZoneConfig, known?: ApiZone): Promise<ApiZone> {
  const zone = await resolveZone(client, config, known).catch((error: unknown) => {
    // No zone, and no account to create it in: say how to name one (README.md, "Many zones: new zones").
    if (error instanceof ZoneLookupError && error.notFound && config.accountId === undefined && config.zoneId === undefined)
      throw new ZoneLookupError(`${error.message}. ${noAccountHint(config.file)}`, true);
    throw error;
  });
  if (canonicalZoneName(zone.name) !== config.zone) {
    throw new ZoneMismatchError(
      `${config.file}: zone_id ${zone.id} is the zone "${zone.name}", but the file describes "${config.zone}"; nothing was planned`,
    );
  }
  const wanted = config.zoneType ?? 'full';
  // A zone object read without its type (403 on GET /zones/{id}) is not checked.
  if (zone.type !== undefined && !zoneTypeMatches(wanted, zone.type)) {
    throw new ZoneMismatchError(
      `${config.file}: zone ${zone.id} "${zone.name}" is of type ${String(zone.type)}, but the file describes ${wanted === 'internal' ? 'an' : 'a'} ${zoneTypeLabel(wanted)} (zone_type: ${wanted}); nothing was planned`,
    );
  }
  return zone;
}

/** The fix for a zone that does not exist and that the file gives no account to be created in. */
export function noAccountHint(file: string): string {
  return `If the zone is to be created, name the account it belongs to: add \`account_id: <32 hex>\` to ${printable(file)}, or \`account: NAME\` with a zonectl.yaml whose account NAME has an account_id; apply then creates the zone`;
}

/**
 * The account's own tokens and the groups they may hold, for a file with `owner: account` tokens:
 * the account is the file's (`account_id`, zonectl.yaml's `account:`), else the zone's.
 */
async function readAccountTokens(
  client: CloudflareClient,
  config: ZoneConfig,
  zone: ApiZone,
): Promise<{ live: LiveToken[]; context: TokenDiffContext }> {
  const accountId = config.accountId ?? zone.account?.id;
  if (accountId === undefined)
    throw new TokenPlanError(config.file, [
      "its `owner: account` tokens need the zone's account, and neither the file (`account_id`, or `account:` with zonectl.yaml) nor the zone object (a token without Zone Read) names it",
    ]);
  const [live, permissionGroups] = await Promise.all([readTokens(client, accountId), readPermissionGroups(client, accountId)]);
  return { live, context: { zoneId: zone.id, accountId, permissionGroups, accountOwned: true } };
}

/** Read the live zone and plan it. */
export async function planZoneRun(client: CloudflareClient, config: ZoneConfig, options: PlanZoneRunOptions = {}): Promise<ZoneRun> {
  const zone = await resolveRunZone(client, config, options.zone).catch((error: unknown) => {
    // No zone of that name, and the file names its account: a zone apply creates.
    if (error instanceof ZoneLookupError && error.notFound && config.accountId !== undefined && config.zoneId === undefined)
      return undefined;
    throw error;
  });
  if (zone === undefined) {
    return {
      config,
      zoneId: NEW_ZONE_ID,
      live: [],
      plan: planNewZone(config, config.accountId!),
      batchLimit: batchLimitFor(undefined),
      planOptions: options,
    };
  }
  const tier = zoneTierOf(zone);
  const limits = tier !== undefined ? tierProblems(config, tier) : undefined;
  if (tier !== undefined && limits !== undefined && limits.errors.length > 0) throw new TierLimitError(config.file, tier, limits.errors);
  // `manage.unmanaged: owned` on a plan without tags: the marker shares the comment (src/core/ownership/marker.ts).
  const marker = config.manage.unmanaged === 'owned' ? markerCommentProblems(config.records, tier) : [];
  if (marker.length > 0)
    throw tier !== undefined
      ? new TierLimitError(config.file, tier, marker)
      : new ZonectlError('ZONE_PLAN_LIMIT', `${config.file}: ${marker.join('; ')}; nothing was planned`);
  // The token list does not depend on the zone's records: it is read while they are (one round
  // trip less). A file that lists tokens needs them (a 403 stays an error); otherwise the audit
  // degrades. Its failure is reported after the records' own, as when the reads were in turn.
  const audits = options.auditTokens !== false && config.manage.tokens !== 'ignore';
  const userSpecs = config.tokens.filter((t) => t.owner !== 'account');
  const accountSpecs = config.tokens.filter((t) => t.owner === 'account');
  const tokensRead: Promise<LiveToken[] | undefined> =
    userSpecs.length > 0 ? readTokens(client) : audits ? readTokensIfAllowed(client) : Promise.resolve(undefined);
  tokensRead.catch(() => undefined); // awaited below; not an unhandled rejection if the records fail first
  // The credential zonectl runs with is never reported (nor deleted) as a token no file lists.
  const inUse: Promise<string | undefined> = audits ? tokenInUseId(client) : Promise.resolve(undefined);
  inUse.catch(() => undefined);
  // With the service's shadow metadata (src/api/shadow-metadata.ts: a zone of more than 1,000 records has it read by delegation).
  const listed = await readLiveRecords(client, zone.id, config.zone, {}, { shadowMetadata: true });
  const shadow = await withShadowMetadata(client, zone.id, config.zone, listed.records);
  const live = { records: shadow.records, unknownTypes: listed.unknownTypes };
  const outside = live.records.filter((r) => !isInZone(r.name, config.zone));
  if (outside.length > 0) {
    throw new ZoneMismatchError(
      `${config.file}: zone ${zone.id} holds records outside "${config.zone}" (e.g. ${outside[0].name.replace(/\.$/, '')}); check zone_id; nothing was planned`,
    );
  }
  const settings = config.settings !== undefined ? await readDnsSettings(client, zone.id) : undefined;
  const dnssec = config.dnssec !== undefined ? await readDnssec(client, zone.id, config.zone) : undefined;
  const liveTokens = await tokensRead;
  const tokens =
    userSpecs.length > 0 && liveTokens !== undefined
      ? {
          live: liveTokens,
          context: { zoneId: zone.id, accountId: zone.account?.id ?? '', permissionGroups: await readPermissionGroups(client) },
        }
      : undefined;
  const accountTokens = accountSpecs.length > 0 ? await readAccountTokens(client, config, zone) : undefined;
  const inUseId = await inUse;
  const audit: TokenAudit | undefined = !audits
    ? undefined
    : liveTokens === undefined
      ? { readable: false }
      : {
          readable: true,
          live: liveTokens.filter((t) => t.id !== inUseId),
          listedNames: options.listedTokenNames ?? new Set(config.tokens.map((t) => t.name)),
          now: Date.now(),
        };
  const accountAudit: AccountTokenAudit | undefined =
    accountTokens !== undefined && options.auditAccountTokens !== false && config.manage.tokens !== 'ignore'
      ? {
          accountId: accountTokens.context.accountId,
          live: accountTokens.live.filter((t) => t.id !== inUseId),
          listedNames: options.listedAccountTokenNames ?? new Set(accountSpecs.map((t) => t.name)),
          now: Date.now(),
        }
      : undefined;
  const planned = planZone(
    config,
    zone.id,
    {
      records: live.records,
      ...(settings ? { settings } : {}),
      ...(tokens ? { tokens } : {}),
      ...(accountTokens ? { accountTokens } : {}),
      ...(dnssec ? { dnssec } : {}),
      ...(shadow.unread !== undefined ? { shadowUnread: { delegations: shadow.unread, most: SHADOW_DELEGATIONS_MAX } } : {}),
      ...(tier !== undefined ? { tier } : {}),
    },
    audit,
    accountAudit,
  );
  // The record quota (src/core/record-quota.ts): asked of the service only when the apply may pass it.
  const held = live.records.length + live.unknownTypes.length;
  // Planned under the apply lock (apply --yes of one file, a re-plan under the lock): the zone holds it already.
  const lockHeld = live.records.some((r) => isZonectlRecordName(r.name, config.zone));
  if (mayPassQuota(tier, held, recordGrowth(planned.operations).peak, lockHeld)) {
    const usage = await readRecordUsage(client, zone.id, zone.account?.id ?? config.accountId);
    const over = usage !== undefined ? quotaProblem(config.file, planned.operations, usage, config.records, lockHeld) : undefined;
    if (over !== undefined) throw over;
  }
  const unknown = live.unknownTypes.map((r) => `${r.name} ${r.type}`);
  const extraWarnings = [
    ...(limits?.warnings ?? []),
    ...(unknown.length > 0
      ? [
          `${unknown.length} live record(s) of types zonectl does not manage are left alone: ${unknown.slice(0, 5).join(', ')}${unknown.length > 5 ? ', ...' : ''}`,
        ]
      : []),
  ];
  const plan = extraWarnings.length === 0 ? planned : { ...planned, warnings: [...planned.warnings, ...extraWarnings] };
  return { config, zoneId: zone.id, live: live.records, plan, batchLimit: batchLimitFor(zone), zone, planOptions: { ...options, zone } };
}

/**
 * Which file of the run reports (and with `manage.tokens: delete`, deletes) the tokens no file
 * names: the first that deletes, else the first that does not say `manage.tokens: ignore`
 * (-1: every file ignores them). Tokens are the user's, not a zone's, so one file speaks for
 * the run.
 */
export function tokenAuditOwner(configs: readonly ZoneConfig[]): number {
  const deleting = configs.findIndex((c) => c.manage.tokens === 'delete');
  return deleting >= 0 ? deleting : configs.findIndex((c) => c.manage.tokens !== 'ignore');
}

/** The options of each file of a run: one file audits the tokens, against the run's token names. */
export function runPlanOptions(configs: readonly ZoneConfig[]): PlanZoneRunOptions[] {
  const names = (c: ZoneConfig, account: boolean) => c.tokens.filter((t) => (t.owner === 'account') === account).map((t) => t.name);
  const listedTokenNames = new Set(configs.flatMap((c) => names(c, false)));
  const listedAccountTokenNames = new Set(configs.flatMap((c) => names(c, true)));
  const owner = tokenAuditOwner(configs);
  // The account's tokens are audited by the first file that lists some of them, per account (a
  // file whose account is known only from its zone speaks for itself).
  const seen = new Set<string>();
  return configs.map((c, i) => {
    const key = c.accountId ?? `file:${c.file}`;
    const auditAccountTokens = names(c, true).length > 0 && !seen.has(key);
    if (auditAccountTokens) seen.add(key);
    return { auditTokens: i === owner, listedTokenNames, auditAccountTokens, listedAccountTokenNames };
  });
}

/** Plan every zone file, one after another (they share the client's rate limiter). */
export async function planZoneRuns(client: CloudflareClient, configs: readonly ZoneConfig[]): Promise<ZoneRun[]> {
  const options = runPlanOptions(configs);
  const runs: ZoneRun[] = [];
  for (const [i, config] of configs.entries()) runs.push(await planZoneRun(client, config, options[i]));
  return runs;
}
