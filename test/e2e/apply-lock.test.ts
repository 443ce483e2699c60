/**
 * Concurrent applies to one zone are serialized by the apply lock: real child processes against
 * the emulator. Where two applies must overlap, a proxy holds a write of the first until the
 * second is seen waiting (no latency, no timing).
 */
import { writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeLockTarget, lockRecordName, toLabel } from '../../src/core/lock/lock-record.js';
import { startDropProxy, type DropProxy } from '../api/drop-proxy.js';
import { TOKEN, listRecords, startHarness, type Harness } from '../scenario/harness.js';
import { runCli } from '../support/run-cli.js';
import { spawnCli } from '../support/spawn-cli.js';
import { tempDir } from '../support/temp-dir.js';

const zoneFile = (prefix: string, count: number, extra = ''): string =>
  `version: 1\nzone: example.com\nmanage: { unmanaged: delete }\nrecords:\n${extra}` +
  Array.from({ length: count }, (_, i) => `  - { name: ${prefix}${i}, type: A, content: 198.51.100.${i + 1} }\n`).join('');

describe('concurrent applies to one zone', () => {
  let h: Harness;
  let dir: string;
  let env: Record<string, string>;
  const api = (method: string, path: string, body?: unknown) =>
    fetch(`${h.emulator.baseUrl}${path}`, {
      method,
      headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  let proxy: DropProxy;
  beforeAll(async () => {
    h = await startHarness();
    proxy = await startDropProxy(h.emulator.baseUrl);
    dir = tempDir('lock');
    env = { CLOUDFLARE_BASE_URL: h.emulator.baseUrl, CLOUDFLARE_API_TOKEN: TOKEN };
  });
  afterAll(async () => {
    await proxy.close();
    await h.close();
  });

  it('two applies of different files at once: the second waits, plans again, and the zone ends as its file says', async () => {
    const first = join(dir, 'first.yaml');
    const second = join(dir, 'second.yaml');
    writeFileSync(first, zoneFile('one', 8));
    writeFileSync(second, zoneFile('two', 6));
    // The first apply's third POST (the lock, one record, then this one) waits in the proxy
    // until the second apply says it is waiting for the lock.
    let posts = 0;
    proxy.setRule((method, path) => (method === 'POST' && /\/dns_records$/.test(path) && ++posts === 3 ? 'hold' : 'pass'));
    const held = proxy.held();
    const a = spawnCli(['apply', first, '--yes', '--no-batch', '--concurrency', '1'], { ...env, CLOUDFLARE_BASE_URL: proxy.baseUrl });
    const heldFirst = await Promise.race([held, a.done.then((r) => `ended with ${r.code}: ${r.stderr}`)]);
    expect(heldFirst).toMatch(/^POST /);
    const b = spawnCli(['apply', second, '--yes', '--force', '--no-batch'], env);
    await b.waitForStderr(/waiting for the apply lock of example\.com/);
    proxy.release();
    const [ra, rb] = await Promise.all([a.done, b.done]);
    expect(ra.stderr).not.toMatch(/error/);
    expect(ra.code).toBe(0);
    expect(ra.stdout).toMatch(/applied 8 create, 0 update, 0 delete .*verified/);
    expect(rb.stderr).toMatch(/waiting for the apply lock of example\.com: held by host [a-z0-9-]+, pid \d+, run [a-z0-9-]+, \d+ s old/);
    expect(rb.stderr).toMatch(/the zone changed while waiting for the apply lock; planned again/);
    expect(rb.stderr).not.toMatch(/error/);
    expect(rb.code).toBe(0);
    expect(rb.stdout).toMatch(/applied 6 create, 0 update, 8 delete .*verified/);
    // Never mixed: exactly the second file's records, and no lock left behind.
    const names = (await listRecords(h))
      .filter((r) => r.type === 'A')
      .map((r) => r.name)
      .sort();
    expect(names).toEqual(Array.from({ length: 6 }, (_, i) => `two${i}.example.com`).sort());
    expect((await listRecords(h)).filter((r) => r.name.startsWith('_zonectl'))).toEqual([]);
    expect((await runCli(['plan', second, '--detailed-exitcode'], env)).code).toBe(0);
  });

  it('a saved plan made stale by another writer while it waits for the lock is refused under the lock', async () => {
    const file = join(dir, 'saved.yaml');
    writeFileSync(file, zoneFile('two', 5, '  - { name: www, type: A, content: 203.0.113.1 }\n'));
    const planPath = join(dir, 'saved.json');
    expect((await runCli(['plan', file, '--out', planPath], env)).code).toBe(0);
    // The lock of a live run on this host (this test process), with a long lease.
    const target = encodeLockTarget({
      host: toLabel(hostname()),
      pid: process.pid,
      runId: 'other',
      expiresAt: Math.floor(Date.now() / 1000) + 3600,
    });
    const lock = (await (
      await api('POST', `/zones/${h.zoneId}/dns_records`, { type: 'CNAME', name: lockRecordName('example.com'), content: target, ttl: 60 })
    ).json()) as { result: { id: string } };
    const apply = spawnCli(['apply', '--plan', planPath, '--yes'], env, dir);
    await apply.waitForStderr(/waiting for the apply lock of example\.com: held by host [a-z0-9-]+, pid \d+, run other/);
    // Another writer changes a name the plan touches, then releases its lock.
    await api('POST', `/zones/${h.zoneId}/dns_records`, { type: 'TXT', name: 'www.example.com', content: 'written by someone else' });
    await api('DELETE', `/zones/${h.zoneId}/dns_records/${lock.result.id}`);
    const r = await apply.done;
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(
      /zonectl: error\[STALE_PLAN\]: example\.com: the saved plan is stale: live state changed since it was made \(www\.example\.com\)/,
    );
    expect((await listRecords(h)).some((x) => x.name === 'www.example.com' && x.type === 'A')).toBe(false);
    expect((await listRecords(h)).filter((x) => x.name.startsWith('_zonectl'))).toEqual([]);
  });

  it('--force-unlock removes a lock another host left, and --lock-timeout bounds the wait', async () => {
    const file = join(dir, 'unlock.yaml');
    writeFileSync(file, zoneFile('two', 6, '  - { name: api, type: A, content: 203.0.113.9 }\n'));
    const target = encodeLockTarget({ host: 'elsewhere', pid: 1, runId: 'gone', expiresAt: Math.floor(Date.now() / 1000) + 3600 });
    await api('POST', `/zones/${h.zoneId}/dns_records`, { type: 'CNAME', name: lockRecordName('example.com'), content: target, ttl: 60 });
    const busy = await runCli(['apply', file, '--yes', '--lock-timeout', '1s'], env);
    expect(busy.code).toBe(1);
    expect(busy.stderr).toMatch(/zonectl: error\[ZONE_LOCKED\]: .*held by host elsewhere, pid 1, run gone.*--force-unlock/);
    expect((await listRecords(h)).some((x) => x.name === 'api.example.com')).toBe(false);
    const forced = await runCli(['apply', file, '--yes', '--force-unlock'], env);
    expect(forced.stderr).toMatch(/example\.com: removed the apply lock of host elsewhere, pid 1, run gone/);
    expect(forced.code).toBe(0);
    expect((await listRecords(h)).some((x) => x.name === 'api.example.com')).toBe(true);
  });
});
