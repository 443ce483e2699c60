import { type CloudflareClient, type ExecuteResult, type ProgressEvent, executeOperations } from '../../api/index.js';
import { InternalError, ZonectlError } from '../../core/errors.js';
import type { LiveRecord } from '../../core/model/record.js';
import type { ZonePlan } from '../../core/plan/build-plan.js';
import { isZonectlRecordName } from '../../core/lock/lock-record.js';
import type { ZoneConfig } from '../../core/zonefile/index.js';
import { planZoneRun, type PlanZoneRunOptions, type ZoneRun } from '../plan/plan-zone-run.js';
import { acquireZoneLock, type HeldZoneLock } from './zone-lock.js';

/** How apply serializes with other applies of the same zone (src/app/apply/zone-lock.ts). */
export interface ApplyLockOptions {
  /** How long to wait for a lock another run holds (ms). */
  readonly waitMs: number;
  readonly onWait?: (message: string) => void;
  readonly onLost?: (message: string) => void;
  /** Told about each lock taken (for a signal handler that must release it) and released. */
  readonly onHeld?: (lock: HeldZoneLock | undefined) => void;
}

export interface ApplyOptions {
  readonly batch: boolean;
  readonly concurrency: number;
  readonly onProgress?: (zone: string, event: ProgressEvent) => void;
  /** Take each zone's apply lock before writing; absent: no lock (library use). */
  readonly lock?: ApplyLockOptions;
  /**
   * Under the lock, before any write: the run to apply. Plans again (files) or checks a saved
   * plan's freshness (`--plan`); throws to refuse (nothing is written, the lock is released).
   */
  readonly underLock?: (run: ZoneRun) => Promise<ZoneRun>;
  /** Once true (SIGINT, SIGTERM): send nothing more; see ExecuteOptions.shouldStop. */
  readonly shouldStop?: () => boolean;
  /** Called when a zone's writes start (for a summary of an interrupted run). */
  readonly onZoneStart?: (run: ZoneRun) => void;
  /**
   * Locks taken before planning, by zone name (`lockThenPlan`): such a run was planned under its
   * lock, so it is neither locked nor checked again (`underLock` is not called for it).
   */
  readonly heldLocks?: ReadonlyMap<string, HeldZoneLock>;
}

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

/**
 * Whether a plan made around apply's writes (under the lock, or the check afterwards) reads the
 * unlisted tokens: only when the file deletes them. Reporting them is plan's and drift's job.
 */
export function auditsTokensAroundWrites(options: PlanZoneRunOptions, config: ZoneConfig): boolean {
  return options.auditTokens !== false && config.manage.tokens === 'delete';
}

/**
 * How the check after apply plans the zone: against the run's zone object (no lookup), and the
 * token list only when the file lists tokens or deletes the ones no file lists.
 */
export function verifyOptions(run: ZoneRun): PlanZoneRunOptions {
  const options = run.planOptions ?? {};
  const zone = run.zone ?? options.zone;
  return {
    ...options,
    ...(zone !== undefined ? { zone } : {}),
    auditTokens: auditsTokensAroundWrites(options, run.config),
  };
}

/** The check after apply saw another apply at work on the zone. */
export class OtherApplyError extends ZonectlError {
  constructor(message: string) {
    super('ZONE_LOCKED', message);
  }
}

/** The records zonectl wrote whose `modified_on` moved on since its write's answer. */
export function changedSinceWritten(result: ExecuteResult, live: readonly LiveRecord[]): Map<string, { written: string; now: string }> {
  const byId = new Map(live.map((r) => [r.id, r]));
  const changed = new Map<string, { written: string; now: string }>();
  for (const w of Object.values(result.written)) {
    const now = byId.get(w.id)?.modified_on;
    if (now !== undefined && Date.parse(now) > Date.parse(w.modifiedOn)) changed.set(w.id, { written: w.modifiedOn, now });
  }
  return changed;
}

