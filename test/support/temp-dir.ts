/**
 * The one way tests make a temporary directory: `tempDir('name')` is a fresh
 * `zonectl-name-XXXXXX` under the run's temporary directory (the guard's, test/support/tmp-guard.ts),
 * removed on every path:
 * - made inside a test (or a helper a test calls): when that test finishes, passed, failed or
 *   skipped (`onTestFinished`, which runs after the `afterEach` hooks);
 * - made outside a test (a `describe` body, `beforeAll`, module scope): when the tests of its file
 *   are done (an `afterAll` this module registers when a test file imports it, after the file's
 *   own `afterAll` hooks have stopped whatever wrote there).
 * The guard fails the run when anything is left, so a leak is seen rather than piled up in /tmp.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, onTestFinished } from 'vitest';
import { removeTree } from './remove-tree.js';

const madeOutsideTests = new Set<string>();

afterAll(() => {
  for (const dir of madeOutsideTests) removeTree(dir);
  madeOutsideTests.clear();
});

/** A fresh directory `zonectl-NAME-XXXXXX` under the temporary directory, removed after its test (or file). */
export function tempDir(name: string): string {
  const dir = mkdtempSync(join(tmpdir(), `zonectl-${name}-`));
  if (!removeAfterTest(dir)) madeOutsideTests.add(dir);
  return dir;
}

/** Registers the removal of `dir` with the running test; false when no test is running. */
function removeAfterTest(dir: string): boolean {
  try {
    onTestFinished(() => removeTree(dir));
    return true;
  } catch {
    return false; // not inside a test: removed with its file
  }
}
