import { toApiBody, toApiUpdateBody, type ApiRecordBody } from '../model/api-codec.js';
import type { CanonicalRecord, LiveRecord } from '../model/record.js';
import type { DnssecOperation, DnssecPlan } from '../dnssec/index.js';
import type { MarkerFields, RecordChange, RecordDiff, SettingsChange, TokenChange } from '../diff/changes.js';
import { cannotCoexist } from '../service/coexistence.js';
import { assertNever } from '../errors.js';
import type { ZoneType } from '../zone-type.js';
import { orderOperations } from './order.js';
import { isMarkOnly, shownRecord, type Operation, type RecordCall, type RecordOperation } from './operation.js';
import type { UnlistedToken } from '../diff/unlisted-tokens.js';
import type { LeftAlone } from '../ownership/index.js';
import { checkSafety, type SafetyThresholds, type SafetyViolation } from './safety.js';

export interface PlanSummary {
  create: number;
  /** Updates of a record's values (not the updates that only mark a record as zonectl's: `mark`). */
  update: number;
  delete: number;
  unchanged: number;
  unmanaged: number;
  /** Records of the file to be marked as zonectl's, and nothing else (`manage.unmanaged: owned`). */
  mark: number;
}

/** The plan of one zone: data only (each operation is `{action, before, after}` plus the HTTP call). */
export interface ZonePlan {
  readonly zone: string;
  readonly zoneId: string;
  readonly operations: readonly Operation[];
  readonly summary: PlanSummary;
  readonly unmanaged: readonly LiveRecord[];
  readonly warnings: readonly string[];
  readonly safety: readonly SafetyViolation[];
  /**
   * Live records of (name, type) pairs the file does not list that a desired record forces out
   * (a CNAME where live has A/MX/TXT): destructive replacements, shown first.
   */
  readonly replacements?: readonly Replacement[];
  /** Plain statements about what the plan leaves alone (e.g. `manage.unmanaged: keep`). */
  readonly notes?: readonly string[];
  /**
   * Every live record the plan leaves alone, with why (src/core/ownership/left-alone.ts): shown by
   * plan, drift and the PR comment, counted, and listed in JSON. Absent when there is none.
   */
  readonly leftAlone?: readonly LeftAlone[];
  /** Live API tokens no file names (reported by one zone of the run). */
  readonly unmanagedTokens?: readonly UnlistedToken[];
  /** For each name the plan touches: the live `TYPE id@modified_on` list at plan time. */
  readonly fingerprint: Readonly<Record<string, readonly string[]>>;
  /** The zone file the plan was made from. */
  readonly file?: string;
  /** Records of the file that come from an included fragment: `recordKey` -> fragment file (record-source.ts). */
  readonly sources?: Readonly<Record<string, string>>;
  /** The zone does not exist yet: apply creates it (POST /zones) in this account, then plans it again. */
  readonly newZone?: { readonly accountId: string; readonly type: ZoneType };
  /**
   * The zone's DNSSEC (read when the file has a `dnssec` section): the state to show (`pending`
   * is a state, never a change), the DS record, and the changes (their PATCH is among `operations`).
   */
  readonly dnssec?: DnssecPlan;
}

/** A live record the file does not list, deleted because a desired record cannot stand beside it. */
export interface Replacement {
  readonly name: string;
  readonly type: string;
  readonly id: string;
  readonly record: CanonicalRecord;
  /** Types the file wants at that name that cannot stand beside it. */
  readonly by: readonly string[];
}

/** The destructive replacements of a diff (delete reason `conflict`). */
export function replacementsOf(diff: RecordDiff, desired: readonly CanonicalRecord[], zone: string): Replacement[] {
  const out: Replacement[] = [];
  for (const c of diff.changes) {
    if (c.kind !== 'delete' || c.reason !== 'conflict') continue;
    const conflicts = (d: CanonicalRecord): boolean => d.name === c.before.name && cannotCoexist(d.name, d.type, c.before.type, zone);
    const by = [...new Set(desired.filter(conflicts).map((d) => d.type))].sort();
    out.push({ name: c.before.name, type: c.before.type, id: c.before.id, record: stripLive(c.before), by });
  }
  return out;
}

/** The body with zonectl's ownership marker (`manage.unmanaged: owned`): the marked comment or tags replace the record's. */
function withMarker(body: ApiRecordBody, marker: MarkerFields | undefined): ApiRecordBody {
  if (marker === undefined) return body;
  const out: ApiRecordBody = { ...body };
  if (marker.comment !== undefined) out.comment = marker.comment;
  if (marker.tags !== undefined) out.tags = [...marker.tags];
  return out;
}

export function recordsPath(zoneId: string, id?: string): string {
  return id === undefined ? `/zones/${zoneId}/dns_records` : `/zones/${zoneId}/dns_records/${id}`;
}