/**
 * Apply each zone's operations, then re-read the zone and plan again: a converged zone has an
 * empty residual plan. With `lock`, each zone's writes run under the zone's apply lock. With
 * batches, the lock is deleted inside the last batch, alone in its step after every other call
 * was acknowledged (one request fewer; the lock is held until the last write is in); the check
 * then reads the zone after the release. Another apply that starts in between shows in that read
 * by its own lock record: a non-empty residual is then reported as a check that could not tell
 * the two runs apart, not as a failure to converge. Without batches (or when the last call cannot
 * carry it) the check runs under the lock, and the lock is released at the end whatever
 * happened. Zones are independent: one whose lock, plan or writes fail gets its outcome and the
 * next zones are still applied; an interrupt (`shouldStop`) stops before the next zone.
 */
export async function applyZoneRuns(
  client: CloudflareClient,
  runs: readonly ZoneRun[],
  options: ApplyOptions,
): Promise<ZoneApplyOutcome[]> {
  const outcomes: ZoneApplyOutcome[] = [];
  const startedAt = Date.now();
  for (const shown of runs) {
    if (shown.plan.operations.length === 0) continue;
    if (options.shouldStop?.()) break;
    let lock: HeldZoneLock | undefined = options.heldLocks?.get(shown.config.zone);
    const plannedUnderLock = lock !== undefined;
    try {
      if (lock !== undefined) {
        options.lock?.onHeld?.(lock);
      } else if (options.lock) {
        const l = options.lock;
        lock = await acquireZoneLock(client, {
          zone: shown.config.zone,
          zoneId: shown.zoneId,
          waitMs: l.waitMs,
          ...(l.onWait ? { onWait: l.onWait } : {}),
          ...(l.onLost ? { onLost: l.onLost } : {}),
        });
        l.onHeld?.(lock);
      }
      let run = shown;
      try {
        run = options.underLock && !plannedUnderLock ? await options.underLock(shown) : shown;
      } catch (error) {
        outcomes.push(refused(shown, error instanceof Error ? error : new InternalError(String(error))));
        continue;
      }
      if (run.plan.operations.length === 0) continue;
      if (options.shouldStop?.()) break;
      options.onZoneStart?.(run);
      const held = lock;
      const result = await executeOperations(client, run.plan.operations, {
        batch: options.batch,
        batchLimit: run.batchLimit,
        concurrency: options.concurrency,
        zoneNames: { [run.zoneId]: run.config.zone },
        startedAt,
        ...(options.shouldStop ? { shouldStop: options.shouldStop } : {}),
        ...(options.onProgress ? { onProgress: (e: ProgressEvent) => options.onProgress?.(run.config.zone, e) } : {}),
        ...(held ? { release: { zoneId: run.zoneId, recordId: held.recordId, onSend: () => held.releasing() } } : {}),
      });
      // Released inside the last batch: nothing left to delete (the check below runs after it).
      if (result.released) held?.forget();
      if (!result.ok) {
        outcomes.push({ run, result });
        continue;
      }
      try {
        const after = await planZoneRun(client, run.config, verifyOptions(run));
        const other = result.released ? after.live.find((r) => isZonectlRecordName(r.name, run.config.zone)) : undefined;
        if (other !== undefined && after.plan.operations.length > 0) {
          throw new OtherApplyError(
            `${run.config.zone}: another apply of this zone took its lock right after this one released it (${other.name.replace(/\.$/, '')}), so the check cannot tell that run's changes from this one's; run plan once it ends`,
          );
        }
        outcomes.push({ run, result, residual: after.plan, changedByOthers: changedSinceWritten(result, after.live) });
      } catch (error) {
        // Keep what was applied (and any new token secret) even when the check cannot run.
        outcomes.push({ run, result, verifyError: error instanceof Error ? error : new InternalError(String(error)) });
      }
    } catch (error) {
      // Taking the lock failed (held too long, or the API refused): nothing was sent for this zone.
      outcomes.push(refused(shown, error instanceof Error ? error : new InternalError(String(error))));
    } finally {
      if (lock) {
        options.lock?.onHeld?.(undefined);
        await lock.release().catch(() => undefined); // a lock left behind expires with its lease
      }
    }
  }
  return outcomes;
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
