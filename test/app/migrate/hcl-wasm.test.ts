/**
 * The HCL parser's memory cap (issue 39 item 6): the WebAssembly module defines its memory with
 * no maximum; zonectl gives it one before compiling it, so a `.tf` file someone else wrote cannot
 * make the parser take gigabytes. A parse that needs more ends as "out of memory" (never Go's
 * stack trace on the terminal), and the next file gets a fresh parser.
 */
import '@cdktf/hcl2json/wasm/wasm_exec.js';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HclParserError, hclToJson, startHclParser, withMemoryMaximum } from '../../../src/app/migrate/hcl-wasm.js';

const wasm = (): Uint8Array => gunzipSync(readFileSync(createRequire(import.meta.url).resolve('@cdktf/hcl2json/main.wasm.gz')));

interface WasmMemory {
  grow(pages: number): number;
  readonly buffer: ArrayBuffer;
}

afterEach(() => vi.restoreAllMocks());

describe('the HCL parser runs with its memory capped', () => {
  it('withMemoryMaximum: the compiled module cannot grow its memory past the maximum', async () => {
    const Go = (globalThis as unknown as { Go: new () => { importObject: object } }).Go;
    const WA = (
      globalThis as unknown as {
        WebAssembly: { instantiate(b: Uint8Array, i: object): Promise<{ instance: { exports: { mem: WasmMemory } } }> };
      }
    ).WebAssembly;
    const capped = await WA.instantiate(withMemoryMaximum(wasm(), 512), new Go().importObject);
    const mem = capped.instance.exports.mem;
    const pages = mem.buffer.byteLength / 65_536;
    expect(pages).toBeLessThanOrEqual(512);
    expect(() => mem.grow(512 - pages + 1)).toThrow(RangeError);
    expect(mem.grow(512 - pages)).toBe(pages);
    // The module as shipped has no maximum: it would grow (the point of the cap).
    const open = await WA.instantiate(wasm(), new Go().importObject);
    expect(open.instance.exports.mem.grow(1024)).toBeGreaterThan(0);
  });

  it('a file that needs more memory than the cap: HclParserError (out of memory), nothing printed; the next file parses', async () => {
    const log = vi.spyOn(console, 'log');
    const warn = vi.spyOn(console, 'warn');
    const parser = await startHclParser(64 * 1024 * 1024);
    const list = `locals {\n  x = [${'1,'.repeat(128 * 1024)}1]\n}\n`;
    let failed: unknown;
    try {
      parser.parse('big.tf', list);
    } catch (err) {
      failed = err;
    }
    expect(failed).toBeInstanceOf(HclParserError);
    expect(failed).toMatchObject({ outOfMemory: true, message: 'the HCL parser ran out of its memory (at most 64 MiB)' });
    expect(parser.ended).toBe(true);
    expect(log).not.toHaveBeenCalled();
    expect(warn).not.toHaveBeenCalled();
    // The shared parser (the one imports use) is independent of it, and works.
    expect(await hclToJson('ok.tf', 'a = 1\n')).toEqual({ ok: true, json: expect.stringContaining('"a"') });
  });
});
