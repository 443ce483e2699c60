/**
 * Interrupted and killed applies, with real child processes against the emulator. A proxy holds
 * one create in flight (test/api/drop-proxy.ts) until the signal has been handled, so that the
 * signal always arrives while the apply is writing, however slow the machine (no latency race).
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startDropProxy, type DropProxy } from '../api/drop-proxy.js';
import { TOKEN, listRecords, startHarness, type Harness } from '../scenario/harness.js';
import { runCli } from '../support/run-cli.js';
import { spawnCli, type RunningCli } from '../support/spawn-cli.js';
import { waitUntil } from '../support/wait-until.js';
import { tempDir } from '../support/temp-dir.js';

const zoneFile = (prefix: string, count: number): string =>
  `version: 1\nzone: example.com\nmanage: { unmanaged: keep }\nrecords:\n` +
  Array.from({ length: count }, (_, i) => `  - { name: ${prefix}${i}, type: A, content: 192.0.2.${i + 1} }\n`).join('');

/** Holds the `n`th POST to a records path (the first takes the apply lock, then one per create). */
function holdPost(proxy: DropProxy, n: number): Promise<string> {
  let posts = 0;
  proxy.setRule((method, path) => {
    if (method !== 'POST' || !/\/dns_records$/.test(path)) return 'pass';
    posts += 1;
    return posts === n ? 'hold' : 'pass';
  });
  return proxy.held();
}

/** The held call, or (should the CLI end first) what it said: a failure, never a wait. */
function heldOrEnded(held: Promise<string>, cli: RunningCli): Promise<string> {
  return Promise.race([held, cli.done.then((r) => `ended with ${r.code}: ${r.stderr}`)]);
}

describe('apply interrupted by a signal, or killed', () => {
  let h: Harness;
  let proxy: DropProxy;
  let dir: string;
  let env: Record<string, string>;

  beforeAll(async () => {
    h = await startHarness();
    proxy = await startDropProxy(h.emulator.baseUrl);
    dir = tempDir('interrupt');
    env = { CLOUDFLARE_BASE_URL: proxy.baseUrl, CLOUDFLARE_API_TOKEN: TOKEN };
  });
  afterEach(() => {
    proxy.release();
    proxy.setRule(() => 'pass');
  });
  afterAll(async () => {
    await proxy.close();
    await h.close();
  });

  const lockRecords = async () => (await listRecords(h)).filter((r) => r.name.startsWith('_zonectl'));

  it('SIGINT: stops sending, says what was applied and what was not, exits 130, releases the lock; a re-run converges', async () => {
    const file = join(dir, 'sigint.yaml');
    writeFileSync(file, zoneFile('int', 24));
    const held = holdPost(proxy, 4); // the lock, two creates, then the third create waits
    const apply = spawnCli(['apply', file, '--yes', '--no-batch', '--concurrency', '1', '--verbose'], env);
    expect(await heldOrEnded(held, apply)).toMatch(/^POST /);
    await apply.waitForStderr(/2\/24 operations applied/);
    apply.child.kill('SIGINT');
    await apply.waitForStderr(/SIGINT: sending no more calls/);
    proxy.release(); // the call in flight finishes; nothing more is sent
    const r = await apply.done;
    expect(r.code).toBe(130);
    expect(r.stderr).toMatch(/SIGINT: sending no more calls/);
    const summary = /example\.com: interrupted by SIGINT: (\d+) of 24 operations applied, (\d+) not applied/.exec(r.stderr);
    expect(summary, r.stderr).not.toBeNull();
    const applied = Number(summary?.[1]);
    expect(applied).toBeGreaterThanOrEqual(2);
    expect(applied).toBeLessThan(24);
    expect(Number(summary?.[2])).toBe(24 - applied);
    expect(r.stderr).toMatch(/ {2}applied \(\d+\):\n {4}\+ int\d+\.example\.com A/);
    expect(r.stderr).toMatch(/ {2}not applied \(\d+\):\n {4}\+ int\d+\.example\.com A/);
    expect(r.stderr).toMatch(/Run the same apply again to finish: it plans only what remains/);
    expect(r.stderr).toMatch(/^zonectl: error\[INTERRUPTED\]: interrupted by SIGINT; the apply lock was released$/m);
    // What the summary says is what the zone holds.
    const live = (await listRecords(h)).filter((x) => x.name.startsWith('int'));
    expect(live).toHaveLength(applied);
    expect(await lockRecords()).toEqual([]);

    const again = await runCli(['apply', file, '--yes'], env);
    expect(again.stderr).not.toMatch(/error/);
    expect(again.code).toBe(0);
    expect(again.stdout).toMatch(`applied ${24 - applied} create`);
    const plan = await runCli(['plan', file, '--detailed-exitcode'], env);
    expect(plan.code).toBe(0);
    expect(plan.stdout).not.toMatch(/_zonectl/);
  });

  it('SIGTERM exits 143 with the same summary', async () => {
    const file = join(dir, 'sigterm.yaml');
    writeFileSync(file, zoneFile('term', 20));
    const held = holdPost(proxy, 3);
    const apply = spawnCli(['apply', file, '--yes', '--no-batch', '--concurrency', '1', '--verbose'], env);
    expect(await heldOrEnded(held, apply)).toMatch(/^POST /);
    await apply.waitForStderr(/1\/20 operations applied/);
    apply.child.kill('SIGTERM');
    await apply.waitForStderr(/SIGTERM: sending no more calls/);
    proxy.release();
    const r = await apply.done;
    expect(r.code).toBe(143);
    expect(r.stderr).toMatch(/interrupted by SIGTERM: \d+ of 20 operations applied/);
    expect(await lockRecords()).toEqual([]);
  });

  it('a SIGKILLed apply leaves its lock behind, and the next apply on this host takes it over at once', async () => {
    const file = join(dir, 'kill.yaml');
    writeFileSync(file, zoneFile('kill', 20));
    const held = holdPost(proxy, 3);
    const apply = spawnCli(['apply', file, '--yes', '--no-batch', '--concurrency', '1', '--verbose'], env);
    expect(await heldOrEnded(held, apply)).toMatch(/^POST /);
    await apply.waitForStderr(/1\/20 operations applied/);
    apply.child.kill('SIGKILL');
    await apply.done;
    // The create the killed run had sent lands now, before the next run reads the zone.
    const forwarded = proxy.forwarded.length;
    proxy.setRule(() => 'pass');
    proxy.release();
    await waitUntil(() => proxy.forwarded.length > forwarded);
    const left = await lockRecords();
    expect(left).toHaveLength(1);
    expect(left[0].content).toMatch(new RegExp(`pid-${apply.child.pid}\\.`));

    // --lock-timeout 0: the next run must not wait for a dead owner.
    const again = await runCli(['apply', file, '--yes', '--lock-timeout', '0'], env);
    expect(again.stderr).toMatch(
      new RegExp(
        `taking over the apply lock of example\\.com \\(host [a-z0-9-]+, pid ${apply.child.pid}, .*\\): its process ${apply.child.pid} on this host is gone`,
      ),
    );
    expect(again.code).toBe(0);
    expect(await lockRecords()).toEqual([]);
    expect((await runCli(['plan', file, '--detailed-exitcode'], env)).code).toBe(0);
  });
});
