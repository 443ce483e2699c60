/**
 * A zone's apply lock as a scope: `withZoneLock` takes it (./zone-lock.ts: create, wait, take over
 * a dead holder's), runs the work, and releases it at the end whatever happened. The scope owns
 * the one optimisation of the release: with batches, the lock's delete may ride in the last batch
 * (`inLastBatch`, for executeOperations), and then there is nothing left to delete at the end.
 * `withZoneLock` is the one way apply takes a lock, in either of its two moments: before planning
 * (`--yes` of one zone file, only when the lock is free at once: `{ kind: 'if-free' }`) and before
 * each zone's writes (waiting for it: `{ kind: 'wait', ms }`).
 */
import { CloudflareApiError, type CloudflareClient, type ExecuteOptions } from '../../api/index.js';
import { acquireZoneLock, type HeldZoneLock, ZoneLockBusyError } from './zone-lock.js';

/** The zone whose lock is taken. */
export interface LockTarget {
  readonly zone: string;
  readonly zoneId: string;
}

/** What the scope tells of the lock (the session keeps the lock for a signal handler, the output shows the waiting). */
export type LockEvent =
  | { readonly kind: 'lock-waiting'; readonly zone: string; readonly message: string }
  /** A renewal found the lock gone (another run took it over): the work should send nothing more. */
  | { readonly kind: 'lock-lost'; readonly zone: string; readonly message: string }
  | { readonly kind: 'lock-taken'; readonly zone: string; readonly lock: ZoneLockScope }
  | { readonly kind: 'lock-released'; readonly zone: string };

/** How to take a lock another run holds. */
export type LockWait =
  /** Wait for it up to `ms` (0: not at all); when it cannot be taken, the error is thrown. */
  | { readonly kind: 'wait'; readonly ms: number }
  /** Only when free at once: not taken when another run holds it, or when the service refuses it (403). */
  | { readonly kind: 'if-free' };

export interface LockOptions {
  readonly wait: LockWait;
  readonly emit?: (event: LockEvent) => void;
}

/** Whether the lock was taken (and then what the work gave). */
export type Locked<T> = { readonly taken: true; readonly value: T } | { readonly taken: false };

/** The lock while its scope runs. */
export interface ZoneLockScope {
  readonly zone: string;
  /** True once a renewal found the lock gone: send nothing more under it. */
  readonly lost: boolean;
  /** For executeOperations: delete the lock inside the last batch when that batch can carry it. */
  readonly inLastBatch: NonNullable<ExecuteOptions['release']>;
  /** Releases it now (a signal before any write); the scope's end then has nothing left to do. */
  release(): Promise<void>;
}

function scopeOf(zone: string, zoneId: string, held: HeldZoneLock): ZoneLockScope {
  return {
    zone,
    get lost() {
      return held.lost;
    },
    inLastBatch: {
      zoneId,
      recordId: held.recordId,
      // From now on a renewal that finds the record gone is this release, not a takeover.
      onSend: () => held.releasing(),
      // Released inside the batch: nothing left to delete.
      onReleased: () => held.forget(),
    },
    release: () => held.release(),
  };
}

async function inScope<T>(
  target: LockTarget,
  held: HeldZoneLock,
  options: LockOptions,
  work: (lock: ZoneLockScope) => Promise<T>,
): Promise<T> {
  const lock = scopeOf(target.zone, target.zoneId, held);
  options.emit?.({ kind: 'lock-taken', zone: target.zone, lock });
  try {
    return await work(lock);
  } finally {
    options.emit?.({ kind: 'lock-released', zone: target.zone });
    await held.release().catch(() => undefined); // a lock left behind expires with its lease
  }
}

function acquire(client: CloudflareClient, target: LockTarget, waitMs: number, emit: LockOptions['emit']): Promise<HeldZoneLock> {
  return acquireZoneLock(client, {
    zone: target.zone,
    zoneId: target.zoneId,
    waitMs,
    ...(emit ? { onWait: (message: string) => emit({ kind: 'lock-waiting', zone: target.zone, message }) } : {}),
    ...(emit ? { onLost: (message: string) => emit({ kind: 'lock-lost', zone: target.zone, message }) } : {}),
  });
}

/**
 * Runs `work` under the zone's apply lock, taken as `options.wait` says: waiting for it (a lock
 * that cannot be taken throws), or only when it is free at once (`{ taken: false }` when another
 * run holds it, or when the service refuses it: 403, the credential may not write records, and
 * the caller's permission check then says what is missing).
 */
export async function withZoneLock<T>(
  client: CloudflareClient,
  target: LockTarget,
  options: LockOptions,
  work: (lock: ZoneLockScope) => Promise<T>,
): Promise<Locked<T>> {
  let held: HeldZoneLock;
  try {
    held = await acquire(client, target, options.wait.kind === 'wait' ? options.wait.ms : 0, options.emit);
  } catch (error) {
    const notFree = error instanceof ZoneLockBusyError || (error instanceof CloudflareApiError && error.status === 403);
    if (options.wait.kind === 'if-free' && notFree) return { taken: false };
    throw error;
  }
  return { taken: true, value: await inScope(target, held, options, work) };
}
