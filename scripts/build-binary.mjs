/**
 * `npm run build:binary`: dist/zonectl, one file that runs without Node installed (a Node
 * single executable application: https://nodejs.org/api/single-executable-applications.html).
 *
 * 1. esbuild bundles the CLI into ONE CommonJS script (dist/sea/zonectl.cjs, from
 *    src/cli/binary-entry.ts): Node 20's SEA runs CommonJS whose `require` reaches built-in
 *    modules only, so everything is inlined and the commands' lazy `import()`s become calls of
 *    esbuild's module initialisers (no code splitting). It is an asset of the executable.
 * 2. The code cache: src/cli/binary-code-cache.ts, run here by this very `node`, compiles that
 *    script as the executable will, loads validate's code and runs the zone file checks and lint
 *    on scripts/binary-warm-up.yaml, and writes V8's code cache of the script (the compiled code
 *    of every function run so far); another asset. V8 accepts it only in the same V8 with the
 *    same flags, which the executable, a copy of this `node`, is.
 * 3. The executable's main script is small (src/cli/binary-loader.ts): it answers `version`
 *    itself, and otherwise compiles the script asset with the code cache and runs it. No V8
 *    start-up snapshot: deserialising one cost every start more than it saved `version`
 *    (bench/README.md, part 9). HashiCorp's HCL parser (for `.tf` files) is an asset too: its
 *    WebAssembly, 1.7 MB.
 * 4. `node --experimental-sea-config` makes the blob, injected into a copy of this very `node`
 *    with postject (npm), the tool Node's documentation names; the fuse is the one Node's
 *    documentation gives.
 *
 * The binary is for the platform and Node version that build it (CI: Linux x64, Node 20).
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, copyFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { build } from 'esbuild';
import { inject } from 'postject';
import { fileURLToPath } from 'node:url';
import { aotSchemaPlugin, standaloneValidatorsScript } from './aot-schema.mjs';
import { sharedBuildOptions } from './build-info.mjs';
import { copyHclLicences, HCL_WASM_ASSET, hclWasmFile } from './hcl-parser-files.mjs';
import { lazyBuiltinsPlugin } from './lazy-builtins.mjs';

const FUSE = 'NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2';
// `node scripts/build-binary.mjs [OUTFILE]` (test/install/binary.test.ts builds one elsewhere).
const outFile = process.argv[2] ?? join('dist', 'zonectl');
const work = join(dirname(outFile), 'sea');
rmSync(work, { recursive: true, force: true });
mkdirSync(work, { recursive: true });
const main = join(work, 'zonectl.cjs');

await build({
  ...sharedBuildOptions(),
  entryPoints: { zonectl: 'src/cli/binary-entry.ts' },
  outfile: main,
  format: 'cjs',
  // The JSON Schema validators compiled ahead of time, inlined. Built-ins at first use as in the
  // bundle (scripts/lazy-builtins.mjs).
  plugins: [aotSchemaPlugin('inline', await standaloneValidatorsScript()), lazyBuiltinsPlugin()],
  // Without comments (and whitespace): a smaller script to load, and the import() check below
  // sees code only.
  minifyWhitespace: true,
  legalComments: 'none',
  // import.meta does not exist in CommonJS: the few uses (finding files beside the install) get
  // the executable's own location, asked when used (the code cache is made on the build's machine).
  define: { ...sharedBuildOptions().define, 'import.meta.url': '__zonectlImportMeta.url' },
  banner: {
    js: "const __zonectlImportMeta = { get url() { return require('node:url').pathToFileURL(process.execPath).href; } };",
  },
});
// The entry's `#!/usr/bin/env node` line means nothing inside a binary.
const script = readFileSync(main, 'utf8').replace(/^#!.*\n/, '');
if (/\bimport\(/.test(script.replace(/(["'`])(?:\\.|(?!\1)[^\\])*\1/g, '')))
  throw new Error(`${main}: a dynamic import() is left, which a single executable's script cannot run`);
writeFileSync(main, script);

// The executable's main script: the version fast path and the loader of the script above.
const loader = join(work, 'loader.cjs');
await build({
  ...sharedBuildOptions(),
  entryPoints: { loader: 'src/cli/binary-loader.ts' },
  outfile: loader,
  format: 'cjs',
  minifyWhitespace: true,
  legalComments: 'none',
});
// The code cache of the script, made by running it here after a warm-up (src/cli/binary-code-cache.ts),
// in a child with no variable of the build's environment.
const cacheMaker = join(work, 'code-cache.cjs');
await build({ ...sharedBuildOptions(), entryPoints: { cache: 'src/cli/binary-code-cache.ts' }, outfile: cacheMaker, format: 'cjs' });
const codeCache = join(work, 'zonectl.code-cache');
const warmUp = fileURLToPath(new URL('./binary-warm-up.yaml', import.meta.url));
const cached = spawnSync(process.execPath, [cacheMaker, main, warmUp, codeCache], {
  env: {},
  stdio: ['ignore', 'ignore', 'pipe'],
  encoding: 'utf8',
});
if (cached.status !== 0 || cached.stderr.trim() !== '')
  throw new Error(`build:binary: the code cache was not made (exit ${cached.status}):\n${cached.stderr}`);

const blob = join(work, 'zonectl.blob');
const config = join(work, 'sea-config.json');
// The script and its code cache (src/cli/binary-script.ts names them), and HashiCorp's HCL parser
// (WebAssembly, read by src/app/migrate/hcl-wasm.ts).
const assets = { 'zonectl.cjs': main, 'zonectl.code-cache': codeCache, [HCL_WASM_ASSET]: hclWasmFile() };
writeFileSync(config, JSON.stringify({ main: loader, output: blob, disableExperimentalSEAWarning: true, assets }, null, 2));
const built = spawnSync(process.execPath, ['--experimental-sea-config', config], {
  env: {},
  stdio: ['ignore', 'ignore', 'pipe'],
  encoding: 'utf8',
});
// Node says that SEAs are experimental and that it wrote the blob; any other line, or a failure,
// stops the build.
const expected = [
  /ExperimentalWarning: Single executable application/,
  /^Wrote single executable preparation blob/,
  /^\(Use `node --trace-warnings/,
];
const unexpected = built.stderr.split('\n').filter((l) => l.trim() !== '' && !expected.some((e) => e.test(l)));
if (built.status !== 0 || unexpected.length > 0)
  throw new Error(`build:binary: the blob was not built (exit ${built.status}):\n${built.stderr}`);

rmSync(outFile, { force: true });
copyFileSync(process.execPath, outFile);
chmodSync(outFile, 0o755);
await inject(outFile, 'NODE_SEA_BLOB', readFileSync(blob), {
  sentinelFuse: FUSE,
  ...(process.platform === 'darwin' ? { machoSegmentName: 'NODE_SEA' } : {}),
});
// Its licence and notice beside the executable.
copyHclLicences(`${outFile}-third-party/hcl2json`);
process.stderr.write(`build:binary: wrote ${outFile} (and ${outFile}-third-party/)\n`);
