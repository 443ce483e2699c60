/** Removing a temporary tree, also one a test made unreadable (kept apart from temp-dir.ts: the guard imports it outside any test). */
import { chmodSync, lstatSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Removes `dir` and everything in it, also what a test made unreadable (a directory of mode 000
 * that proves a refusal): its modes are restored first, since a non-root user cannot list it.
 */
export function removeTree(dir: string): void {
  try {
    rmSync(dir, { recursive: true, force: true });
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code !== 'EACCES' && code !== 'EPERM') throw err;
    restoreModes(dir);
    rmSync(dir, { recursive: true, force: true });
  }
}

function restoreModes(path: string): void {
  let isDir: boolean;
  try {
    isDir = lstatSync(path).isDirectory();
  } catch {
    return; // gone
  }
  if (!isDir) return;
  chmodSync(path, 0o700);
  for (const name of readdirSync(path)) restoreModes(join(path, name));
}
