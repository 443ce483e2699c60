/**
 * Writing a file a command makes (import's zone files and zonectl.yaml, the repository's schema),
 * confined to the repository as reads are (confined-read.ts; issue 39 item 8). A pull request can
 * commit `zones`, `.zonectl` or `zonectl.yaml` as links out of the repository; a write through
 * them would land in the user's home. So, before anything is written:
 *
 * - the path lies inside the root as written, and no component of it is a version control
 *   directory;
 * - the part of it that exists (its nearest existing directory) is inside the root once links
 *   are followed: a linked directory leading out is refused (the missing rest is made inside);
 * - nothing is at the file's own place but a regular file: a link there is refused, neither
 *   written through nor replaced (as `export --all` does, export-paths.ts).
 *
 * A root that does not exist yet (`--out` into a new directory, no repository around it) is
 * taken where its nearest existing directory really is.
 */
import { existsSync, lstatSync, realpathSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { isInside, vcsComponent } from './confined-read.js';

export type WriteConfined = { readonly ok: true } | { readonly ok: false; readonly message: string };

/** A link whose target does not exist, on the way to a path: where it leads cannot be checked. */
class DanglingLink extends Error {}

/** Where `path` really is: its nearest existing ancestor with links followed, then the missing rest as written. */
function realLocation(path: string): string {
  const missing: string[] = [];
  let at = resolve(path);
  while (!existsSync(at) && dirname(at) !== at) {
    let link = false;
    try {
      link = lstatSync(at).isSymbolicLink();
    } catch {
      // really missing
    }
    if (link) throw new DanglingLink(at);
    missing.unshift(basename(at));
    at = dirname(at);
  }
  return join(realpathSync(at), ...missing);
}

export function confineWrite(root: string, path: string): WriteConfined {
  if (path.includes('\u0000')) return { ok: false, message: 'a path cannot hold a NUL character' };
  const absoluteRoot = resolve(root);
  const target = resolve(path);
  if (!isInside(absoluteRoot, target))
    return {
      ok: false,
      message: `the path leads outside the repository (root ${absoluteRoot}, the nearest directory with .git or zonectl.yaml)`,
    };
  if (vcsComponent(absoluteRoot, target) !== undefined)
    return { ok: false, message: 'the path leads into a version control directory: zonectl never writes there' };
  try {
    if (lstatSync(target).isSymbolicLink()) return { ok: false, message: 'is a symlink; zonectl does not write through or replace one' };
  } catch {
    // nothing there yet
  }
  let realRoot: string;
  let realParent: string;
  try {
    realRoot = realLocation(absoluteRoot);
    realParent = realLocation(dirname(target));
  } catch (error) {
    if (error instanceof DanglingLink)
      return { ok: false, message: 'a symlink on the way leads nowhere; zonectl does not write through one' };
    return { ok: false, message: `cannot be checked (${(error as NodeJS.ErrnoException).code ?? String(error)})` };
  }
  if (!isInside(realRoot, realParent)) return { ok: false, message: `a symlink leads outside the repository (root ${absoluteRoot})` };
  if (vcsComponent(realRoot, realParent) !== undefined)
    return { ok: false, message: 'a symlink leads into a version control directory: zonectl never writes there' };
  return { ok: true };
}
