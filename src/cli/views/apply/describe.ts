/** What apply says about a run that stopped early: failed, or interrupted by a signal. */
import { CloudflareApiError } from '../../../api/index.js';
import type { StopSignal, ZoneApplyOutcome } from '../../../app/apply/index.js';
import type { ZoneRun } from '../../../app/engine/index.js';
import type { ZonePlan } from '../../../core/plan/build-plan.js';
import type { Operation } from '../../../core/plan/operation.js';
import { describeNonConvergence } from '../../../core/render/render-residual.js';
import { renderOperation } from '../../../core/render/render-text.js';

/** What a failed apply did: acknowledged operations, and whether the failed call's outcome is known. */
export function describeApplyFailure(o: ZoneApplyOutcome): string {
  const total = o.run.plan.operations.length;
  const done = `${o.run.config.zone}: apply failed after ${o.result.applied.length} of ${total} operations`;
  const why = (o.result.error?.message ?? 'unknown error') + (refusedForPermission(o.result.error) ? PERMISSION_HINT : '');
  if (!o.result.outcomeUnknown) return `${done}: ${why}`;
  return `${done}; the outcome of ${o.result.failed.length} more is unknown (some may have been applied): ${why}; run plan to see the zone as it is`;
}

const PERMISSION_HINT =
  '; the token lacks a permission this write needs: DNS Write on the zone for records, API Tokens Write for tokens (x-cfPermissionsRequired in the API schema)';

/** True when the service refused a write with 403 (the error or one it wraps). */
function refusedForPermission(error: unknown): boolean {
  let e: unknown = error;
  for (let i = 0; i < 4 && e instanceof Error; i++) {
    if (e instanceof CloudflareApiError) return e.status === 403;
    e = e.cause;
  }
  return false;
}

/** Why nothing was sent for a zone (the lock could not be taken, or the check under it refused). */
export function describeRefusal(error: Error | undefined): string {
  const why = error?.message ?? 'refused';
  return refusedForPermission(error) ? `${why}; the apply lock could not be created${PERMISSION_HINT}; nothing was changed` : why;
}

/** One line per operation, as the plan showed it (first line only). */
function opLine(op: Operation): string {
  return renderOperation(op)[0].trim();
}

const MAX_LISTED = 50;

function listOps(title: string, ops: readonly Operation[]): string[] {
  if (ops.length === 0) return [];
  const shown = ops.slice(0, MAX_LISTED).map((op) => `    ${opLine(op)}`);
  return [`  ${title} (${ops.length}):`, ...shown, ...(ops.length > MAX_LISTED ? [`    ... and ${ops.length - MAX_LISTED} more`] : [])];
}

export interface InterruptedZone {
  readonly run: ZoneRun;
  /** Indices of the operations the service acknowledged. */
  readonly applied: ReadonlySet<number>;
  /** True when the run gave up waiting for calls in flight: those may have been applied too. */
  readonly gaveUp: boolean;
}

/**
 * The lines an interrupted apply prints for the zone it was writing: which operations were
 * applied, which were not, and how a re-run finishes the job (it plans what remains, so its
 * safety thresholds count only that).
 */
export function describeInterrupted(z: InterruptedZone, signal: StopSignal): string[] {
  const ops = z.run.plan.operations;
  const applied = ops.filter((_, i) => z.applied.has(i));
  const rest = ops.filter((_, i) => !z.applied.has(i));
  const deletes = rest.filter((o) => o.action === 'delete').length;
  const updates = rest.filter((o) => o.action === 'update').length;
  const lines = [
    `${z.run.config.zone}: interrupted by ${signal}: ${applied.length} of ${ops.length} operations applied, ${rest.length} not applied` +
      (z.gaveUp ? ' (calls still in flight when zonectl stopped waiting may have been applied)' : ''),
    ...listOps('applied', applied),
    ...listOps(z.gaveUp ? 'not acknowledged' : 'not applied', rest),
  ];
  if (rest.length > 0) {
    lines.push(
      `  Run the same apply again to finish: it plans only what remains (${rest.length} operations, ${deletes} deletes, ${updates} updates), ` +
        'and the safety thresholds are checked on what remains, so what this run applied is not counted again.',
    );
  }
  return lines;
}

/** Zones of the run that were never started (a later zone when an earlier one was interrupted). */
export function describeNotStarted(runs: readonly ZoneRun[]): string[] {
  return runs.map((r) => `${r.config.zone}: not started: none of its ${r.plan.operations.length} operations was sent`);
}

/**
 * Why a zone did not converge. A record zonectl wrote that changed again before the check
 * afterwards (its `modified_on` is later than zonectl's write returned) was changed by another
 * writer: say so, and do not advise writing the service's form into the file.
 */
export function describeNotConverged(
  residual: ZonePlan,
  changedByOthers: ReadonlyMap<string, { written: string; now: string }> = new Map(),
): string[] {
  const lines: string[] = [];
  const rest: Operation[] = [];
  for (const op of residual.operations) {
    const id = op.kind === 'dns_record' && op.action !== 'create' ? op.recordId : undefined;
    const changed = id !== undefined ? changedByOthers.get(id) : undefined;
    if (op.kind === 'dns_record' && op.action !== 'create' && changed !== undefined) {
      lines.push(
        `${op.before.name} ${op.before.type} (id ${op.recordId}): changed by another writer after zonectl wrote it ` +
          `(modified_on ${changed.now}, zonectl's write returned ${changed.written}); run plan to see it, and apply again if the file is right`,
      );
    } else {
      rest.push(op);
    }
  }
  return [...lines, ...describeNonConvergence({ ...residual, operations: rest })];
}
