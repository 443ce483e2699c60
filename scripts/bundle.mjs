/**
 * `npm run build`, second step: the CLI as a few bundled ES modules in dist/bundle/ (the `bin`).
 *
 * Why: CI starts zonectl once per command, and Node 20 loads an unbundled ES module graph one file
 * at a time (resolve, read, compile: ~190 files for `plan`, undici and ajv included). Measured
 * on this repository's 2-core machine, `zonectl plan --help` starts in about half the time from
 * the bundle. Code splitting keeps each command's code in its own chunk, loaded only when that
 * command runs (src/cli/main.ts imports commands lazily), so `validate` still never loads the
 * HTTP client. Dependencies stay in the bundle's `node_modules` lookups only for `createRequire`
 * calls (the banner gives bundled CommonJS code a `require` for Node's built-in modules).
 *
 * `node scripts/bundle.mjs [OUTDIR]`: OUTDIR defaults to dist/bundle (test/cli/bundle.test.ts
 * builds one elsewhere and runs it).
 */
import { rmSync } from 'node:fs';
import { build } from 'esbuild';

const outdir = process.argv[2] ?? 'dist/bundle';
// Chunk names carry content hashes: chunks of an earlier build would stay beside the new ones.
rmSync(outdir, { recursive: true, force: true });

await build({
  entryPoints: { zonectl: 'src/cli/main.ts' },
  outdir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  sourcemap: 'linked',
  chunkNames: 'chunks/[name]-[hash]',
  banner: { js: "import { createRequire as __zonectlCreateRequire } from 'node:module'; const require = __zonectlCreateRequire(import.meta.url);" },
  logLevel: 'warning',
});
