/**
 * The safety thresholds through the CLI: updates over `max_update_percent` refuse to apply with
 * error[UNSAFE_PLAN] (text and JSON) and change nothing; `--force` or a higher threshold lets
 * the same change through; at the threshold itself nothing is refused.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOKEN, listRecords, startHarness, type Harness } from '../scenario/harness.js';
import { runCli } from '../support/run-cli.js';
import { tempDir } from '../support/temp-dir.js';

/** Ten A records h0..h9; the first `changed` of them point at another address. */
const zone = (changed: number, manage = ''): string =>
  `version: 1\nzone: example.com\nrecords:\n${Array.from({ length: 10 }, (_, i) => `  - { name: h${i}, type: A, content: 192.0.2.${i < changed ? 100 + i : i + 1} }`).join('\n')}\n${manage}`;

describe('max_update_percent through the CLI', () => {
  let h: Harness;
  let dir: string;
  let env: Record<string, string>;
  const write = (name: string, text: string): string => {
    const p = join(dir, name);
    writeFileSync(p, text);
    return p;
  };
  const addresses = async (): Promise<string[]> => (await listRecords(h)).map((r) => r.content).sort();
  beforeAll(async () => {
    h = await startHarness();
    dir = tempDir('safety');
    env = { CLOUDFLARE_BASE_URL: h.emulator.baseUrl, CLOUDFLARE_API_TOKEN: TOKEN };
    expect((await runCli(['apply', write('base.yaml', zone(0)), '--yes'], env)).code).toBe(0);
  });
  afterAll(async () => {
    await h.close();
  });

  it('4 updates of 10 records (40% > 30%): refused with UNSAFE_PLAN in text and JSON, nothing changed', async () => {
    const before = await addresses();
    const f = write('four.yaml', zone(4));
    const text = await runCli(['apply', f, '--yes'], env);
    expect(text.code).toBe(1);
    expect(text.stderr).toMatch(
      /^zonectl: error\[UNSAFE_PLAN\]: example\.com: refusing to apply without --force: 4 updates are 40% of the zone's manageable records \(limit 30%\)$/m,
    );
    const json = await runCli(['apply', f, '--yes', '--format', 'json'], env);
    expect(json.code).toBe(1);
    const doc = JSON.parse(json.stdout) as { error?: { code: string } };
    expect(doc.error?.code).toBe('UNSAFE_PLAN');
    expect(await addresses()).toEqual(before);
    // plan shows the refusal ahead of apply, and still exits 2 for the changes.
    const plan = await runCli(['plan', f, '--detailed-exitcode'], env);
    expect(plan.code).toBe(2);
    expect(plan.stdout + plan.stderr).toMatch(/4 updates are 40%/);
  });

  it('3 updates of 10 (30%, at the limit) apply without --force', async () => {
    const r = await runCli(['apply', write('three.yaml', zone(3)), '--yes'], env);
    expect(r.code, r.stderr).toBe(0);
    expect(await addresses()).toContain('192.0.2.102');
  });

  it('--force, or max_update_percent: 50 in the file, lets 5 updates through', async () => {
    const forced = await runCli(['apply', write('five.yaml', zone(5)), '--yes', '--force'], env);
    expect(forced.code, forced.stderr).toBe(0);
    expect(await addresses()).toContain('192.0.2.104');
    const back = await runCli(['apply', write('back.yaml', zone(0, 'manage: { max_update_percent: 50 }\n')), '--yes'], env);
    expect(back.code, back.stderr).toBe(0);
    expect(await addresses()).toEqual(Array.from({ length: 10 }, (_, i) => `192.0.2.${i + 1}`).sort());
    expect((await runCli(['plan', write('again.yaml', zone(0)), '--detailed-exitcode'], env)).code).toBe(0);
  });
});
