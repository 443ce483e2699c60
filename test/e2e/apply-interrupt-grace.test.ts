/**
 * The grace time of an interrupted apply, end to end: after the first SIGINT the call in flight
 * may finish (and is then counted as applied); a second SIGINT stops at once, without waiting
 * for it. The call is kept in flight by a proxy that holds it until the test releases it, so
 * nothing depends on timing.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startDropProxy, type DropProxy } from '../api/drop-proxy.js';
import { TOKEN, listRecords, startHarness, type Harness } from '../scenario/harness.js';
import { runCli } from '../support/run-cli.js';
import { spawnCli, type RunningCli } from '../support/spawn-cli.js';
import { tempDir } from '../support/temp-dir.js';

const zoneFile = (prefix: string, count: number): string =>
  `version: 1\nzone: example.com\nmanage: { unmanaged: keep }\nrecords:\n` +
  Array.from({ length: count }, (_, i) => `  - { name: ${prefix}${i}, type: A, content: 192.0.2.${i + 1} }\n`).join('');

/** The held call, or (should the CLI end first) what it said: a failure, never a wait. */
function heldOrEnded(held: Promise<string>, cli: RunningCli): Promise<string> {
  return Promise.race([held, cli.done.then((r) => `ended with ${r.code}: ${r.stderr}`)]);
}

/** Holds the third POST to a records path: the first takes the apply lock, the second creates a record. */
function holdThirdPost(proxy: DropProxy): void {
  let posts = 0;
  proxy.setRule((method, path) => {
    if (method !== 'POST' || !/\/dns_records$/.test(path)) return 'pass';
    posts += 1;
    return posts === 3 ? 'hold' : 'pass';
  });
}

describe('apply interrupted while a call is in flight', () => {
  let h: Harness;
  let proxy: DropProxy;
  let dir: string;
  beforeAll(async () => {
    h = await startHarness();
    proxy = await startDropProxy(h.emulator.baseUrl);
    dir = tempDir('grace');
  });
  afterEach(() => {
    proxy.release();
    proxy.setRule(() => 'pass');
  });
  afterAll(async () => {
    await proxy.close();
    await h.close();
  });
  const env = (): Record<string, string> => ({ CLOUDFLARE_BASE_URL: proxy.baseUrl, CLOUDFLARE_API_TOKEN: TOKEN });
  const live = async (prefix: string) =>
    (await listRecords(h))
      .filter((r) => r.name.startsWith(prefix))
      .map((r) => r.name)
      .sort();

  it('the first SIGINT lets the call in flight finish: it is counted as applied, the lock is released, exit 130', async () => {
    const file = join(dir, 'grace.yaml');
    writeFileSync(file, zoneFile('grace', 5));
    holdThirdPost(proxy);
    const held = proxy.held();
    const apply = spawnCli(['apply', file, '--yes', '--no-batch', '--concurrency', '1', '--verbose'], env());
    expect(await heldOrEnded(held, apply)).toMatch(/^POST /);
    await apply.waitForStderr(/1\/5 operations applied/);
    apply.child.kill('SIGINT');
    await apply.waitForStderr(/SIGINT: sending no more calls; waiting up to 10 s for the calls in flight/);
    proxy.release();
    const r = await apply.done;
    expect(r.code).toBe(130);
    expect(r.stderr).toMatch(/example\.com: interrupted by SIGINT: 2 of 5 operations applied, 3 not applied/);
    expect(r.stderr).not.toMatch(/may have been applied/);
    expect(r.stderr).toMatch(/the apply lock was released/);
    // What it says is what the zone holds: the call it waited for was applied.
    expect(await live('grace')).toEqual(['grace0.example.com', 'grace1.example.com']);
    expect((await listRecords(h)).filter((x) => x.name.startsWith('_zonectl'))).toEqual([]);
  });

  it('a second SIGINT stops at once without waiting for the call in flight, and says it may have been applied', async () => {
    const file = join(dir, 'twice.yaml');
    writeFileSync(file, zoneFile('twice', 5));
    holdThirdPost(proxy);
    const held = proxy.held();
    const apply = spawnCli(['apply', file, '--yes', '--no-batch', '--concurrency', '1', '--verbose'], env());
    expect(await heldOrEnded(held, apply)).toMatch(/^POST /);
    await apply.waitForStderr(/1\/5 operations applied/);
    apply.child.kill('SIGINT');
    await apply.waitForStderr(/again to stop at once/);
    apply.child.kill('SIGINT');
    // The held call is still held: the run can only end by not waiting for it.
    const r = await apply.done;
    expect(r.code).toBe(130);
    expect(r.stderr).toMatch(/interrupted by SIGINT: 1 of 5 operations applied/);
    expect(r.stderr).toMatch(/calls still in flight when zonectl stopped waiting may have been applied/);
    expect(r.stderr).toMatch(/The apply lock of example\.com was left behind/);
    proxy.release();
    // The next apply on this host takes the lock over and finishes the zone.
    const again = await runCli(['apply', file, '--yes'], env());
    expect(again.code, again.stderr).toBe(0);
    expect(await live('twice')).toHaveLength(5);
    expect((await runCli(['plan', file, '--detailed-exitcode'], env())).code).toBe(0);
  });
});
