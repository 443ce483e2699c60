import { diffDnssec, type LiveDnssec } from '../dnssec/index.js';
import { diffRecords } from '../diff/diff-records.js';
import { diffSettings } from '../diff/diff-settings.js';
import { diffTokens, type LiveToken, type TokenDiff, type TokenDiffContext } from '../diff/diff-tokens.js';
import { tokenExpiryWarnings, unlistedTokens } from '../diff/unlisted-tokens.js';
import { ZonectlError } from '../errors.js';
import type { LiveRecord } from '../model/record.js';
import type { ZoneTier } from '../service/zone-tiers.js';
import { BATCH_LIMIT } from '../service/zone-tiers.js';
import type { ZoneConfig } from '../zonefile/index.js';
import type { ZoneType } from '../zone-type.js';
import { buildZonePlan, type ZonePlan } from './build-plan.js';
import { besideDelegationWarnings } from './beside-delegation.js';
import { cnameLoopMessage, cnameLoops, proxiedChainProblems } from './check-chains.js';
import { fragmentSources } from './record-source.js';
import { shadowedNotes } from './shadowed.js';

/** Zones with fewer manageable records than this skip the safety thresholds (as octoDNS). */
export const SAFETY_MIN_RECORDS = 10;

/** What is read from the service for one zone. */
export interface LiveZoneState {
  readonly records: readonly LiveRecord[];
  /** dns_settings; read only when the file has `settings`. */
  readonly settings?: Readonly<Record<string, unknown>>;
  /** The user's tokens and the permission group catalogue; read only when the file has `tokens`. */
  readonly tokens?: { readonly live: readonly LiveToken[]; readonly context: TokenDiffContext };
  /** The account's tokens and its catalogue (`context.accountOwned`); read only when the file has `owner: account` tokens. */
  readonly accountTokens?: { readonly live: readonly LiveToken[]; readonly context: TokenDiffContext };
  /** GET /zones/{zone_id}/dnssec; read only when the file has a `dnssec` section. */
  readonly dnssec?: LiveDnssec;
  /** The zone's records came without the service's shadow metadata: too many delegations to ask one by one (src/api/shadow-metadata.ts). */
  readonly shadowUnread?: { readonly delegations: number; readonly most: number };
  /** The zone's tier when the zone object says it: the ownership marker's form (src/core/ownership/marker.ts). */
  readonly tier?: ZoneTier;
}

/**
 * What the run knows about the user's live tokens, for the report of tokens no file names.
 * `readable: false`: the credential may not list tokens (no API Tokens Read).
 */
export type TokenAudit =
  | {
      readonly readable: true;
      readonly live: readonly LiveToken[];
      /** Token names of every zone file in the run. */
      readonly listedNames: ReadonlySet<string>;
      /** The clock, read by the app layer (milliseconds since the epoch). */
      readonly now: number;
    }
  | { readonly readable: false };

/**
 * The account's tokens no file lists, audited like the user's (TokenAudit) by the file that
 * lists the account's tokens (`owner: account`): `listedNames` are the names of every
 * account-owned token of the run's files.
 */
export interface AccountTokenAudit {
  readonly accountId: string;
  readonly live: readonly LiveToken[];
  readonly listedNames: ReadonlySet<string>;
  readonly now: number;
}

export const KEEP_MODE_NOTE =
  'manage.unmanaged: keep: live records whose (name, type) the file does not list are kept; removing a record from the file does not delete it';

export const TOKENS_UNREADABLE_NOTE =
  'API tokens that no file lists could not be checked: the credential cannot list tokens (it lacks API Tokens Read)';

/** The file lists records the live zone says are another writer's (external-dns's registry claims them). */
export class OwnershipConflictError extends ZonectlError {
  constructor(file: string, conflicts: readonly string[]) {
    super('OWNERSHIP_CONFLICT', `${file}: ${conflicts.join('; ')}; nothing was planned`);
  }
}

/**
 * `manage.unmanaged: owned` adopting records: how many are marked, and in how many batch calls
 * (the batch endpoint takes 200 record changes on Free zones, 3,500 on paid ones:
 * src/core/service/zone-tiers.ts; a zone whose plan cannot be read gets Free's).
 */
