/** What became of a zone's apply: its writes, the check afterwards, or a refusal before any write. */
import type { ExecuteResult } from '../../api/index.js';
import { InternalError, ZonectlError } from '../../core/errors.js';
import type { ZonePlan } from '../../core/plan/build-plan.js';
import type { ZoneRun } from '../engine/index.js';

export interface ZoneApplyOutcome {
  readonly run: ZoneRun;
  readonly result: ExecuteResult;
  /** The plan made after apply: empty when the zone converged. */
  readonly residual?: ZonePlan;
  /** The re-read after apply failed (the apply itself succeeded; its results are kept). */
  readonly verifyError?: Error;
  /**
   * Records zonectl wrote that changed again before the check afterwards (their `modified_on` is
   * later than the one zonectl's write returned): another writer changed them. By record id.
   */
  readonly changedByOthers?: ReadonlyMap<string, { readonly written: string; readonly now: string }>;
  /** Nothing was sent: the lock was not taken, or the check under the lock refused (see result.error). */
  readonly refused?: boolean;
}

/** Nothing was sent for the run: it was refused under the lock, or the lock could not be taken. */
export function refused(run: ZoneRun, error: Error): ZoneApplyOutcome {
  const code = error instanceof ZonectlError ? error : new InternalError(error.message);
  return {
    run,
    refused: true,
    result: {
      ok: false,
      applied: [],
      failed: [],
      notApplied: run.plan.operations.map((_, i) => i),
      error: code,
      outcomeUnknown: false,
      tokenValues: {},
      createdIds: {},
      calls: 0,
      notes: [],
      interrupted: false,
      written: {},
    },
  };
}

/** Whether a zone's apply failed (an interrupted zone is described, not counted as failed). */
export function zoneApplyFailed(o: ZoneApplyOutcome, interrupted: boolean): boolean {
  if (o.result.interrupted && interrupted) return false;
  return o.refused === true || !o.result.ok || o.verifyError !== undefined || (o.residual?.operations.length ?? 0) > 0;
}

/** The runs that have operations and were never started (a later zone when an earlier one was interrupted). */
export function notStartedRuns(runs: readonly ZoneRun[], started: ReadonlySet<string>): ZoneRun[] {
  return runs.filter((r) => r.plan.operations.length > 0 && !started.has(r.config.zone));
}
