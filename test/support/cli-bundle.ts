/**
 * vitest globalSetup (vitest.config.ts, after tmp-guard.ts): the CLI the tests start, built once
 * per run from the sources as they are now, with the build users get (scripts/bundle.mjs, the
 * package's `bin`).
 *
 * Why: a test that starts the CLI through tsx pays for tsx's loader and for Node loading the
 * unbundled module graph one file at a time: about 5.5 s per process against 1.3 s for the bundle
 * on this 2-core machine under load (measured with `validate examples/zone.yaml`), and the e2e,
 * scenario and CI-recipe tests start hundreds of them. The bundle is built from the working tree
 * at the start of every run (about 1 s of CPU), so a test never runs a stale build, and a
 * source that does not bundle fails the run here.
 *
 * The bundle goes to node_modules/.cache (as test/install/bundle.test.ts's does), so that its
 * `createRequire` resolves packages as an installed one does and nothing lands in the run's
 * temporary directory; teardown removes it. `ZONECTL_TEST_CLI` names it to the workers, which
 * inherit the environment (test/support/run-cli.ts); without it (a child vitest with a config
 * of its own) the CLI runs from the sources through tsx.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

export const CLI_BUNDLE_ENV = 'ZONECTL_TEST_CLI';

/** Bundles the sources as they are now into `outDir` (scripts/bundle.mjs empties it first). */
function bundle(outDir: string): void {
  execFileSync(process.execPath, [join(root, 'scripts', 'bundle.mjs'), outDir], { cwd: root, stdio: ['ignore', 'ignore', 'pipe'] });
}

export default function setup(project: TestProject): () => void {
  const cache = join(root, 'node_modules', '.cache');
  mkdirSync(cache, { recursive: true });
  const outDir = mkdtempSync(join(cache, 'zonectl-test-cli-'));
  try {
    bundle(outDir);
  } catch (error) {
    rmSync(outDir, { recursive: true, force: true });
    throw error;
  }
  process.env[CLI_BUNDLE_ENV] = join(outDir, 'zonectl.js');
  // Watch mode: the sources changed since, so the tests that run again get a fresh bundle.
  project.onTestsRerun(() => bundle(outDir));
  return () => {
    delete process.env[CLI_BUNDLE_ENV];
    rmSync(outDir, { recursive: true, force: true });
  };
}
