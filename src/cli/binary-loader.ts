/**
 * The single executable's main script (scripts/build-binary.mjs; a Node single executable
 * application, https://nodejs.org/api/single-executable-applications.html). It is small on
 * purpose: `zonectl version` alone is answered here (./version-fast-path.ts) before anything else
 * loads; any other command line compiles the CLI's script, a SEA asset (./binary-entry.ts,
 * bundled), with V8's code cache of it, another asset the build made by running the same script
 * in the same Node (./binary-code-cache.ts): V8 then reads the compiled code of the modules and
 * of the warmed-up checks instead of compiling them (`vm.Script` `cachedData`,
 * https://nodejs.org/api/vm.html#new-vmscriptcode-options). V8 checks the cache against the
 * source, its own version and its flags; a cache it rejects (a V8 flag given in NODE_OPTIONS) is
 * ignored and the script compiled as usual: slower, never different. Both assets are in the
 * executable itself, written at build time: nothing is read from or written to the disk.
 *
 * Why not a V8 start-up snapshot (which the executable had before): deserialising the program's
 * heap is a fixed cost of every start, `version` included, which made the executable slower
 * than the bundle on `version` (bench/README.md, part 9).
 */
import { getAsset } from 'node:sea';
import { Script } from 'node:vm';
import { CODE_CACHE_ASSET, exportsOf, SCRIPT_ASSET, SCRIPT_FILENAME, wrapScript } from './binary-script.js';
import { printedVersionFast } from './version-fast-path.js';

if (!printedVersionFast(process.argv.slice(2))) {
  const script = new Script(wrapScript(getAsset(SCRIPT_ASSET, 'utf8')), {
    filename: SCRIPT_FILENAME,
    cachedData: Buffer.from(getAsset(CODE_CACHE_ASSET)),
  });
  exportsOf(script.runInThisContext(), require).main();
}
