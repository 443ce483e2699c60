/**
 * The apply lock: concurrent applies to one zone are serialized by a lease that the service
 * itself arbitrates (the record form is in src/core/lock/lock-record.ts; docs/architecture.md,
 * "Concurrent applies").
 *
 * - Take: POST the lock CNAME. The service allows one CNAME per name, so of two creators one is
 *   refused. A refused creator reads the lock and either takes it over (its owner is a dead
 *   process on this host, or its lease has expired: delete that record by id, then try again;
 *   of several takers only one create can succeed) or waits, polling, up to a bound, saying whose
 *   lock it is and how old.
 * - Hold: the lease is renewed (PATCH of the target with a later expiry) while the run lives. A
 *   renewal that finds the record gone marks the lock lost.
 * - Release: DELETE by id (a 404 means it is already gone). `forceUnlock` removes any lock.
 */
import { hostname } from 'node:os';
import { createHash, randomBytes } from 'node:crypto';
import { readFileSync, readlinkSync } from 'node:fs';
import { type CloudflareClient, CloudflareApiError, OutcomeUnknownError, checkApiId } from '../../api/index.js';
import { ZonectlError } from '../../core/errors.js';
import {
  decodeLockTarget,
  describeLockOwner,
  encodeLockTarget,
  lockRecordName,
  toLabel,
  type LockOwner,
} from '../../core/lock/lock-record.js';

export const DEFAULT_LOCK_WAIT_MS = 10 * 60_000;
export const DEFAULT_LEASE_SECONDS = 120;

/** Something other than zonectl's lock CNAME occupies `_zonectl-lock.<zone>`: waiting cannot help. */
export class ZoneLockConflictError extends ZonectlError {
  constructor(message: string) {
    super('ZONE_LOCK_CONFLICT', message);
  }
}

/** The lock is held by another run and did not come free in time. */
export class ZoneLockBusyError extends ZonectlError {
  constructor(message: string) {
    super('ZONE_LOCKED', message);
  }
}

/** Who this run is, for the lock's target. */
export interface LockIdentity {
  readonly host: string;
  readonly pid: number;
  readonly runId: string;
  /** Proof of this machine and pid namespace (see machineProof); undefined where it cannot be read. */
  readonly machine?: string;
}

/**
 * 24 hex characters of sha256(boot id, pid namespace inode): equal only for two processes of
 * one running kernel in one pid namespace, where a pid means the same process. Undefined when
 * /proc does not offer both (not Linux): such a lock is then only ever taken over by lease expiry.
 */
export function machineProof(): string | undefined {
  try {
    const boot = readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
    const pidns = readlinkSync('/proc/self/ns/pid'); // e.g. `pid:[4026531836]`
    if (!/^[0-9a-f-]{32,36}$/i.test(boot) || !/^pid:\[\d+\]$/.test(pidns)) return undefined;
    return createHash('sha256').update(`${boot.toLowerCase()}\n${pidns}`).digest('hex').slice(0, 24);
  } catch {
    return undefined;
  }
}

/** This process: host name, pid, machine proof, and the CI run id when there is one (else a random id). */
export function currentLockIdentity(env: Readonly<Record<string, string | undefined>> = process.env): LockIdentity {
  const ci = env.ZONECTL_RUN_ID ?? env.GITHUB_RUN_ID ?? env.CI_JOB_ID ?? env.BUILD_ID;
  const machine = machineProof();
  const id = { host: toLabel(hostname()), pid: process.pid, runId: toLabel(ci ?? randomBytes(4).toString('hex')) };
  return machine === undefined ? id : { ...id, machine };
}

export interface ZoneLockOptions {
  readonly zone: string;
  readonly zoneId: string;
  readonly identity?: LockIdentity;
  readonly leaseSeconds?: number;
  /** How long to wait for a lock held by a live run (default 10 minutes; 0: do not wait). */
  readonly waitMs?: number;
  readonly pollMs?: number;
  /** Renew every this many ms (default a third of the lease). */
  readonly renewEveryMs?: number;
  readonly now?: () => number;
  readonly sleep?: (ms: number) => Promise<void>;
  readonly isProcessAlive?: (pid: number) => boolean;
  /** Called when the run starts waiting and then every 30 s: whose lock, and its age in seconds. */
  readonly onWait?: (message: string) => void;
  /** Called once if a renewal finds the lock gone (another run took it over). */
  readonly onLost?: (message: string) => void;
}

