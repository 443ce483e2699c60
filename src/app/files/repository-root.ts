/**
 * The repository root of a zone file: the nearest directory at or above the file's own that holds
 * `.git` (a directory, or the file of a worktree) or `zonectl.yaml`; without one, the zone
 * file's directory. Includes (`include:`) are confined to it (read-include.ts), and
 * `zonectl.yaml` there is the repository configuration.
 *
 * A file reached through a symlinked directory of the working directory's repository belongs to
 * that repository, whatever lies behind the link: a pull request that commits `zones` as a link
 * to another checkout (which has its own `.git`) must not make that checkout the root, or its
 * files would pass for the repository's own (SECURITY.md).
 */
import { existsSync, lstatSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { isInside } from './confined-read.js';

export const REPOSITORY_MARKERS = ['.git', 'zonectl.yaml'] as const;

export function repositoryRoot(file: string): string {
  const dir = dirname(resolve(file));
  const home = workingRepository();
  if (dir !== home && isInside(home, dir) && linkBetween(home, dir)) return home;
  return repositoryRootOfDir(dir);
}

/** The same for a directory (itself included): where `zonectl init` puts the schema. */
export function repositoryRootOfDir(directory: string): string {
  const start = resolve(directory);
  for (let dir = start; ; dir = dirname(dir)) {
    if (REPOSITORY_MARKERS.some((m) => existsSync(join(dir, m)))) return dir;
    if (dirname(dir) === dir) return start;
  }
}

let working: { readonly cwd: string; readonly root: string } | undefined;

/** The repository of the working directory (asked once per file and include: kept while the directory stays). */
function workingRepository(): string {
  const cwd = process.cwd();
  if (working?.cwd !== cwd) working = { cwd, root: repositoryRootOfDir(cwd) };
  return working.root;
}

/** True when a directory below `top` on the way down to `dir` (itself included) is a symlink. */
function linkBetween(top: string, dir: string): boolean {
  for (let d = dir; d !== top && dirname(d) !== d; d = dirname(d)) {
    try {
      if (lstatSync(d).isSymbolicLink()) return true;
    } catch {
      return false; // missing: the read reports it
    }
  }
  return false;
}

/**
 * Where a command that writes zone files into `outDir` puts the repository's `zonectl.yaml`
 * (import --from, issue 40 item 2): the repository root, so that zone files and fragments beside
 * them (`shared/`, `include: ../shared/mail.yaml`) lie in one repository. That is the nearest
 * directory at or above `outDir` holding `zonectl.yaml` (the one the zone files already read) or
 * `.git`; without either, the working directory when `outDir` lies inside it, else `outDir`
 * itself (where the zone files find it). Never the zone folder unless it is that root.
 */
export function repositoryConfigDir(outDir: string, cwd: string = process.cwd()): string {
  const out = resolve(cwd, outDir);
  let existing = out;
  while (!existsSync(existing) && dirname(existing) !== existing) existing = dirname(existing);
  // As for reads (repositoryRoot): a directory of the working directory's repository reached
  // through a link belongs to that repository, whatever lies behind the link.
  const home = resolve(cwd) === process.cwd() ? workingRepository() : repositoryRootOfDir(cwd);
  if (existing !== home && isInside(home, existing) && linkBetween(home, existing)) return home;
  for (let dir = out; ; dir = dirname(dir)) {
    if (REPOSITORY_MARKERS.some((m) => existsSync(join(dir, m)))) return dir;
    if (dirname(dir) === dir) break;
  }
  const here = resolve(cwd);
  return isInside(here, out) ? here : out;
}
