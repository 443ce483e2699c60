/**
 * One emulator per `--state FILE`: FILE.lock names the process that has the state open. Two
 * emulators on one state would each see only their own writes, and a compaction by one would
 * cut the other's journal.
 *
 * - Taking it: the lock's content (pid, host name, a random nonce) is written to a file of a
 *   random name, which is then hard-linked as FILE.lock. link(2) fails when FILE.lock exists, so
 *   exactly one opener wins, and FILE.lock is never seen half-written.
 * - A lock left by a process that is gone (killed with SIGKILL, a crash) is stale: when it names
 *   this host and its pid is not alive here, it is moved aside (rename to a random name), checked
 *   to be the very lock that was read (the nonce), removed, and taking is tried again. Had
 *   another opener taken the lock in between, what was moved is put back (link, which never
 *   replaces) and the state is refused. A lock of another host is never taken over: its
 *   process cannot be checked from here.
 * - Released when the emulator closes.
 */
import { randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import { hostname } from 'node:os';
import { basename, dirname, join } from 'node:path';

/** Another emulator (alive, or on another host) has the state open. */
export class StateLockedError extends Error {
  readonly code = 'STATE_LOCKED';
}

interface LockOwner {
  pid: number;
  host: string;
  nonce: string;
}

export interface StateLock {
  readonly path: string;
  release(): Promise<void>;
}

function lockPathOf(statePath: string): string {
  return `${statePath}.lock`;
}

function randomSibling(path: string, what: string): string {
  return join(dirname(path), `.${basename(path)}.${what}.${randomBytes(8).toString('hex')}`);
}

function parseOwner(text: string): LockOwner | undefined {
  try {
    const v = JSON.parse(text) as Partial<LockOwner>;
    if (typeof v.pid === 'number' && typeof v.host === 'string' && typeof v.nonce === 'string') return v as LockOwner;
  } catch {
    // not a lock this code wrote
  }
  return undefined;
}

async function readOwner(path: string): Promise<{ text: string; owner: LockOwner | undefined } | undefined> {
  try {
    const text = await fs.readFile(path, 'utf8');
    return { text, owner: parseOwner(text) };
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM'; // exists, owned by another user
  }
}

/** Links `content` into place at `path`; false when `path` already exists. */
async function linkNew(path: string, content: string): Promise<boolean> {
  const tmp = randomSibling(path, 'new');
  await fs.writeFile(tmp, content, { flag: 'wx', mode: 0o644 });
  try {
    await fs.link(tmp, path);
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw err;
  } finally {
    await fs.rm(tmp, { force: true });
  }
}

/** Moves a stale lock (exactly the one whose text was read) out of the way; false when it was not that one any more. */
async function removeStale(path: string, staleText: string): Promise<boolean> {
  const aside = randomSibling(path, 'stale');
  try {
    await fs.rename(path, aside);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return true; // someone else removed it: try again
    throw err;
  }
  const moved = await fs.readFile(aside, 'utf8');
  if (moved === staleText) {
    await fs.rm(aside, { force: true });
    return true;
  }
  // Another opener's fresh lock was moved: put it back (never over a newer one) and give up.
  await fs.link(aside, path).catch(() => undefined);
  await fs.rm(aside, { force: true });
  return false;
}

function refusal(statePath: string, lockPath: string, owner: LockOwner | undefined): StateLockedError {
  const who =
    owner === undefined
      ? 'an unreadable lock'
      : owner.host === hostname()
        ? `process ${owner.pid}`
        : `process ${owner.pid} on host ${owner.host}`;
  const after =
    owner !== undefined && owner.host !== hostname()
      ? `; if that emulator is gone, remove ${lockPath}`
      : owner === undefined
        ? `; remove ${lockPath} if no emulator uses this state`
        : '';
  return new StateLockedError(
    `--state ${statePath} is in use by another emulator (${who}, see ${lockPath}); two emulators on one state would each miss the other's writes${after}`,
  );
}

/** Takes the lock of `statePath` or throws StateLockedError. */
export async function lockState(statePath: string): Promise<StateLock> {
  const lockPath = lockPathOf(statePath);
  const mine = JSON.stringify({ pid: process.pid, host: hostname(), nonce: randomBytes(16).toString('hex') } satisfies LockOwner);
  for (let tries = 0; tries < 5; tries++) {
    if (await linkNew(lockPath, `${mine}\n`)) {
      return {
        path: lockPath,
        release: async () => {
          const current = await readOwner(lockPath);
          if (current?.text === `${mine}\n`) await fs.rm(lockPath, { force: true });
        },
      };
    }
    const held = await readOwner(lockPath);
    if (held === undefined) continue; // released meanwhile
    const { owner } = held;
    const stale = owner !== undefined && owner.host === hostname() && owner.pid !== process.pid && !isAlive(owner.pid);
    if (!stale || !(await removeStale(lockPath, held.text))) throw refusal(statePath, lockPath, owner);
  }
  throw refusal(statePath, lockPath, (await readOwner(lockPath))?.owner);
}
