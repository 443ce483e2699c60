/**
 * vitest globalSetup (vitest.config.ts): the run gets a temporary directory of its own, and fails
 * when anything is left in it.
 *
 * - Setup, in vitest's main process before any worker starts: a fresh `zonectl-test-run-XXXXXX`
 *   under the machine's temporary directory becomes TMPDIR. Workers inherit it, `os.tmpdir()`
 *   reads TMPDIR on every call, and `startProcess` (test/support/run-process.ts) hands it to every
 *   child, so the CLI, the emulator, git, npm and Chromium write their temporary files there too.
 * - Teardown, after every worker has ended: whatever is still in it, except the compile cache of
 *   tsx (kept there by design, below), is listed and the run fails with that list; then the
 *   directory is removed either way. A test removes what it made with `tempDir`
 *   (test/support/temp-dir.ts) and waits for the processes it started to end before its
 *   directory goes (test/README.md, "Temporary files").
 */
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { removeTree } from './remove-tree.js';

/** What may stay: tsx keeps compiled sources in `TMPDIR/tsx-<uid>` for the next process (tsx's cache, not a test's leftover). */
const KEPT_BY_DESIGN = /^tsx-\d+$/;

/** The entries left in `dir`, each with what it holds (up to a few names), for the failure message. */
export function leftovers(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((e) => !KEPT_BY_DESIGN.test(e.name))
    .map((e) => {
      if (!e.isDirectory()) return e.name;
      let inside: string[] = [];
      try {
        inside = readdirSync(join(dir, e.name));
      } catch {
        // unreadable: named without its content
      }
      const shown = inside.slice(0, 5).join(', ');
      return `${e.name}/ (${inside.length === 0 ? 'empty' : `${shown}${inside.length > 5 ? `, ... ${inside.length} entries` : ''}`})`;
    })
    .sort();
}

export default function setup(): () => void {
  const outer = process.env.TMPDIR;
  const runDir = mkdtempSync(join(tmpdir(), 'zonectl-test-run-'));
  process.env.TMPDIR = runDir;
  return () => {
    const left = leftovers(runDir);
    if (outer === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = outer;
    removeTree(runDir);
    if (left.length > 0) {
      // vitest prints an error thrown here with a stack but keeps its exit code: the run fails through exitCode.
      process.exitCode = 1;
      console.error(
        `\nFAIL temporary files: the tests left ${left.length} entr${left.length === 1 ? 'y' : 'ies'} in their temporary directory ${runDir} (removed now; test/README.md, "Temporary files"):\n  ${left.join('\n  ')}\n`,
      );
    }
  };
}
