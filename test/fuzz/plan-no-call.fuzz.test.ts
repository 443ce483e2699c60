/**
 * Fuzz, through the real CLI: `plan` and `apply` of a mutated zone file that does not validate
 * make no connection to the API at all (a TCP listener stands where the API would be and counts
 * connections), exit 1, and print no stack trace.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseZoneFile } from '../../src/core/zonefile/index.js';
import { aliasBomb } from '../fixtures/zonefile/hostile.js';
import { runCli } from '../support/run-cli.js';
import { mutatedBytes } from './mutations.js';
import { tempDir } from '../support/temp-dir.js';

const BASE = readFileSync(new URL('../../examples/zone.yaml', import.meta.url), 'utf8');
const dir = tempDir('fuzz-plan');

/** Mutated files that the loader (in this process, the oracle) refuses. */
const invalidFile = mutatedBytes(Buffer.from(BASE)).filter((bytes) =>
  parseZoneFile({ path: 'x.yaml', text: bytes.toString('utf8') }, {}).problems.some((p) => p.severity === 'error'),
);
// This file's seed, or the one ZONECTL_FUZZ_SEED names (read by test/support/fast-check-seed.ts;
// `random` draws a new one, which WHY prints): Number('random') was NaN, a fixed seed.
const SEED = process.env.ZONECTL_FUZZ_SEED ? (fc.readConfigureGlobal().seed ?? Date.now() % 2 ** 31) : 20261125;
const WHY = `seed ${SEED} (ZONECTL_FUZZ_SEED)`;

describe('an invalid zone file never reaches the API', () => {
  let server: Server;
  let connections = 0;
  let baseUrl = '';
  beforeAll(async () => {
    server = createServer((socket) => {
      connections += 1;
      socket.destroy();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/client/v4`;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  const env = (): Record<string, string> => ({ CLOUDFLARE_BASE_URL: baseUrl, CLOUDFLARE_API_TOKEN: 'fuzz-token-never-sent-1234' });
  const noStack = /\n\s+at .+:\d+:\d+\)?\n/;

  it('plan and apply of each of 8 mutated invalid files: exit 1, no connection, no stack trace', async () => {
    const samples = fc.sample(invalidFile, { numRuns: 8, seed: SEED });
    samples.push(Buffer.from(aliasBomb(9)));
    for (const [i, bytes] of samples.entries()) {
      const file = join(dir, `invalid-${i}.yaml`);
      writeFileSync(file, bytes);
      for (const args of [
        ['plan', file],
        ['apply', file, '--yes'],
      ]) {
        const before = connections;
        const r = await runCli(args, env());
        expect(r.code, `${WHY}: ${r.stderr}`).toBe(1);
        expect(connections - before, WHY).toBe(0);
        expect(r.stderr, WHY).not.toMatch(noStack);
        expect(r.stderr, WHY).toMatch(/zonectl: error\[INVALID_ZONE_FILE\]/);
      }
    }
  }, 300_000);

  it('one plan of 60 mutated invalid files (--format json): no connection, and every file is named in the problems', async () => {
    const samples = fc.sample(invalidFile, { numRuns: 60, seed: SEED + 1 });
    const files = samples.map((bytes, i) => {
      const file = join(dir, `many-${i}.yaml`);
      writeFileSync(file, bytes);
      return file;
    });
    const before = connections;
    const r = await runCli(['plan', '--format', 'json', ...files], env());
    expect(r.code, WHY).toBe(1);
    expect(connections - before, WHY).toBe(0);
    expect(r.stderr, WHY).not.toMatch(noStack);
    const doc = JSON.parse(r.stdout) as { error: { code: string; problems: { file: string; severity: string }[] } };
    expect(doc.error.code).toBe('INVALID_ZONE_FILE');
    const named = new Set(doc.error.problems.filter((p) => p.severity === 'error').map((p) => p.file));
    expect([...named].sort(), WHY).toEqual([...files].sort());
  }, 120_000);
});
