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
 *
 * Its memory is capped (issue 39 item 6): the module defines its memory without a maximum, so a
 * `.tf` file someone else wrote could make it grow to the 4 GiB of 32-bit WebAssembly. The memory
 * section is given a maximum before the module is compiled (`withMemoryMaximum`, the binary
 * format's `limits`: https://webassembly.github.io/spec/core/binary/types.html#limits); a parse
 * that needs more makes Go's runtime stop with "out of memory", which is reported as such (the
 * parser is started again for the next file). What the Go program writes (its panics and stack
 * traces) is kept for that diagnosis and never printed: wasm_exec.js would console.log it.
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

/** The parser's memory at most: 512 MiB (a 2 MiB file of records needs about 380 MiB). */
export const HCL_PARSER_MAX_MEMORY_BYTES = 512 * 1024 * 1024;
const WASM_PAGE_BYTES = 65_536;

/** The parser could not finish: it ran out of its memory, or its Go program ended. */
export class HclParserError extends Error {
  constructor(
    message: string,
    readonly outOfMemory: boolean,
  ) {
    super(message);
  }
}

/** What the Go program wrote (its runtime's messages), the last few KB: kept, never printed. */
let goOutput = '';
const GO_OUTPUT_KEPT = 4096;
const decoder = new TextDecoder();

/**
 * wasm_exec.js defines `globalThis.fs` as a stub that console.logs what Go writes to stdout and
 * stderr, unless something else defined it first; only that stub (its constants are -1) has its
 * writes kept here instead.
 */
const goFs = (globalThis as { fs?: { constants?: { O_WRONLY?: number }; writeSync?: (fd: number, buf: Uint8Array) => number } }).fs;
if (goFs?.constants?.O_WRONLY === -1) {
  goFs.writeSync = (_fd, buf) => {
    goOutput = (goOutput + decoder.decode(buf)).slice(-GO_OUTPUT_KEPT);
    return buf.length;
  };
}

function readLeb128(bytes: Uint8Array, at: number): { value: number; next: number } {
  let value = 0;
  let shift = 0;
  let i = at;
  for (;;) {
    const b = bytes[i++];
    if (b === undefined || shift > 28) throw new Error('the HCL parser is not a WebAssembly module zonectl can read');
    value += (b & 0x7f) * 2 ** shift;
    shift += 7;
    if ((b & 0x80) === 0) return { value, next: i };
  }
}

function leb128(value: number): number[] {
  const out: number[] = [];
  let v = value;
  do {
    let b = v % 128;
    v = Math.floor(v / 128);
    if (v > 0) b |= 0x80;
    out.push(b);
  } while (v > 0);
  return out;
}

/**
 * The module with its one memory given a maximum of `maxPages` (64 KiB pages): the memory section
 * (id 5) is rewritten as `flags 1, min, max`; every other byte stays. A module whose memory is
 * imported, or that has no memory section, is refused (the parser shipped has one of its own).
 */
export function withMemoryMaximum(module: Uint8Array, maxPages: number): Uint8Array {
  let at = 8; // magic and version
  while (at < module.length) {
    const sectionStart = at;
    const id = module[at]!;
    const size = readLeb128(module, at + 1);
    const bodyStart = size.next;
    const bodyEnd = bodyStart + size.value;
    if (id === 5) {
      const count = readLeb128(module, bodyStart);
      if (count.value !== 1) break;
      const flags = module[count.next];
      const min = readLeb128(module, count.next + 1);
      if (flags !== 0 && flags !== 1) break;
      const body = [...leb128(1), 1, ...leb128(min.value), ...leb128(Math.max(min.value, maxPages))];
      const out = new Uint8Array(sectionStart + 1 + leb128(body.length).length + body.length + (module.length - bodyEnd));
      out.set(module.subarray(0, sectionStart), 0);
      out.set([5, ...leb128(body.length), ...body], sectionStart);
      out.set(module.subarray(bodyEnd), sectionStart + 1 + leb128(body.length).length + body.length);
      return out;
    }
    at = bodyEnd;
  }
  throw new Error('the HCL parser has no memory of its own to cap');
}

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

/** One running parser: Go's program, its bridge, and whether it has ended. */
export interface HclParser {
  parse(filename: string, contents: string): { ok: true; json: string } | { ok: false; error: string };
  readonly ended: boolean;
}

/** Starts the parser with its memory capped at `maxMemoryBytes` (rounded down to whole pages). */
export async function startHclParser(maxMemoryBytes: number = HCL_PARSER_MAX_MEMORY_BYTES): Promise<HclParser> {
  const Go = (globalThis as { Go?: new () => GoRuntime }).Go;
  if (Go === undefined) throw new Error("Go's WebAssembly runtime did not load");
  const go = new Go();
  let exitCode: number | undefined;
  // wasm_exec.js would console.warn a non-zero exit code: kept instead.
  (go as unknown as { exit: (code: number) => void }).exit = (code) => {
    exitCode = code;
  };
  const module = withMemoryMaximum(gunzipSync(compressedWasm()), Math.floor(maxMemoryBytes / WASM_PAGE_BYTES));
  const { instance } = await (globalThis as unknown as { WebAssembly: WebAssemblyApi }).WebAssembly.instantiate(module, go.importObject);
  const bridge: Bridge = {};
  (globalThis as Record<string, unknown>)[BRIDGE_GLOBAL] = bridge;
  // Go's main runs until it waits (after registering `parse`); the promise settles only if it exits.
  go.run(instance).catch(() => undefined);
  if (typeof bridge.parse !== 'function') throw new Error('the HCL parser did not start');
  const ended = (): boolean => exitCode !== undefined;
  return {
    get ended() {
      return ended();
    },
    parse(filename, contents) {
      goOutput = '';
      let result: { ok: true; json: string } | { ok: false; error: string } | undefined;
      try {
        bridge.parse!(filename, contents, (error, json) => {
          result = error !== null || json === null ? { ok: false, error: error ?? 'no result' } : { ok: true, json };
        });
      } catch {
        // The Go program had ended already: said below.
      }
      if (result !== undefined) return result;
      if (/out of memory/.test(goOutput))
        throw new HclParserError(`the HCL parser ran out of its memory (at most ${Math.floor(maxMemoryBytes / 1048576)} MiB)`, true);
      throw new HclParserError(ended() ? 'the HCL parser stopped (a panic in its Go program)' : 'the HCL parser gave no answer', false);
    },
  };
}

let started: Promise<HclParser> | undefined;

/**
 * The parser's JSON text of one file, or its message for a file that is not HCL
 * (`FILE:LINE,COL-...: ...`). Throws when the parser cannot run, or could not finish this file
 * (HclParserError: out of memory, a panic); it is started again for the next file.
 */
export async function hclToJson(filename: string, contents: string): Promise<{ ok: true; json: string } | { ok: false; error: string }> {
  started ??= startHclParser().catch((err: unknown) => {
    started = undefined;
    throw err;
  });
  const parser = await started;
  try {
    return parser.parse(filename, contents);
  } finally {
    if (parser.ended) started = undefined;
  }
}
