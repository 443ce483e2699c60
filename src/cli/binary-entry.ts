/**
 * The single executable's entry (scripts/build-binary.mjs): its build runs this script once and
 * saves the heap it leaves as a V8 start-up snapshot (`useSnapshot` in the SEA config,
 * https://nodejs.org/api/single-executable-applications.html#startup-snapshot-support); each run
 * then starts from that heap, with the CLI's modules already loaded, the zone file checks and the
 * lint already compiled, and calls `main` (v8.startupSnapshot.setDeserializeMainFunction,
 * https://nodejs.org/api/v8.html#startup-snapshot-api).
 *
 * What a snapshot holds is what this script made at build time, the same in every run and in the
 * published file, so nothing here may depend on the build's machine, environment or time:
 * - Loaded at build time: the program (commander), `validate`'s code (zone files, rules, lint).
 *   Not loaded: anything reaching the HTTP client. undici needs `node:http`, which Node 20's
 *   snapshot builder cannot load (its `METHODS` calls `Array.prototype.toSorted`, which V8 does
 *   not install while a snapshot is being built); those modules load from the script at first use.
 * - Warmed up: the core's zone file reader and lint run on a generated zone of the build's
 *   (SNAPSHOT_WARM_UP below), pure functions, so their bytecode is in the snapshot. No file is read
 *   through the app layer (it keeps the working directory's repository), no output is written,
 *   no credential is registered, and no flag is read: those happen in `main`, at run time.
 * - Made again at each start: the output's colour-marker nonce (cli/output/terminal-text.ts), which
 *   the module makes when it loads.
 * A run of the script without a snapshot being built (tests, `node` on the built script) just runs.
 */
import { readFileSync } from 'node:fs';
import { startupSnapshot } from 'node:v8';
import { lintZone } from '../core/lint/index.js';
import { parseZoneFile } from '../core/zonefile/index.js';
import { renewColourNonce } from './output/terminal-text.js';
import { runCli } from './run-cli.js';
import { printedVersionFast } from './version-fast-path.js';

/** The environment variable naming the zone file the build warms the checks up on. */
const SNAPSHOT_WARM_UP = 'ZONECTL_SNAPSHOT_WARM_UP';

function main(): void {
  if (!printedVersionFast(process.argv.slice(2))) void runCli();
}

/** Runs the zone file checks and the lint on the warm-up zone; fails the build if it is not valid. */
function warmUp(file: string): void {
  const source = { path: 'warm-up.yaml', text: readFileSync(file, 'utf8') };
  for (let i = 0; i < 3; i += 1) {
    const { config, problems } = parseZoneFile(source, {});
    if (config === undefined || problems.some((p) => p.severity === 'error'))
      throw new Error(`${file}: the snapshot's warm-up zone is not valid: ${problems.map((p) => p.message).join('; ')}`);
    lintZone(config);
  }
}

async function buildSnapshot(): Promise<void> {
  // validate's module and what it imports (esbuild defers lazily imported modules until imported).
  await import('./commands/validate.js');
  const file = process.env[SNAPSHOT_WARM_UP];
  if (file !== undefined && file !== '') warmUp(file);
}

if (startupSnapshot.isBuildingSnapshot()) {
  startupSnapshot.setDeserializeMainFunction(() => {
    renewColourNonce();
    main();
  });
  buildSnapshot().catch((error: unknown) => {
    // (no stack: the snapshot builder records none)
    process.stderr.write(`build:binary: the snapshot script failed: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  });
} else {
  main();
}
