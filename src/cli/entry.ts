#!/usr/bin/env node
/**
 * The bundle's entry point (scripts/bundle.mjs): turns on Node's module compile cache, where this
 * Node has one, before the rest of the CLI is loaded (main.ts), so that the chunks a command
 * loads are compiled once and read back from the cache on later runs instead of compiled at each
 * start. `module.enableCompileCache` exists from Node 22.1
 * (https://nodejs.org/api/module.html#moduleenablecompilecachecachedir); on Node 20 this does
 * nothing. The cache lives where Node puts it (NODE_COMPILE_CACHE, else a directory under the
 * system's temporary directory); NODE_DISABLE_COMPILE_CACHE=1 turns it off. The single executable
 * does not start here: it starts from a V8 start-up snapshot of its own (./binary-entry.ts).
 *
 * `zonectl version` alone is answered here, without loading the program (./version-fast-path.ts).
 */
import * as nodeModule from 'node:module';
import { printedVersionFast } from './version-fast-path.js';

const enableCompileCache = (nodeModule as { enableCompileCache?: () => unknown }).enableCompileCache;
if (typeof enableCompileCache === 'function') {
  try {
    enableCompileCache();
  } catch {
    // A cache that cannot be set up (a read-only temporary directory) only costs time.
  }
}

if (!printedVersionFast(process.argv.slice(2))) await import('./main.js');
