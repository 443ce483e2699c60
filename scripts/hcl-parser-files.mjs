/**
 * The files of HashiCorp's HCL parser that a built zonectl carries (src/app/migrate/hcl-wasm.ts):
 * the WebAssembly of @cdktf/hcl2json, unmodified, and its licence and notice (scripts/
 * hcl2json-licence/, beside this script: the build reads package.json, the lock file, scripts/ and
 * src/ only, as the GitHub Action's cache key says). The bundle cannot inline 1.7 MB of
 * WebAssembly into a chunk that only `import --from terraform` of a `.tf` file loads, so:
 * - the npm bundle (scripts/bundle.mjs): `hcl2json/` beside the chunk holding hcl-wasm.ts, found
 *   in esbuild's metafile;
 * - the single executable (scripts/build-binary.mjs): the WebAssembly as a SEA asset, the licence
 *   and notice beside the executable.
 */
import { copyFileSync, mkdirSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
/** hcl-wasm.ts's HCL_WASM_ASSET: the asset name, and the path beside the chunk. */
export const HCL_WASM_ASSET = 'hcl2json/main.wasm.gz';
const LOADER = /(^|[\\/])src[\\/]app[\\/]migrate[\\/]hcl-wasm\.ts$/;

/** The package's own `main.wasm.gz` in node_modules. */
export function hclWasmFile() {
  return createRequire(join(root, 'package.json')).resolve('@cdktf/hcl2json/main.wasm.gz');
}

/** Copies LICENSE, LICENSE-go and NOTICE.md of scripts/hcl2json-licence into `dir`. */
export function copyHclLicences(dir) {
  mkdirSync(dir, { recursive: true });
  const from = join(root, 'scripts', 'hcl2json-licence');
  for (const f of readdirSync(from)) copyFileSync(join(from, f), join(dir, f));
}

/** After the bundle's build: `hcl2json/` (WebAssembly, licence, notice) beside the chunk that loads it. */
export function writeHclParserFiles(metafile, cwd) {
  const chunks = Object.entries(metafile.outputs)
    .filter(([, o]) => Object.keys(o.inputs).some((i) => LOADER.test(i)))
    .map(([path]) => path);
  if (chunks.length !== 1) throw new Error(`expected one chunk holding src/app/migrate/hcl-wasm.ts, found ${chunks.length}`);
  const wasm = join(cwd, dirname(chunks[0]), HCL_WASM_ASSET);
  copyHclLicences(dirname(wasm));
  copyFileSync(hclWasmFile(), wasm);
}
