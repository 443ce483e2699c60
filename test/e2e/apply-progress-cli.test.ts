/**
 * Apply's progress through the real CLI without a terminal (as in CI): a few lines, not one per
 * call; one line per call with --verbose; nothing with --quiet. The pacing itself (a line at most
 * every 10 s) is tested with a fake clock in apply-progress.test.ts.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOKEN, startHarness, type Harness } from '../scenario/harness.js';
import { runCli } from '../support/run-cli.js';
import { tempDir } from '../support/temp-dir.js';

const N = 300;

const zoneWith = (content: (i: number) => string): string =>
  `version: 1\nzone: example.com\nrecords:\n  - { name: www, type: A, content: 192.0.2.1 }\n${Array.from({ length: N }, (_, i) => `  - { name: h${i}, type: TXT, content: "${content(i)}" }\n`).join('')}`;

describe('apply progress without a terminal', () => {
  let h: Harness;
  let dir: string;
  let env: Record<string, string>;
  beforeAll(async () => {
    // 301 records pass a Free zone's record quota (200; issue 43 item 5): the zone is on Pro (3,500).
    h = await startHarness({ zonePlan: 'pro' });
    dir = tempDir('progress');
    env = { CLOUDFLARE_BASE_URL: h.emulator.baseUrl, CLOUDFLARE_API_TOKEN: TOKEN };
  });
  afterAll(async () => {
    await h.close();
  });

  it(`--no-batch on ${N} records: far fewer stderr lines than calls, and the final line`, async () => {
    const file = join(dir, 'a.yaml');
    writeFileSync(
      file,
      zoneWith((i) => `first ${i}`),
    );
    const r = await runCli(['apply', file, '--yes', '--no-batch'], env);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(new RegExp(`applied ${N + 1} create, 0 update, 0 delete in ${N + 1} calls`));
    const lines = r.stderr.split('\n').filter((l) => l !== '');
    expect(lines.length).toBeLessThan(N / 10);
    expect(r.stderr).not.toMatch(/operations applied \((POST|PATCH|PUT|DELETE) /);
    expect(r.stderr).toMatch(new RegExp(`^example\\.com: ${N + 1}/${N + 1} operations applied \\(100%, [\\d.]+/s, in \\d+ s\\)$`, 'm'));
  });

  it('--verbose: one line per completed call, as before', async () => {
    const file = join(dir, 'b.yaml');
    writeFileSync(
      file,
      zoneWith((i) => `second ${i}`),
    );
    const r = await runCli(['apply', file, '--yes', '--no-batch', '--force', '--verbose'], env);
    expect(r.code, r.stderr.slice(-2000)).toBe(0);
    const perCall = r.stderr
      .split('\n')
      .filter((l) => /^example\.com: \d+\/300 operations applied \((PATCH|PUT) \/zones\/[^ ]+\/dns_records\/[^ ]+\)$/.test(l));
    expect(perCall).toHaveLength(N);
  });

  it('--quiet: no progress and no notes, only the result on stdout', async () => {
    const file = join(dir, 'c.yaml');
    writeFileSync(
      file,
      zoneWith((i) => `third ${i}`),
    );
    const planFile = join(dir, 'plan.json');
    const plan = await runCli(['--quiet', 'plan', file, '--out', planFile], env);
    expect(plan.code).toBe(0);
    expect(plan.stderr).not.toMatch(/Plan saved to/);
    const noisy = await runCli(['plan', file, '--out', planFile], env);
    expect(noisy.stderr).toMatch(/Plan saved to/);
    const r = await runCli(['apply', '--plan', planFile, '--yes', '--no-batch', '--force', '--quiet'], env, dir);
    expect(r.code, r.stderr.slice(-2000)).toBe(0);
    expect(r.stderr).toBe('');
    expect(r.stdout).toMatch(new RegExp(`applied 0 create, ${N} update, 0 delete in ${N} calls; verified`));
  });
});