export interface HeldZoneLock {
  readonly recordId: string;
  readonly owner: LockOwner;
  /** True once a renewal found the record gone. */
  readonly lost: boolean;
  /** Stops renewing and deletes the lock (a 404 counts as released). */
  release(): Promise<void>;
  /** Stops renewing without deleting (the caller released it inside a batch). */
  forget(): void;
  /**
   * The lock's deletion is being sent inside a batch: a renewal that finds the record gone from
   * now on is the release, not a takeover.
   */
  releasing(): void;
}

interface LockRow {
  readonly id: string;
  readonly content: string;
  readonly created_on?: string;
}

/** true when a process with that pid exists on this host (EPERM: it exists, not ours). */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function readLock(client: CloudflareClient, zoneId: string, name: string): Promise<LockRow | undefined> {
  const res = await client.request<LockRow[]>('GET', `/zones/${zoneId}/dns_records`, { query: { type: 'CNAME', name, per_page: 5 } });
  const row = res.result.find((r) => typeof r.content === 'string');
  if (row !== undefined) checkApiId(row.id, `the apply lock record ${name}`);
  return row;
}

/** Any record at the lock's name that is not a CNAME (an A or TXT someone put there). */
async function readOtherRecord(client: CloudflareClient, zoneId: string, name: string): Promise<{ id: string; type: string } | undefined> {
  const res = await client.request<Array<{ id: string; type: string }>>('GET', `/zones/${zoneId}/dns_records`, {
    query: { name, per_page: 5 },
  });
  return res.result.find((r) => r.type !== 'CNAME');
}

async function deleteById(client: CloudflareClient, zoneId: string, id: string): Promise<void> {
  try {
    await client.request('DELETE', `/zones/${zoneId}/dns_records/${id}`);
  } catch (err) {
    if (err instanceof CloudflareApiError && err.status === 404) return;
    throw err;
  }
}

const defaultSleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Why a held lock may be taken over now, or undefined when its owner may still be working. */
function staleReason(owner: LockOwner | undefined, me: LockIdentity, nowMs: number, alive: (pid: number) => boolean): string | undefined {
  if (owner === undefined) return undefined;
  if (owner.expiresAt * 1000 < nowMs) return `its lease expired ${Math.round(nowMs / 1000 - owner.expiresAt)} s ago`;
  // A dead pid proves the owner gone only in the same kernel boot and pid namespace: the host
  // name alone is shared by containers (host networking, pods) that cannot see each other's pids.
  const sameMachine = owner.machine !== undefined && owner.machine === me.machine && owner.host === me.host;
  if (sameMachine && owner.pid !== me.pid && !alive(owner.pid)) return `its process ${owner.pid} on this host is gone`;
  return undefined;
}

function ageOf(row: LockRow, nowMs: number): string {
  const created = row.created_on === undefined ? NaN : Date.parse(row.created_on);
  return Number.isFinite(created) ? `${Math.max(0, Math.round((nowMs - created) / 1000))} s old` : 'of unknown age';
}

/** Takes the zone's apply lock, waiting for a live holder up to `waitMs`. */
export async function acquireZoneLock(client: CloudflareClient, options: ZoneLockOptions): Promise<HeldZoneLock> {
  const me = options.identity ?? currentLockIdentity();
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? defaultSleep;
  const alive = options.isProcessAlive ?? processAlive;
  const lease = options.leaseSeconds ?? DEFAULT_LEASE_SECONDS;
  const waitMs = options.waitMs ?? DEFAULT_LOCK_WAIT_MS;
  const pollMs = options.pollMs ?? 2_000;
  const name = lockRecordName(options.zone);
  const started = now();
  let lastNotice = -Infinity;

  for (;;) {
    const owner: LockOwner = { ...me, expiresAt: Math.floor(now() / 1000) + lease };
    const target = encodeLockTarget(owner);
    const created = await tryCreate(client, options.zoneId, name, target);
    if (created !== undefined) return holdLock(client, options, name, created, owner);

    const row = await readLock(client, options.zoneId, name);
    if (row === undefined) {
      // Released between our create and our read, or the name holds a record that is no lock.
      const squatter = await readOtherRecord(client, options.zoneId, name);
      if (squatter !== undefined) {
        throw new ZoneLockConflictError(
          `cannot take the apply lock of ${options.zone}: ${name} holds a record of type ${toLabel(squatter.type, 10).toUpperCase()} (id ${toLabel(squatter.id, 32)}) that zonectl did not write, ` +
            `so the lock CNAME cannot be created there. Remove that record (zonectl keeps ${name} for its lock).`,
        );
      }
      if (now() - started >= waitMs) {
        throw new ZoneLockBusyError(
          `the apply lock of ${options.zone} (${name}) could not be created and no lock was found; gave up after ${Math.round((now() - started) / 1000)} s.`,
        );
      }
      await sleep(Math.min(pollMs, Math.max(1, waitMs - (now() - started))));
      continue;
    }
    const held = decodeLockTarget(row.content);
    const stale = staleReason(held, me, now(), alive);
    if (stale !== undefined) {
      options.onWait?.(`zonectl: taking over the apply lock of ${options.zone} (${describeLockOwner(held as LockOwner)}): ${stale}`);
      await deleteById(client, options.zoneId, row.id);
      continue;
    }
    const who = held ? describeLockOwner(held) : `a record zonectl did not write (target ${row.content})`;
    const waited = now() - started;
    if (waited >= waitMs) {
      throw new ZoneLockBusyError(
        `the apply lock of ${options.zone} (${name}) is held by ${who}, ${ageOf(row, now())}; waited ${Math.round(waited / 1000)} s. ` +
          'Another apply is running (use a CI concurrency group), or remove a stale lock with --force-unlock.',
      );
    }
    if (now() - lastNotice >= 30_000) {
      lastNotice = now();
      options.onWait?.(`zonectl: waiting for the apply lock of ${options.zone}: held by ${who}, ${ageOf(row, now())}`);
    }
    await sleep(Math.min(pollMs, Math.max(1, waitMs - waited)));
  }
}

