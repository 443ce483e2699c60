/**
 * `npm run build:binary`: dist/zonectl, one file that runs without Node installed (a Node
 * single executable application: https://nodejs.org/api/single-executable-applications.html).
 *
 * 1. esbuild bundles the CLI into ONE CommonJS script (dist/sea/zonectl.cjs): Node 20's SEA runs
 *    a single CommonJS main script whose `require` reaches built-in modules only, so everything
 *    is inlined and the commands' lazy `import()`s become plain calls (no code splitting).
 * 2. `node --experimental-sea-config` turns it into a blob, with a V8 code cache (the script is
 *    not compiled again at each start; the reason `import()` must not remain).
 *    HashiCorp's HCL parser (for `.tf` files) is an asset of the blob: its WebAssembly, 1.7 MB.
 * 3. The blob is injected into a copy of this very `node` with postject (npm), the tool Node's
 *    documentation names; the fuse is the one Node's documentation gives.
 *
 * The binary is for the platform and Node version that build it (CI: Linux x64, Node 20).
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, copyFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { build } from 'esbuild';
import { inject } from 'postject';
import { aotSchemaPlugin, standaloneValidatorsScript } from './aot-schema.mjs';
import { sharedBuildOptions } from './build-info.mjs';
import { copyHclLicences, HCL_WASM_ASSET, hclWasmFile } from './hcl-parser-files.mjs';

const FUSE = 'NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2';
// `node scripts/build-binary.mjs [OUTFILE]` (test/install/binary.test.ts builds one elsewhere).
const outFile = process.argv[2] ?? join('dist', 'zonectl');
const work = join(dirname(outFile), 'sea');
rmSync(work, { recursive: true, force: true });
mkdirSync(work, { recursive: true });
const main = join(work, 'zonectl.cjs');

await build({
  ...sharedBuildOptions(),
  outfile: main,
  format: 'cjs',
  // The JSON Schema validators compiled ahead of time, inlined: the code cache covers them.
  plugins: [aotSchemaPlugin('inline', await standaloneValidatorsScript())],
  // Without comments (and whitespace): a smaller script to load, and the import() check below
  // sees code only.
  minifyWhitespace: true,
  legalComments: 'none',
  // import.meta does not exist in CommonJS: the few uses (finding files beside the install) get
  // the executable's own location. In a SEA `__filename` is the executable's path.
  define: { ...sharedBuildOptions().define, 'import.meta.url': '__zonectlImportMetaUrl' },
  banner: {
    js: "const __zonectlImportMetaUrl = require('node:url').pathToFileURL(typeof __filename === 'string' ? __filename : process.execPath).href;",
  },
});
// The entry's `#!/usr/bin/env node` line means nothing inside a binary.
const script = readFileSync(main, 'utf8').replace(/^#!.*\n/, '');
if (/\bimport\(/.test(script.replace(/(["'`])(?:\\.|(?!\1)[^\\])*\1/g, '')))
  throw new Error(`${main}: a dynamic import() is left, which a SEA with a code cache cannot run`);
writeFileSync(main, script);

const blob = join(work, 'zonectl.blob');
const config = join(work, 'sea-config.json');
// HashiCorp's HCL parser (WebAssembly, read by src/app/migrate/hcl-wasm.ts) rides along as an asset.
const assets = { [HCL_WASM_ASSET]: hclWasmFile() };
writeFileSync(config, JSON.stringify({ main, output: blob, disableExperimentalSEAWarning: true, useCodeCache: true, assets }, null, 2));
execFileSync(process.execPath, ['--experimental-sea-config', config], { stdio: ['ignore', 'ignore', 'inherit'] });

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
