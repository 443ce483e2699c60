/**
 * `npm run build:binary`: dist/zonectl, one file that runs without Node installed (a Node
 * single executable application: https://nodejs.org/api/single-executable-applications.html).
 *
 * 1. esbuild bundles the CLI into ONE CommonJS script (dist/sea/zonectl.cjs): Node 20's SEA runs
 *    a single CommonJS main script whose `require` reaches built-in modules only, so everything
 *    is inlined and the commands' lazy `import()`s become calls of esbuild's module initialisers
 *    (no code splitting). Its entry is src/cli/binary-entry.ts.
 * 2. `node --experimental-sea-config` turns it into a blob with a V8 start-up snapshot
 *    (`useSnapshot`, Node 20.12 and later): Node runs the script once, here, which loads the CLI's
 *    modules and runs the zone file checks and lint on scripts/binary-warm-up.yaml, and saves the
 *    heap; each run of the executable starts from that heap instead of loading and compiling the
 *    code (bench/README.md, part 7: what it saves, and why the npm bundle has no snapshot).
 *    HashiCorp's HCL parser (for `.tf` files) is an asset of the blob: its WebAssembly, 1.7 MB.
 * 3. The blob is injected into a copy of this very `node` with postject (npm), the tool Node's
 *    documentation names; the fuse is the one Node's documentation gives. A snapshot runs only in
 *    the Node that made it, which the injected copy is.
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
  // bundle: commander's node:child_process is one the snapshot builder warns about.
  plugins: [aotSchemaPlugin('inline', await standaloneValidatorsScript()), lazyBuiltinsPlugin()],
  // Without comments (and whitespace): a smaller script to load, and the import() check below
  // sees code only.
  minifyWhitespace: true,
  legalComments: 'none',
  // import.meta does not exist in CommonJS: the few uses (finding files beside the install) get
  // the executable's own location, asked when used: the snapshot is taken on the build's machine.
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

const blob = join(work, 'zonectl.blob');
const config = join(work, 'sea-config.json');
// HashiCorp's HCL parser (WebAssembly, read by src/app/migrate/hcl-wasm.ts) rides along as an asset.
const assets = { [HCL_WASM_ASSET]: hclWasmFile() };
writeFileSync(config, JSON.stringify({ main, output: blob, disableExperimentalSEAWarning: true, useSnapshot: true, assets }, null, 2));
// The snapshot is built by running the script (src/cli/binary-entry.ts) in a child with only
// what it needs: no variable of the build's environment can end up in the heap it saves.
const warmUp = fileURLToPath(new URL('./binary-warm-up.yaml', import.meta.url));
const built = spawnSync(process.execPath, ['--experimental-sea-config', config], {
  env: { ZONECTL_SNAPSHOT_WARM_UP: warmUp },
  stdio: ['ignore', 'ignore', 'pipe'],
  encoding: 'utf8',
});
// Node says that SEAs are experimental, that it wrote the blob, and that it has not verified
// node:module in snapshots (createRequire only, called at run time); any other line, or a
// failure, stops the build.
const expected = [
  /ExperimentalWarning: Single executable application/,
  /^Wrote single executable preparation blob/,
  /not yet fully verified whether built-in module "node:module"/,
  /^It may still work in some cases/,
  /^To request support for the module/,
  /^\(Use `node --trace-warnings/,
];
const unexpected = built.stderr.split('\n').filter((l) => l.trim() !== '' && !expected.some((e) => e.test(l)));
if (built.status !== 0 || unexpected.length > 0)
  throw new Error(`build:binary: the snapshot was not built (exit ${built.status}):\n${built.stderr}`);

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