export function markNote(marks: number, tier: ZoneTier | undefined): string {
  const limit = tier === undefined || tier === 'free' ? BATCH_LIMIT.free : BATCH_LIMIT.paid;
  const calls = Math.ceil(marks / limit);
  return `${marks} record(s) of the file to mark as zonectl's (manage.unmanaged: owned): ${calls} batch call(s) of at most ${limit} records (--no-batch: ${marks} calls)`;
}

export class TokenPlanError extends ZonectlError {
  constructor(file: string, errors: readonly string[]) {
    super('TOKEN_PLAN', `${file}: ${errors.join('; ')}`);
  }
}

/** Desired zone file + live state -> the zone's plan. Pure. */
export function planZone(
  config: ZoneConfig,
  zoneId: string,
  state: LiveZoneState,
  runAudit?: TokenAudit,
  runAccountAudit?: AccountTokenAudit,
): ZonePlan {
  // `manage.tokens: ignore`: no report, no note, no expiry warning of tokens no file lists.
  const audit = config.manage.tokens === 'ignore' ? undefined : runAudit;
  const accountAudit = config.manage.tokens === 'ignore' ? undefined : runAccountAudit;
  const live = state.records;
  const settingsChange = state.settings ? diffSettings(zoneId, config.settings, state.settings) : undefined;
  const tokens = diffOwnTokens(config, state);
  if (tokens && tokens.errors.length > 0) throw new TokenPlanError(config.file, tokens.errors);
  const policy = config.manage.tokens;
  const prefix = config.manage.tokens_prefix !== undefined ? { prefix: config.manage.tokens_prefix } : {};
  const userUnlisted =
    audit?.readable === true && policy !== 'ignore'
      ? unlistedTokens({ listedNames: audit.listedNames, live: audit.live, policy, ...prefix })
      : undefined;
  const accountUnlisted =
    accountAudit !== undefined && policy !== 'ignore'
      ? unlistedTokens({
          listedNames: accountAudit.listedNames,
          live: accountAudit.live,
          policy,
          ...prefix,
          accountId: accountAudit.accountId,
        })
      : undefined;
  const unlisted =
    userUnlisted === undefined && accountUnlisted === undefined
      ? undefined
      : {
          unlisted: [...(userUnlisted?.unlisted ?? []), ...(accountUnlisted?.unlisted ?? [])],
          deletes: [...(userUnlisted?.deletes ?? []), ...(accountUnlisted?.deletes ?? [])],
        };
  const dnssec = state.dnssec !== undefined ? diffDnssec(config.zone, zoneId, config.dnssec?.desired, state.dnssec) : undefined;
  const otherChanges = [
    ...(settingsChange ? [settingsChange] : []),
    ...(dnssec?.operation !== undefined ? [dnssec.operation] : []),
    ...(tokens?.changes ?? []),
    ...(unlisted?.deletes ?? []),
  ];
  const desired = config.records.map((r) => r.record);
  const diff = diffRecords({
    zone: config.zone,
    desired,
    live,
    rules: { ...config.manage, ...(config.scope !== undefined ? { scope: config.scope } : {}) },
    ...(state.tier !== undefined ? { tier: state.tier } : {}),
  });
  if (diff.fileConflicts.length > 0) {
    // Each named with the line of the file's record and the registry record that claims it.
    const lines = diff.fileConflicts.map((c) => {
      const at = config.records.find((d) => d.record.name === c.name && d.record.type === c.type);
      const where = at !== undefined ? `${at.source ?? config.file}:${at.line} ${at.path}` : config.file;
      return `${where} ${c.name} ${c.type} is ${c.why}: remove it from the file, or stop external-dns managing it`;
    });
    throw new OwnershipConflictError(config.file, lines);
  }
  const kept = [...diff.unmanaged, ...diff.untouchable];
  // The records kept beside the file's may give a chain its address: checked here against the live zone (a warning, as at validate).
  const chainWarnings = proxiedChainProblems(desired, [...desired, ...kept], config.zone).map(
    (p) => `${p}: the service keeps it, but the edge finds no origin for it until the target resolves to an address`,
  );
  const plan = buildZonePlan({
    zone: config.zone,
    zoneId,
    desired,
    live,
    diff,
    thresholds: {
      maxDeletePercent: config.manage.max_delete_percent,
      maxUpdatePercent: config.manage.max_update_percent,
      minRecords: SAFETY_MIN_RECORDS,
    },
    otherChanges,
  });
  const deletedTokens = new Set((unlisted?.deletes ?? []).map((d) => d.tokenId ?? ''));
  const warnings = [
    ...plan.warnings,
    ...chainWarnings,
    ...cnameLoops(desired).map(cnameLoopMessage),
    ...besideDelegationWarnings(diff.changes, live, config.zone),
    ...(tokens?.warnings ?? []),
    ...(audit?.readable === true ? tokenExpiryWarnings(audit.live, audit.now, deletedTokens) : []),
    ...(accountAudit !== undefined
      ? tokenExpiryWarnings(accountAudit.live, accountAudit.now, deletedTokens).map((w) => `account ${w}`)
      : []),
  ];
  const notes = [
    ...(config.manage.unmanaged === 'keep' ? [KEEP_MODE_NOTE] : []),
    ...(plan.summary.mark > 0 ? [markNote(plan.summary.mark, state.tier)] : []),
    ...(audit?.readable === false ? [TOKENS_UNREADABLE_NOTE] : []),
    // The service's shadow metadata on the live records (where it gives it).
    ...shadowedNotes(live, state.shadowUnread),
  ];
  const sources = fragmentSources(config.records);
  return {
    ...plan,
    warnings,
    file: config.file,
    ...(sources ? { sources } : {}),
    ...(dnssec !== undefined ? { dnssec } : {}),
    ...(notes.length > 0 ? { notes } : {}),
    ...(unlisted !== undefined && unlisted.unlisted.length > 0 ? { unmanagedTokens: unlisted.unlisted } : {}),
  };
}

