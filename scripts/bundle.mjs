/**
 * `npm run build`, second step: the CLI as a few bundled ES modules in dist/bundle/ (the `bin`).
 *
 * Why: CI starts zonectl once per command, and Node 20 loads an unbundled ES module graph one file
 * at a time (resolve, read, compile: ~190 files for `plan`, undici and ajv included). Measured
 * on this repository's 2-core machine, `zonectl plan --help` starts in about half the time from
 * the bundle. Code splitting keeps each command's code in its own chunk, loaded only when that
 * command runs (src/cli/main.ts imports commands lazily), so `validate` still never loads the
 * HTTP client. Every dependency is inlined, so an installed zonectl needs no node_modules
 * (package.json lists them as devDependencies); the banner gives bundled CommonJS code a
 * `require` for Node's built-in modules only.
 *
 * `node scripts/bundle.mjs [--sourcemap] [OUTDIR]`: OUTDIR defaults to dist/bundle
 * (test/install/bundle.test.ts builds one elsewhere and runs it). Source maps are written only with
 * `--sourcemap` (or ZONECTL_SOURCEMAP=1), so the published tarball carries none by default.
 * The commit the build comes from is embedded (scripts/build-info.mjs) for `zonectl version`.
 *
 * Start-up (docs/architecture.md, "Start-up"): the entry is src/cli/entry.ts, which turns on
 * Node's module compile cache (Node 22.1 and later) before it imports the rest; the JSON Schema
 * validators are compiled ahead of time (scripts/aot-schema.mjs) into a script read only when a
 * file has errors; built-in modules that dependencies load for work zonectl never asks of them
 * are loaded at first use (scripts/lazy-builtins.mjs). test/install/module-graph.test.ts checks
 * which modules each command loads.
 */
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { aotSchemaPlugin, standaloneValidatorsScript, writeValidatorsFile } from './aot-schema.mjs';
import { sharedBuildOptions } from './build-info.mjs';
import { writeHclParserFiles } from './hcl-parser-files.mjs';
import { lazyBuiltinsPlugin } from './lazy-builtins.mjs';

/** The esbuild options of the bundle (also used, without writing, by the module-graph test). */
export async function bundleOptions(outdir, { sourcemap = false, script } = {}) {
  return {
    ...sharedBuildOptions(),
    entryPoints: { zonectl: 'src/cli/entry.ts' },
    outdir,
    splitting: true,
    format: 'esm',
    sourcemap: sourcemap ? 'linked' : false,
    chunkNames: 'chunks/[name]-[hash]',
    metafile: true,
    plugins: [aotSchemaPlugin('file', script ?? (await standaloneValidatorsScript())), lazyBuiltinsPlugin()],
    banner: {
      js: "import { createRequire as __zonectlCreateRequire } from 'node:module'; const require = __zonectlCreateRequire(import.meta.url);",
    },
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const sourcemap = args.includes('--sourcemap') || process.env.ZONECTL_SOURCEMAP === '1';
  const outdir = args.find((a) => !a.startsWith('--')) ?? 'dist/bundle';
  // Chunk names carry content hashes: chunks of an earlier build would stay beside the new ones.
  rmSync(outdir, { recursive: true, force: true });
  const script = await standaloneValidatorsScript();
  const result = await build(await bundleOptions(outdir, { sourcemap, script }));
  writeValidatorsFile(result.metafile, process.cwd(), script);
  // HashiCorp's HCL parser (WebAssembly) beside the chunk that loads it (scripts/hcl-parser-files.mjs).
  writeHclParserFiles(result.metafile, process.cwd());
}
