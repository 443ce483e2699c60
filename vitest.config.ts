import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
    exclude: ['dist/**', 'node_modules/**'],
    // A bound on a hang, never a measure of speed: tests wait for observable states, and many
    // start CLI processes (through tsx) that take seconds each on a busy 2-core machine. A test
    // that fails only because the machine is slow says nothing about the code (test/README.md).
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // One test file per core. vitest's default is one less than the cores (a single worker on CI's
    // 2-core machine), but most of a file's time here is spent waiting on processes it started (the
    // CLI, git, npm, the shells): one worker left the second core mostly idle. Files do not share
    // state (each has its own emulator on port 0 and its own tempDir), so two run side by side.
    maxWorkers: Math.max(2, availableParallelism()),
    // The run's own TMPDIR, which must be empty at the end: a test that leaves a temporary file
    // fails the run (test/support/tmp-guard.ts, test/README.md "Temporary files").
    // Then the CLI the tests start, bundled once per run from the sources (test/support/cli-bundle.ts).
    globalSetup: ['test/support/tmp-guard.ts', 'test/support/cli-bundle.ts'],
    // One fast-check seed for every property (test/support/fast-check-seed.ts): a run repeats.
    setupFiles: ['test/support/fast-check-seed.ts'],
    // @actions/workflow-parser imports its JSON schema without an import attribute, which Node 20
    // refuses; inlined, vite transforms it (test/ci-recipes).
    server: { deps: { inline: ['@actions/workflow-parser'] } },
  },
});