/** A record change as the HTTP call that makes it (decided at plan time). */
export function recordCall(change: RecordChange, zoneId: string): RecordCall {
  switch (change.kind) {
    case 'create':
      return {
        kind: 'dns_record',
        action: 'create',
        method: 'POST',
        path: recordsPath(zoneId),
        zoneId,
        body: withMarker(toApiBody(change.after), change.marker),
        after: change.after,
        fields: [],
        ...(change.replacement ? { replacement: true } : {}),
      };
    case 'update':
      return {
        kind: 'dns_record',
        action: 'update',
        method: 'PATCH',
        path: recordsPath(zoneId, change.before.id),
        zoneId,
        recordId: change.before.id,
        body: withMarker(toApiUpdateBody(change.after, change.fields), change.marker),
        before: stripLive(change.before),
        after: change.after,
        fields: change.fields,
        ...(change.fields.length === 0 && change.marker !== undefined ? { mark: true as const } : {}),
      };
    case 'delete':
      return {
        kind: 'dns_record',
        action: 'delete',
        method: 'DELETE',
        path: recordsPath(zoneId, change.before.id),
        zoneId,
        recordId: change.before.id,
        before: stripLive(change.before),
        fields: [],
        ...(change.reason === 'conflict' ? { replacement: true } : {}),
      };
    default:
      return assertNever(change, 'record change');
  }
}

/** The canonical part of a live record (what a plan shows as `before`). */
function stripLive(r: LiveRecord): CanonicalRecord {
  const { id: _id, meta: _meta, modified_on: _m, ...rest } = r;
  return rest;
}

export interface BuildZonePlanInput {
  readonly zone: string;
  readonly zoneId: string;
  readonly desired: readonly CanonicalRecord[];
  readonly live: readonly LiveRecord[];
  readonly diff: RecordDiff;
  readonly thresholds: SafetyThresholds;
  /** Settings, DNSSEC and token changes of the zone. */
  readonly otherChanges?: ReadonlyArray<SettingsChange | TokenChange | DnssecOperation>;
}

/** Changes -> ordered operations, summary, safety verdict and fingerprint. Pure. */
export function buildZonePlan(input: BuildZonePlanInput): ZonePlan {
  const calls = input.diff.changes.map((c) => recordCall(c, input.zoneId));
  const operations = orderOperations([...(input.otherChanges ?? []), ...calls], input.desired);
  const recordOps = operations.filter((o): o is RecordOperation => o.kind === 'dns_record');

  // An update that only marks a record as zonectl's changes nothing the zone answers: counted apart, never by the thresholds.
  const count = (action: string): number => operations.filter((o) => o.action === action && !isMarkOnly(o)).length;
  const recordCount = (action: string): number => recordOps.filter((o) => o.action === action && !isMarkOnly(o)).length;
  const summary: PlanSummary = {
    create: count('create'),
    update: count('update'),
    delete: count('delete'),
    unchanged: input.diff.unchanged,
    unmanaged: input.diff.unmanaged.length,
    mark: recordOps.filter(isMarkOnly).length,
  };
  const safety = checkSafety(
    { deletes: recordCount('delete'), updates: recordCount('update'), manageable: input.diff.manageable },
    input.thresholds,
  );

  const fingerprint = fingerprintNames(recordOps.map(shownRecord), input.live);
  const replacements = replacementsOf(input.diff, input.desired, input.zone);
  return {
    zone: input.zone,
    zoneId: input.zoneId,
    operations,
    summary,
    unmanaged: input.diff.unmanaged,
    warnings: input.diff.warnings,
    safety,
    ...(replacements.length > 0 ? { replacements } : {}),
    ...(input.diff.leftAlone.length > 0 ? { leftAlone: input.diff.leftAlone } : {}),
    fingerprint,
  };
}

/**
 * For every name the operations touch: all live records at that name (any type), as sorted
 * `TYPE id@modified_on`. Keyed by name, not (name, type), so that a record of another type
 * added at a name where the plan puts a CNAME makes the plan stale too.
 */
export function fingerprintNames(touched: readonly CanonicalRecord[], live: readonly LiveRecord[]): Record<string, string[]> {
  if (touched.length === 0) return {}; // a clean plan: no need to walk the live records
  return Object.fromEntries(liveAtNames([...new Set(touched.map((r) => r.name))].sort(), live));
}

/** Names whose live records differ from the plan's fingerprint (a stale plan). */
export function staleKeys(plan: ZonePlan, live: readonly LiveRecord[]): string[] {
  const names = Object.keys(plan.fingerprint);
  const now = liveAtNames(names, live);
  return names.filter((name) => {
    const before = plan.fingerprint[name];
    const after = now.get(name) ?? [];
    return before.length !== after.length || before.some((v, i) => v !== after[i]);
  });
}

/**
 * The fingerprint of some names: the live records at each, as sorted `TYPE id@modified_on`.
 * Looked up in a Map (Object.hasOwn on a large object cost ~35 ms per 100,000 live records).
 */
function liveAtNames(names: readonly string[], live: readonly LiveRecord[]): Map<string, string[]> {
  const atName = new Map(names.map((name) => [name, [] as string[]]));
  for (const r of live) atName.get(r.name)?.push(`${r.type} ${r.id}@${r.modified_on ?? ''}`);
  for (const list of atName.values()) list.sort();
  return atName;
}