/** The id of the lock record we created, or undefined when the service refused (held). */
async function tryCreate(client: CloudflareClient, zoneId: string, name: string, target: string): Promise<string | undefined> {
  const body = {
    type: 'CNAME',
    name,
    content: target,
    ttl: 60,
    proxied: false,
    comment: 'zonectl apply lock: removed when the apply ends',
  };
  try {
    const res = await client.request<{ id: string }>('POST', `/zones/${zoneId}/dns_records`, { body });
    return checkApiId(res.result.id, `the apply lock record ${name} just created`);
  } catch (err) {
    if (err instanceof OutcomeUnknownError) {
      // The create may have happened: the lock is ours only if it carries our own target.
      const row = await readLock(client, zoneId, name);
      return row !== undefined && row.content.toLowerCase() === target ? row.id : undefined;
    }
    if (err instanceof CloudflareApiError && err.status === 400) return undefined;
    throw err;
  }
}

function holdLock(client: CloudflareClient, options: ZoneLockOptions, name: string, recordId: string, first: LockOwner): HeldZoneLock {
  const now = options.now ?? Date.now;
  const lease = options.leaseSeconds ?? DEFAULT_LEASE_SECONDS;
  let owner = first;
  let lost = false;
  let released = false;
  let deleting = false;
  let renewing: Promise<void> = Promise.resolve();
  const renew = async (): Promise<void> => {
    const next: LockOwner = { ...owner, expiresAt: Math.floor(now() / 1000) + lease };
    try {
      await client.request('PATCH', `/zones/${options.zoneId}/dns_records/${recordId}`, { body: { content: encodeLockTarget(next) } });
      owner = next;
    } catch (err) {
      if (err instanceof CloudflareApiError && err.status === 404 && !lost && !deleting) {
        lost = true;
        options.onLost?.(`zonectl: the apply lock of ${options.zone} (${name}) was taken over by another run`);
      }
      // Other failures: the next renewal tries again; the lease still has two thirds left.
    }
  };
  const timer = setInterval(
    () => {
      renewing = renewing.then(renew);
    },
    options.renewEveryMs ?? Math.max(1_000, (lease * 1000) / 3),
  );
  timer.unref();
  return {
    recordId,
    get owner() {
      return owner;
    },
    get lost() {
      return lost;
    },
    async release() {
      clearInterval(timer);
      if (released) return;
      released = true;
      await renewing;
      await deleteById(client, options.zoneId, recordId);
    },
    forget() {
      clearInterval(timer);
      released = true;
    },
    releasing() {
      deleting = true;
    },
  };
}

/** Removes the zone's apply lock whoever holds it. Returns the owner it removed, if any. */
export async function forceUnlock(client: CloudflareClient, zone: string, zoneId: string): Promise<string | undefined> {
  const row = await readLock(client, zoneId, lockRecordName(zone));
  if (row === undefined) return undefined;
  await deleteById(client, zoneId, row.id);
  const owner = decodeLockTarget(row.content);
  return owner ? describeLockOwner(owner) : row.content;
}