/** The file's token changes: its user tokens against the user's, its `owner: account` tokens against the account's. */
function diffOwnTokens(config: ZoneConfig, state: LiveZoneState): TokenDiff | undefined {
  const user = config.tokens.filter((t) => t.owner !== 'account');
  const account = config.tokens.filter((t) => t.owner === 'account');
  const diffs = [
    ...(state.tokens && user.length > 0 ? [diffTokens(user, state.tokens.live, state.tokens.context)] : []),
    ...(state.accountTokens && account.length > 0 ? [diffTokens(account, state.accountTokens.live, state.accountTokens.context)] : []),
  ];
  if (diffs.length === 0) return undefined;
  return {
    changes: diffs.flatMap((d) => d.changes),
    errors: diffs.flatMap((d) => d.errors),
    warnings: diffs.flatMap((d) => d.warnings),
  };
}

/** The zone id a new zone's plan names until apply has created the zone. */
export const NEW_ZONE_ID = '(new)';

/**
 * The plan of a zone that does not exist yet: `+ zone NAME (account ..., type full|internal)` (the file's
 * `zone_type`) and its
 * records as creates (counted like any change). zonectl creates zones, never deletes them.
 * Settings and tokens are planned once the zone exists (apply plans it again after creating it).
 */
export function planNewZone(config: ZoneConfig, accountId: string): ZonePlan {
  const plan = planZone(config, NEW_ZONE_ID, { records: [] });
  return {
    ...plan,
    newZone: { accountId, type: config.zoneType ?? 'full' },
    summary: { ...plan.summary, create: plan.summary.create + 1 },
  };
}

/** The body of `POST /zones` that creates a plan's new zone (OpenAPI `zones-post`). */
export function newZoneBody(
  plan: Pick<ZonePlan, 'zone' | 'newZone'>,
): { name: string; account: { id: string }; type: ZoneType } | undefined {
  return plan.newZone === undefined ? undefined : { name: plan.zone, account: { id: plan.newZone.accountId }, type: plan.newZone.type };
}
