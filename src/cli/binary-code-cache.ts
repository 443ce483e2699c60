/**
 * Build time only (scripts/build-binary.mjs runs it with the Node the executable is a copy of):
 * `node binary-code-cache.cjs SCRIPT WARM_UP_ZONE OUT` compiles the CLI's script as the
 * executable's loader does (./binary-loader.ts, ./binary-script.ts), loads validate's code and
 * runs the zone file checks and lint on the warm-up zone (scripts/binary-warm-up.yaml), then
 * writes V8's code cache of the script: the code of every function compiled so far, the checks
 * included. The cache holds compiled code, not values of the run: nothing of the build's
 * environment, directory or time is in it. Fails (exit 1) if V8 would not accept the cache it
 * made.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { Script } from 'node:vm';
import { exportsOf, SCRIPT_FILENAME, wrapScript } from './binary-script.js';

async function makeCodeCache(scriptFile: string, warmUpFile: string, outFile: string): Promise<void> {
  const source = wrapScript(readFileSync(scriptFile, 'utf8'));
  const script = new Script(source, { filename: SCRIPT_FILENAME });
  await exportsOf(script.runInThisContext(), require).warmUp(warmUpFile);
  const cache = script.createCachedData();
  const check = new Script(source, { filename: SCRIPT_FILENAME, cachedData: cache });
  if (check.cachedDataRejected === true) throw new Error('V8 rejected the code cache it just made');
  writeFileSync(outFile, cache);
}

const [scriptFile, warmUpFile, outFile] = process.argv.slice(2);
if (scriptFile === undefined || warmUpFile === undefined || outFile === undefined) {
  process.stderr.write('usage: binary-code-cache SCRIPT WARM_UP_ZONE OUT\n');
  process.exitCode = 1;
} else {
  makeCodeCache(scriptFile, warmUpFile, outFile).catch((error: unknown) => {
    process.stderr.write(`build:binary: the code cache was not made: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  });
}
