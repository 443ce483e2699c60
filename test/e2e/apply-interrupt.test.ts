/**
 * Interrupted and killed applies, with real child processes against the emulator (slowed down
 * with latency so that the signal arrives while the apply is writing).
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOKEN, listRecords, startHarness, type Harness } from '../scenario/harness.js';
import { runCli } from '../support/run-cli.js';
import { spawnCli } from '../support/spawn-cli.js';

const zoneFile = (prefix: string, count: number): string =>
  `version: 1\nzone: example.com\nmanage: { unmanaged: keep }\nrecords:\n` +
  Array.from({ length: count }, (_, i) => `  - { name: ${prefix}${i}, type: A, content: 192.0.2.${i + 1} }\n`).join('');

describe('apply interrupted by a signal, or killed', () => {
  let h: Harness;
  let dir: string;
  let env: Record<string, string>;

  beforeAll(async () => {
    h = await startHarness({ latencyMs: 150 });
    dir = mkdtempSync(join(tmpdir(), 'zonectl-interrupt-'));
    env = { CLOUDFLARE_BASE_URL: h.emulator.baseUrl, CLOUDFLARE_API_TOKEN: TOKEN };
  });
  afterAll(async () => {
    await h.close();
  });

  const lockRecords = async () => (await listRecords(h)).filter((r) => r.name.startsWith('_zonectl'));

  it('SIGINT: stops sending, says what was applied and what was not, exits 130, releases the lock; a re-run converges', async () => {
    const file = join(dir, 'sigint.yaml');
    writeFileSync(file, zoneFile('int', 24));
    const apply = spawnCli(['apply', file, '--yes', '--no-batch', '--concurrency', '1', '--verbose'], env);
    await apply.waitForStderr(/2\/24 operations applied/);
    apply.child.kill('SIGINT');
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
    const apply = spawnCli(['apply', file, '--yes', '--no-batch', '--concurrency', '1', '--verbose'], env);
    await apply.waitForStderr(/1\/20 operations applied/);
    apply.child.kill('SIGTERM');
    const r = await apply.done;
    expect(r.code).toBe(143);
    expect(r.stderr).toMatch(/interrupted by SIGTERM: \d+ of 20 operations applied/);
    expect(await lockRecords()).toEqual([]);
  });

  it('a SIGKILLed apply leaves its lock behind, and the next apply on this host takes it over at once', async () => {
    const file = join(dir, 'kill.yaml');
    writeFileSync(file, zoneFile('kill', 20));
    const apply = spawnCli(['apply', file, '--yes', '--no-batch', '--concurrency', '1', '--verbose'], env);
    await apply.waitForStderr(/1\/20 operations applied/);
    apply.child.kill('SIGKILL');
    await apply.done;
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
