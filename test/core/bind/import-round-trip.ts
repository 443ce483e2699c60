/** CLI round trip of a BIND file: import, validate, apply to a fresh emulator, plan clean. */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import type { ZoneTier } from '../../../src/emulator/contract.js';
import { startEmulator } from '../../../src/emulator/server.js';
import { runCli, type CliResult } from '../../support/run-cli.js';
import { tempDir } from '../../support/temp-dir.js';

const TOKEN = 'import-round-trip-token-4a6c8e0b2d1f';

/** Imports `zoneText` with `args`, requires validate, apply and a clean plan; returns the import's result and source path. */
export async function importApplyPlanClean(
  zoneText: string,
  args: readonly string[],
  zonePlan: ZoneTier = 'free',
): Promise<{ imported: CliResult; source: string }> {
  const emulator = await startEmulator({ port: 0, zones: ['example.com'], token: TOKEN, zonePlan });
  try {
    const env = { CLOUDFLARE_BASE_URL: emulator.baseUrl, CLOUDFLARE_API_TOKEN: TOKEN };
    const dir = tempDir('import');
    const source = join(dir, 'old.zone');
    writeFileSync(source, zoneText);
    const out = join(dir, 'zone.yaml');
    const imported = await runCli(['import', source, '--zone', 'example.com', '--out', out, ...args]);
    expect(imported.code).toBe(0);
    const validated = await runCli(['validate', out]);
    expect(validated.stderr).not.toMatch(/error/);
    expect(validated.code).toBe(0);
    const applied = await runCli(['apply', out, '--yes'], env);
    expect(applied.stderr).not.toMatch(/error/i);
    expect(applied.code).toBe(0);
    expect((await runCli(['plan', out, '--detailed-exitcode'], env)).code).toBe(0);
    return { imported, source };
  } finally {
    await emulator.close();
  }
}
