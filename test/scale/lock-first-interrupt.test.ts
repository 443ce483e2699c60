/**
 * `apply --yes` of one file takes the apply lock before it plans: an interrupt while it plans
 * under the lock releases the lock, says nothing was changed, and exits 130.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../src/emulator/server.js';
import { spawnCli } from '../cli/spawn-cli.js';

const TOKEN = 'lock-first-interrupt-token-0123456789';

describe('an interrupt while apply plans under the lock it took first', () => {
  let emulator: RunningEmulator | undefined;
  afterAll(async () => {
    await emulator?.close();
  });

  it('releases the lock and exits 130 with nothing changed', async () => {
    let lockTaken!: () => void;
    const taken = new Promise<void>((resolve) => (lockTaken = resolve));
    // Every request takes 400 ms: the records read under the lock is still in flight when SIGINT comes.
    emulator = await startEmulator({
      port: 0,
      zones: ['example.com'],
      token: TOKEN,
      latencyMs: 400,
      logger: (line) => {
        if (/^POST \S+\/dns_records /.test(line)) lockTaken();
      },
    });
    const file = join(mkdtempSync(join(tmpdir(), 'zonectl-lockfirst-')), 'example.com.yaml');
    writeFileSync(file, 'version: 1\nzone: example.com\nrecords:\n  - { name: www, type: A, content: 192.0.2.1 }\n');
    const cli = spawnCli(['apply', '--yes', file], { CLOUDFLARE_BASE_URL: emulator.baseUrl, CLOUDFLARE_API_TOKEN: TOKEN });
    await taken;
    await new Promise((resolve) => setTimeout(resolve, 100));
    cli.child.kill('SIGINT');
    const r = await cli.done;
    expect(r.code).toBe(130);
    expect(r.stderr).toMatch(/zonectl: interrupted by SIGINT before any write; nothing was changed\./);
    expect(r.stderr).toMatch(/zonectl: error\[INTERRUPTED\]: interrupted by SIGINT/);
    const res = await fetch(`${emulator.baseUrl}/zones/${emulator.zones[0]!.id}/dns_records`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(((await res.json()) as { result: unknown[] }).result).toEqual([]);
  }, 60_000);
});
