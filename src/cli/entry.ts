#!/usr/bin/env node
/**
 * The bundle's entry point (scripts/bundle.mjs): turns on Node's module compile cache, where this
 * Node has one (`module.enableCompileCache`, Node 22.1 and later; nothing on Node 20), in a
 * directory only this user can write (./compile-cache.ts: never the shared temporary directory
 * Node would pick itself; `ZONECTL_NO_COMPILE_CACHE=1` turns it off), before the rest of the CLI
 * is loaded (main.ts), so that the chunks a command loads are read back from the cache on later
 * runs instead of compiled at each start. The single executable does not start here: its loader
 * compiles its script with a code cache made at build time (./binary-loader.ts).
 *
 * `zonectl version` alone is answered here, without loading the program (./version-fast-path.ts).
 */
import * as nodeModule from 'node:module';
import { enablePrivateCompileCache } from './compile-cache.js';
import { printedVersionFast } from './version-fast-path.js';

if (!printedVersionFast(process.argv.slice(2))) {
  enablePrivateCompileCache((nodeModule as { enableCompileCache?: (dir: string) => unknown }).enableCompileCache);
  await import('./main.js');
}
