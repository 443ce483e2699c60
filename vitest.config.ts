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
    // The run's own TMPDIR, which must be empty at the end: a test that leaves a temporary file
    // fails the run (test/support/tmp-guard.ts, test/README.md "Temporary files").
    // Then the CLI the tests start, bundled once per run from the sources (test/support/cli-bundle.ts).
    globalSetup: ['test/support/tmp-guard.ts', 'test/support/cli-bundle.ts'],
    // @actions/workflow-parser imports its JSON schema without an import attribute, which Node 20
    // refuses; inlined, vite transforms it (test/ci-recipes).
    server: { deps: { inline: ['@actions/workflow-parser'] } },
  },
});
