import { toApiBody } from '../model/api-codec.js';
import type { CanonicalRecord, LiveRecord } from '../model/record.js';
import type { RecordChange, RecordDiff } from '../diff/changes.js';
import { cnameDepths, phaseOf } from './order.js';
import type { Operation, RecordOperation } from './operation.js';
import { checkSafety, type SafetyThresholds, type SafetyViolation } from './safety.js';

export interface PlanSummary {
  create: number;
  update: number;
  delete: number;
  unchanged: number;
  unmanaged: number;
}

/** The plan of one zone: data only (DESIGN §4: `{action, before, after}` plus the HTTP call). */
export interface ZonePlan {
  readonly zone: string;
  readonly zoneId: string;
  readonly operations: readonly Operation[];
  readonly summary: PlanSummary;
  readonly unmanaged: readonly LiveRecord[];
  readonly warnings: readonly string[];
  readonly safety: readonly SafetyViolation[];
  /** For each name the plan touches: the live `TYPE id@modified_on` list at plan time. */
  readonly fingerprint: Readonly<Record<string, readonly string[]>>;
}

export function recordsPath(zoneId: string, id?: string): string {
  return id === undefined ? `/zones/${zoneId}/dns_records` : `/zones/${zoneId}/dns_records/${id}`;
}

function toOperation(change: RecordChange, zoneId: string, phase: number): RecordOperation {
  switch (change.kind) {
    case 'create':
      return {
        kind: 'dns_record', action: 'create', method: 'POST', path: recordsPath(zoneId), zoneId,
        body: toApiBody(change.after), after: change.after, fields: [], phase,
        ...(change.replacement ? { replacement: true } : {}),
      };
    case 'update':
      return {
        kind: 'dns_record', action: 'update', method: 'PATCH', path: recordsPath(zoneId, change.before.id), zoneId,
        recordId: change.before.id, body: toApiBody(change.after), before: stripLive(change.before),
        after: change.after, fields: change.fields, phase,
      };
    case 'delete':
      return {
        kind: 'dns_record', action: 'delete', method: 'DELETE', path: recordsPath(zoneId, change.before.id), zoneId,
        recordId: change.before.id, before: stripLive(change.before), fields: [], phase,
        ...(change.reason === 'conflict' ? { replacement: true } : {}),
      };
    default: {
      const never: never = change;
      return never;
    }
  }
}

/** The canonical part of a live record (what a plan shows as `before`). */
function stripLive(r: LiveRecord): CanonicalRecord {
  const { id: _id, meta: _meta, modified_on: _m, ...rest } = r;
  return rest;
}

function compareOps(a: RecordOperation, b: RecordOperation): number {
  if (a.phase !== b.phase) return a.phase - b.phase;
  const order = { delete: 0, update: 1, create: 2 } as const;
  if (a.action !== b.action) return order[a.action] - order[b.action];
  const ra = a.after ?? a.before;
  const rb = b.after ?? b.before;
  const ka = ra ? `${ra.name} ${ra.type}` : '';
  const kb = rb ? `${rb.name} ${rb.type}` : '';
  return ka < kb ? -1 : ka > kb ? 1 : 0;
}

export interface BuildZonePlanInput {
  readonly zone: string;
  readonly zoneId: string;
  readonly desired: readonly CanonicalRecord[];
  readonly live: readonly LiveRecord[];
  readonly diff: RecordDiff;
  readonly thresholds: SafetyThresholds;
  readonly extraOperations?: readonly Operation[];
}

/** Changes -> ordered operations, summary, safety verdict and fingerprint. Pure. */
export function buildZonePlan(input: BuildZonePlanInput): ZonePlan {
  const depths = cnameDepths(input.desired);
  const recordOps = input.diff.changes
    .map((c) => toOperation(c, input.zoneId, phaseOf(c, depths)))
    .sort(compareOps);
  const extra = input.extraOperations ?? [];
  const operations: Operation[] = [...extra.filter((o) => o.phase < 10), ...recordOps, ...extra.filter((o) => o.phase >= 10)];

  const count = (action: string): number => operations.filter((o) => o.action === action).length;
  const recordCount = (action: string): number => recordOps.filter((o) => o.action === action).length;
  const summary: PlanSummary = {
    create: count('create'),
    update: count('update'),
    delete: count('delete'),
    unchanged: input.diff.unchanged,
    unmanaged: input.diff.unmanaged.length,
  };
  const safety = checkSafety(
    { deletes: recordCount('delete'), updates: recordCount('update'), manageable: input.diff.manageable },
    input.thresholds,
  );

  const fingerprint = fingerprintNames(recordOps.map((op) => (op.after ?? op.before) as CanonicalRecord), input.live);
  return {
    zone: input.zone,
    zoneId: input.zoneId,
    operations,
    summary,
    unmanaged: input.diff.unmanaged,
    warnings: input.diff.warnings,
    safety,
    fingerprint,
  };
}

/**
 * For every name the operations touch: all live records at that name (any type), as sorted
 * `TYPE id@modified_on`. Keyed by name, not (name, type), so that a record of another type
 * added at a name where the plan puts a CNAME makes the plan stale too.
 */
export function fingerprintNames(touched: readonly CanonicalRecord[], live: readonly LiveRecord[]): Record<string, string[]> {
  const fingerprint: Record<string, string[]> = {};
  for (const name of [...new Set(touched.map((r) => r.name))].sort()) fingerprint[name] = [];
  for (const r of live) {
    if (Object.hasOwn(fingerprint, r.name)) fingerprint[r.name].push(`${r.type} ${r.id}@${r.modified_on ?? ''}`);
  }
  for (const key of Object.keys(fingerprint)) fingerprint[key].sort();
  return fingerprint;
}

/** Names whose live records differ from the plan's fingerprint (a stale plan). */
export function staleKeys(plan: ZonePlan, live: readonly LiveRecord[]): string[] {
  const names = Object.keys(plan.fingerprint);
  const now: Record<string, string[]> = {};
  for (const name of names) now[name] = [];
  for (const r of live) {
    if (Object.hasOwn(now, r.name)) now[r.name].push(`${r.type} ${r.id}@${r.modified_on ?? ''}`);
  }
  return names.filter((name) => {
    const before = plan.fingerprint[name];
    const after = now[name].sort();
    return before.length !== after.length || before.some((v, i) => v !== after[i]);
  });
}
