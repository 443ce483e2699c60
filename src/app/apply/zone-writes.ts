import { type CloudflareClient, type ExecuteResult, type ProgressEvent, executeOperations } from '../../api/index.js';
import { InternalError, ZonectlError } from '../../core/errors.js';
import type { LiveRecord } from '../../core/model/record.js';
import { isZonectlRecordName } from '../../core/lock/lock-record.js';
import type { ZoneConfig } from '../../core/zonefile/index.js';
import { planZoneRun, type PlanZoneRunOptions, type ZoneRun } from '../engine/index.js';
import type { ZoneWriteEvent } from './events.js';
import { type LockOptions, withZoneLock, type ZoneLockScope } from './lock-scope.js';
import { type Recheck, recheckUnderLock } from './replan-under-lock.js';
import { refused, type ZoneApplyOutcome } from './zone-outcome.js';

export interface ApplyOptions {
  readonly batch: boolean;
  readonly concurrency: number;
  /** Take each zone's apply lock before writing, waiting for it up to `waitMs`; absent: no lock (library use). */
  readonly lock?: { readonly waitMs: number };
  /** What happens, in order: locks, plans made again, each zone's writes and their progress. */
  readonly emit?: (event: ZoneWriteEvent) => void;
  /** Once aborted (SIGINT, SIGTERM): send nothing more; see ExecuteOptions.shouldStop. */
  readonly stop?: AbortSignal;
  /** Under the lock, before any write: how the plan is checked again (./replan-under-lock.ts); absent: not at all. */
  readonly recheck?: Recheck;
  /**
   * A lock taken before planning (the early lock, ./lock-first.ts): its zone was planned under it,
   * so it is neither locked nor checked again, and the lock's own scope releases it.
   */
  readonly held?: ZoneLockScope;
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
 * empty residual plan. With `lock`, each zone's writes run in the zone's lock scope
 * (./lock-scope.ts). With batches, the lock is deleted inside the last batch, alone in its step
 * after every other call was acknowledged (one request fewer; the lock is held until the last
 * write is in); the check then reads the zone after the release. Another apply that starts in
 * between shows in that read by its own lock record: a non-empty residual is then reported as a
 * check that could not tell the two runs apart, not as a failure to converge. Without batches (or
 * when the last call cannot carry it) the check runs under the lock, and the lock is released at
 * the end whatever happened. Zones are independent: one whose lock, plan or writes fail gets its
 * outcome and the next zones are still applied; an interrupt (`stop`) stops before the next zone.
 */
export async function applyZoneRuns(
  client: CloudflareClient,
  runs: readonly ZoneRun[],
  options: ApplyOptions,
): Promise<ZoneApplyOutcome[]> {
  const outcomes: ZoneApplyOutcome[] = [];
  const startedAt = Date.now();
  const emit = options.emit ?? (() => undefined);
  const stopped = (): boolean => options.stop?.aborted === true;
  for (const shown of runs) {
    if (shown.plan.operations.length === 0) continue;
    if (stopped()) break;
    // One zone's step: planned again under its lock, written, checked; `undefined` when it stops the run.
    const step = async (lock: ZoneLockScope | undefined, plannedUnderLock: boolean): Promise<'stop' | undefined> => {
      try {
        let run = shown;
        try {
          run = plannedUnderLock ? shown : await recheckUnderLock(client, shown, options.recheck, emit);
        } catch (error) {
          outcomes.push(refused(shown, error instanceof Error ? error : new InternalError(String(error))));
          return undefined;
        }
        if (run.plan.operations.length === 0) return undefined;
        if (stopped() || lock?.lost === true) return 'stop';
        emit({ kind: 'zone-writing', run });
        outcomes.push(await writeZone(client, run, lock, { ...options, emit, startedAt, stopped }));
        return undefined;
      } finally {
        if (lock !== undefined) emit({ kind: 'zone-done', zone: shown.config.zone });
      }
    };
    const held = options.held?.zone === shown.config.zone ? options.held : undefined;
    let next: 'stop' | undefined;
    try {
      next =
        held !== undefined
          ? await step(held, true)
          : options.lock !== undefined
            ? await lockedStep(client, shown, { wait: { kind: 'wait', ms: options.lock.waitMs }, emit }, (lock) => step(lock, false))
            : await step(undefined, false);
    } catch (error) {
      // Taking the lock failed (held too long, or the API refused): nothing was sent for this zone.
      outcomes.push(refused(shown, error instanceof Error ? error : new InternalError(String(error))));
    }
    if (next === 'stop') break;
  }
  return outcomes;
}

/** A zone's step under its lock, waited for: a lock that cannot be taken throws (the zone is refused). */
async function lockedStep<T>(
  client: CloudflareClient,
  run: ZoneRun,
  options: LockOptions,
  step: (lock: ZoneLockScope) => Promise<T>,
): Promise<T | undefined> {
  const locked = await withZoneLock(client, { zone: run.config.zone, zoneId: run.zoneId }, options, step);
  return locked.taken ? locked.value : undefined;
}

/** A zone's writes (under its lock, if any), then the check afterwards. */
async function writeZone(
  client: CloudflareClient,
  run: ZoneRun,
  lock: ZoneLockScope | undefined,
  options: ApplyOptions & { readonly emit: (event: ZoneWriteEvent) => void; readonly startedAt: number; readonly stopped: () => boolean },
): Promise<ZoneApplyOutcome> {
  const result = await executeOperations(client, run.plan.operations, {
    batch: options.batch,
    batchLimit: run.batchLimit,
    concurrency: options.concurrency,
    zoneNames: { [run.zoneId]: run.config.zone },
    startedAt: options.startedAt,
    // A lock taken over by another run: send nothing more under it.
    shouldStop: () => options.stopped() || lock?.lost === true,
    onProgress: (event: ProgressEvent) => options.emit({ kind: 'progress', zone: run.config.zone, event }),
    ...(lock !== undefined ? { release: lock.inLastBatch } : {}),
  });
  if (!result.ok) return { run, result };
  try {
    const after = await planZoneRun(client, run.config, verifyOptions(run));
    const other = result.released ? after.live.find((r) => isZonectlRecordName(r.name, run.config.zone)) : undefined;
    if (other !== undefined && after.plan.operations.length > 0) {
      throw new OtherApplyError(
        `${run.config.zone}: another apply of this zone took its lock right after this one released it (${other.name.replace(/\.$/, '')}), so the check cannot tell that run's changes from this one's; run plan once it ends`,
      );
    }
    return { run, result, residual: after.plan, changedByOthers: changedSinceWritten(result, after.live) };
  } catch (error) {
    // Keep what was applied (and any new token secret) even when the check cannot run.
    return { run, result, verifyError: error instanceof Error ? error : new InternalError(String(error)) };
  }
}
