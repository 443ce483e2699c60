/**
 * The CLI's script in the single executable (scripts/build-binary.mjs bundles it into one
 * CommonJS script, a SEA asset): its loader (./binary-loader.ts) compiles it with V8's code cache
 * and calls `main`; at build time ./binary-code-cache.ts compiles it, calls `warmUp` and saves the
 * code cache. Nothing runs when the script loads.
 */
import { readFileSync } from 'node:fs';
import { lintZone } from '../core/lint/index.js';
import { parseZoneFile } from '../core/zonefile/index.js';
import { runCli } from './run-cli.js';

/** Runs the CLI on process.argv (the loader has answered a plain `version` itself). */
export function main(): void {
  void runCli();
}

/**
 * Loads validate's code and runs the zone file checks and the lint on `file` (pure functions of
 * the core: no file read through the app layer, no output, no credential, no flag), so that
 * their compiled code is in the cache. Fails if the zone is not valid.
 */
export async function warmUp(file: string): Promise<void> {
  // validate's module and what it imports (esbuild defers lazily imported modules until imported).
  await import('./commands/validate.js');
  const source = { path: 'warm-up.yaml', text: readFileSync(file, 'utf8') };
  for (let i = 0; i < 3; i += 1) {
    const { config, problems } = parseZoneFile(source, {});
    if (config === undefined || problems.some((p) => p.severity === 'error'))
      throw new Error(`${file}: the warm-up zone is not valid: ${problems.map((p) => p.message).join('; ')}`);
    lintZone(config);
  }
}
