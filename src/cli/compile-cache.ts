/**
 * Where the bundle keeps Node's module compile cache, and whether it may keep one at all.
 *
 * Node 22.1 and later can keep the V8 code of the modules a run compiled on disk and read it back
 * on later runs (`module.enableCompileCache`,
 * https://nodejs.org/api/module.html#moduleenablecompilecachecachedir): measured here, `validate`
 * of a 1,400-record zone takes 7 % fewer main-thread instructions with a warm cache and 4 % more
 * on the run that writes it (bench/README.md, part 9). Without a directory, Node puts the cache
 * under the system's temporary directory (`/tmp/node-compile-cache`), which every user of the
 * machine can write into: a cache there could be planted by another user, and V8 code read from it
 * runs as zonectl. So the bundle names a directory only this user can write:
 *
 * - `$XDG_CACHE_HOME/zonectl/compile-cache` (an absolute XDG_CACHE_HOME), else
 *   `$HOME/.cache/zonectl/compile-cache` (no HOME: no cache); made with mode 0700 when missing;
 * - used only when it and its parent (`zonectl/`) are real directories (not links), owned by this
 *   user and closed to group and others (mode & 0o077 = 0), and the directory above them is owned
 *   by this user or root and not writable by group or others: nobody else can have put files
 *   there or swap the directory for another;
 * - never on a platform without user ids (Windows): its modes say nothing about who can write;
 * - off with `ZONECTL_NO_COMPILE_CACHE=1` (and with Node's own `NODE_DISABLE_COMPILE_CACHE=1`); a
 *   `NODE_COMPILE_CACHE` the user set is the user's choice, and Node has used it before this runs.
 *
 * What is read back is still checked by Node and V8 (a hash of the module's source, V8's version
 * and flags): a stale or foreign entry is recompiled, not run. SECURITY.md ("What zonectl
 * guarantees") says what the cache trusts. Nothing here throws: a cache that cannot be set up
 * only costs time.
 */
import { lstatSync, mkdirSync, type Stats } from 'node:fs';
import { dirname, isAbsolute, join } from 'node:path';

/** The variable that turns the cache off (`1`). */
export const NO_COMPILE_CACHE = 'ZONECTL_NO_COMPILE_CACHE';

/** What the choice depends on, passed in so that tests can vary it. */
export interface CompileCacheContext {
  readonly env: NodeJS.ProcessEnv;
  /** This process's user id; undefined where the platform has none (Windows). */
  readonly uid: number | undefined;
  readonly home: string;
}

/**
 * HOME rather than `os.homedir()`: loading `node:os` would cost every run of the entry, `version`'s
 * included (bench/README.md, part 9); without HOME there is no cache.
 */
function currentContext(): CompileCacheContext {
  return { env: process.env, uid: typeof process.getuid === 'function' ? process.getuid() : undefined, home: process.env.HOME ?? '' };
}

function statOf(path: string): Stats | undefined {
  try {
    return lstatSync(path);
  } catch {
    return undefined;
  }
}

/** A real directory owned by `uid`, closed to group and others. */
function isPrivateDirectory(stats: Stats | undefined, uid: number): boolean {
  return stats?.isDirectory() === true && stats.uid === uid && (stats.mode & 0o077) === 0;
}

/** A real directory owned by `uid` or root that neither group nor others can write into. */
function isSafeParent(stats: Stats | undefined, uid: number): boolean {
  return stats?.isDirectory() === true && (stats.uid === uid || stats.uid === 0) && (stats.mode & 0o022) === 0;
}

/**
 * The directory the compile cache may live in (made, mode 0700, when missing), or undefined when
 * there must be none (see the module's comment for the rules).
 */
export function privateCompileCacheDir(context: CompileCacheContext = currentContext()): string | undefined {
  const { env, uid, home } = context;
  if (env[NO_COMPILE_CACHE] === '1' || env.NODE_DISABLE_COMPILE_CACHE === '1') return undefined;
  if (uid === undefined) return undefined;
  const xdg = env.XDG_CACHE_HOME;
  const base = xdg !== undefined && isAbsolute(xdg) ? xdg : isAbsolute(home) ? join(home, '.cache') : undefined;
  if (base === undefined) return undefined;
  const own = join(base, 'zonectl');
  const dir = join(own, 'compile-cache');
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
  } catch {
    return undefined;
  }
  const safe = isSafeParent(statOf(dirname(own)), uid) && isPrivateDirectory(statOf(own), uid) && isPrivateDirectory(statOf(dir), uid);
  return safe ? dir : undefined;
}

/**
 * Turns on Node's module compile cache in the private directory, where this Node has the API
 * (22.1 and later) and the directory passes its checks; does nothing otherwise.
 */
export function enablePrivateCompileCache(enable: ((dir: string) => unknown) | undefined): void {
  if (typeof enable !== 'function') return;
  if (process.env.NODE_COMPILE_CACHE !== undefined && process.env.NODE_COMPILE_CACHE !== '') return;
  const dir = privateCompileCacheDir();
  if (dir === undefined) return;
  try {
    enable(dir);
  } catch {
    // Only costs time.
  }
}
