/**
 * HashiCorp's HCL parser, as @cdktf/hcl2json ships it: Go code (tmccombs/hcl2json over
 * hashicorp/hcl) compiled to WebAssembly (`main.wasm.gz`), run by Go's own js/wasm runtime
 * (`wasm/wasm_exec.js`). Only those two files of the package are used; its JavaScript bridge is
 * not, because it reads the WebAssembly beside its own code with fs-extra (which neither the bundle
 * nor the single executable has) and turns a failed load into an unhandled rejection.
 *
 * The protocol is the one of the package's Go `main` (hashicorp/terraform-cdk,
 * packages/@cdktf/hcl2json/main.go): it reads the object `globalThis.__parse_terraform_config_wasm__`,
 * sets `parse(filename, contents, callback)` on it, and waits; `callback(error, json)` is called
 * before `parse` returns. package.json pins the version whose files and protocol these are.
 *
 * Where the WebAssembly is read (docs/architecture.md, "Start-up"): in the single
 * executable, its asset (scripts/build-binary.mjs); in the npm bundle, `hcl2json/main.wasm.gz`
 * beside this module's chunk (scripts/bundle.mjs copies it there, with its licence); from source,
 * the package in node_modules. Loaded once, and only when a `.tf` file is read (parse-hcl.ts).
 */
import '@cdktf/hcl2json/wasm/wasm_exec.js';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { getAsset, isSea } from 'node:sea';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';

/** The name of the asset in the single executable, and of the file beside the bundle's chunk. */
export const HCL_WASM_ASSET = 'hcl2json/main.wasm.gz';
const BRIDGE_GLOBAL = '__parse_terraform_config_wasm__';

/** Go's js/wasm runtime, as wasm_exec.js defines it on globalThis. */
interface GoRuntime {
  readonly importObject: object;
  run(instance: object): Promise<void>;
}

/** Node's WebAssembly global (this project's TypeScript libraries do not declare it). */
interface WebAssemblyApi {
  instantiate(bytes: Uint8Array, imports: object): Promise<{ instance: object }>;
}

type ParseCallback = (error: string | null, json: string | null) => void;

interface Bridge {
  parse?: (filename: string, contents: string, callback: ParseCallback) => unknown;
}

function compressedWasm(): Buffer {
  if (isSea()) return Buffer.from(getAsset(HCL_WASM_ASSET));
  const beside = fileURLToPath(new URL(`./${HCL_WASM_ASSET}`, import.meta.url));
  if (existsSync(beside)) return readFileSync(beside);
  return readFileSync(createRequire(import.meta.url).resolve('@cdktf/hcl2json/main.wasm.gz'));
}

let started: Promise<Bridge> | undefined;

async function start(): Promise<Bridge> {
  const Go = (globalThis as { Go?: new () => GoRuntime }).Go;
  if (Go === undefined) throw new Error("Go's WebAssembly runtime did not load");
  const go = new Go();
  const { instance } = await (globalThis as unknown as { WebAssembly: WebAssemblyApi }).WebAssembly.instantiate(
    gunzipSync(compressedWasm()),
    go.importObject,
  );
  const bridge: Bridge = {};
  (globalThis as Record<string, unknown>)[BRIDGE_GLOBAL] = bridge;
  // Go's main runs until it waits (after registering `parse`); the promise settles only if it exits.
  go.run(instance).catch(() => undefined);
  if (typeof bridge.parse !== 'function') throw new Error('the HCL parser did not start');
  return bridge;
}

/**
 * The parser's JSON text of one file, or its message for a file that is not HCL
 * (`FILE:LINE,COL-...: ...`). Throws only when the parser cannot run at all.
 */
export async function hclToJson(filename: string, contents: string): Promise<{ ok: true; json: string } | { ok: false; error: string }> {
  started ??= start();
  const bridge = await started;
  let result: { ok: true; json: string } | { ok: false; error: string } | undefined;
  try {
    bridge.parse!(filename, contents, (error, json) => {
      result = error !== null || json === null ? { ok: false, error: error ?? 'no result' } : { ok: true, json };
    });
  } catch (err) {
    // The Go program ended (a panic): start it again next time.
    started = undefined;
    throw err;
  }
  if (result === undefined) throw new Error('the HCL parser gave no answer');
  return result;
}
