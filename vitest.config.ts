import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
    exclude: ['dist/**', 'node_modules/**'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: 'forks',
    // @actions/workflow-parser imports its JSON schema without an import attribute, which Node 20
    // refuses; inlined, vite transforms it (test/ci-recipes).
    server: { deps: { inline: ['@actions/workflow-parser'] } },
  },
});
