/**
 * What the single executable's loader (./binary-loader.ts) and the build's code-cache maker
 * (./binary-code-cache.ts) must agree on, byte for byte: V8 accepts a code cache only for a
 * source of the length it was made for (and only from the same V8 version and flags), so both
 * compile the CLI's script wrapped by this one function, under this one name.
 */

/** The SEA assets: the CLI's script (./binary-entry.ts, bundled) and V8's code cache of it. */
export const SCRIPT_ASSET = 'zonectl.cjs';
export const CODE_CACHE_ASSET = 'zonectl.code-cache';

/** The file name V8 and stack traces see for the script. */
export const SCRIPT_FILENAME = 'zonectl.cjs';

/** What the CLI's script exports (./binary-entry.ts). */
export interface BinaryScript {
  /** Runs the CLI on process.argv. */
  main(): void;
  /** Loads validate's code and runs the zone file checks and lint on `file` (build time only). */
  warmUp(file: string): Promise<void>;
}

/** The script as a CommonJS function body: `(exports, require, module) => ...`. */
export function wrapScript(source: string): string {
  return `(function (exports, require, module) {${source}\n})`;
}

/** Runs a compiled wrapper and returns what the script exported. */
export function exportsOf(compiled: unknown, require: NodeJS.Require): BinaryScript {
  const module = { exports: {} as BinaryScript };
  (compiled as (e: object, r: NodeJS.Require, m: object) => void)(module.exports, require, module);
  return module.exports;
}
