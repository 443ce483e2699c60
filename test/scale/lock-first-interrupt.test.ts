/**
 * `apply --yes` of one file takes the apply lock before it plans: an interrupt while it plans
 * under the lock releases the lock, says nothing was changed, and exits 130.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../src/emulator/server.js';
import { startDropProxy, type DropProxy } from '../api/drop-proxy.js';
import { spawnCli } from '../support/spawn-cli.js';
import { tempDir } from '../support/temp-dir.js';

const TOKEN = 'lock-first-interrupt-token-0123456789';

describe('an interrupt while apply plans under the lock it took first', () => {
  let emulator: RunningEmulator | undefined;
  let proxy: DropProxy | undefined;
  afterAll(async () => {
    await proxy?.close();
    await emulator?.close();
  });

  it('releases the lock and exits 130 with nothing changed', async () => {
    emulator = await startEmulator({ port: 0, zones: ['example.com'], token: TOKEN });
    proxy = await startDropProxy(emulator.baseUrl);
    // The records read that follows the lock's POST is held in the proxy: it is in flight, for
    // as long as the test needs, when SIGINT comes.
    let locked = false;
    proxy.setRule((method, path) => {
      if (method === 'POST' && /\/dns_records$/.test(path)) locked = true;
      else if (locked && method === 'GET' && /\/dns_records(\?|$)/.test(path)) return 'hold';
      return 'pass';
    });
    const held = proxy.held();
    const file = join(tempDir('lockfirst'), 'example.com.yaml');
    writeFileSync(file, 'version: 1\nzone: example.com\nrecords:\n  - { name: www, type: A, content: 192.0.2.1 }\n');
    const cli = spawnCli(['apply', '--yes', file], { CLOUDFLARE_BASE_URL: proxy.baseUrl, CLOUDFLARE_API_TOKEN: TOKEN });
    // Should the CLI end before the read is held, fail with what it said instead of waiting.
    const first = await Promise.race([held, cli.done.then((r) => `ended with ${r.code}: ${r.stderr}`)]);
    expect(first).toMatch(/^GET \S+\/dns_records/);
    cli.child.kill('SIGINT');
    // The read stays held until the CLI has answered the signal: released at once, its answer
    // could reach the CLI in the same turn of its event loop as the signal, before it.
    await cli.waitForStderr(/interrupted by SIGINT/);
    const r = await cli.done;
    proxy.release();
    expect(r.code).toBe(130);
    expect(r.stderr).toMatch(/zonectl: interrupted by SIGINT before any write; nothing was changed\./);
    expect(r.stderr).toMatch(/zonectl: error\[INTERRUPTED\]: interrupted by SIGINT/);
    const res = await fetch(`${emulator.baseUrl}/zones/${emulator.zones[0]!.id}/dns_records`, {
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    // Nothing was written, and the lock it took was released.
    expect(((await res.json()) as { result: unknown[] }).result).toEqual([]);
  }, 180_000);
});
