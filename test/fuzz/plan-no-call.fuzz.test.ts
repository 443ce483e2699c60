/**
 * Fuzz, through the real CLI: `plan` and `apply` of a mutated zone file that does not validate
 * make no connection to the API at all (a TCP listener stands where the API would be and counts
 * connections), exit 1, and print no stack trace.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadZoneFile } from '../../src/core/zonefile/index.js';
import { aliasBomb } from '../fixtures/zonefile/hostile.js';
import { runCli } from '../cli/run-cli.js';

const BASE = readFileSync(new URL('../../examples/zone.yaml', import.meta.url), 'utf8');
const dir = mkdtempSync(join(tmpdir(), 'zonectl-fuzz-plan-'));

/** Breakages that keep the YAML readable but make the file invalid, or make it unreadable. */
const breakage = fc.constantFrom(
  (t: string) => t.replace('192.0.2.10', '300.0.2.10'),
  (t: string) => t.replace('type: MX', 'type: MXX'),
  (t: string) => t.replace('zone: example.com', 'zone: -bad-.example.com'),
  (t: string) => `${t}\n  - { name: "a|b", type: TXT, content: x }\n`,
  (t: string) => `${t}\nx: [unclosed\n`,
  (t: string) => `${aliasBomb(9)}`,
  (t: string) => t.replace('version: 1', 'version: 1\nversion: 2'),
  (t: string) => `${t.slice(0, Math.floor(t.length / 2))}\u0000${t.slice(Math.floor(t.length / 2))}`,
);

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

  it('plan and apply of mutated invalid files: exit 1, no connection, no stack trace', async () => {
    const samples = fc.sample(fc.array(breakage, { minLength: 1, maxLength: 2 }), { numRuns: 6, seed: 20261122 });
    for (const [i, fns] of samples.entries()) {
      const text = fns.reduce((t, f) => f(t), BASE);
      const { problems } = loadZoneFile({ path: 'x.yaml', text }, {});
      expect(problems.some((p) => p.severity === 'error'), text.slice(0, 200)).toBe(true);
      const file = join(dir, `invalid-${i}.yaml`);
      writeFileSync(file, text);
      for (const args of [['plan', file], ['apply', file, '--yes']]) {
        const before = connections;
        const r = await runCli(args, { CLOUDFLARE_BASE_URL: baseUrl, CLOUDFLARE_API_TOKEN: 'fuzz-token-never-sent-1234' });
        expect(r.code, r.stderr).toBe(1);
        expect(connections - before).toBe(0);
        expect(r.stderr).not.toMatch(/\n\s+at .+:\d+:\d+\)?\n/);
        expect(r.stderr).toMatch(/zonectl: error\[INVALID_ZONE_FILE\]/);
      }
    }
  }, 300_000);
});
