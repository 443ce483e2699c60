import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOKEN, startHarness, type Harness } from '../scenario/harness.js';
import { runCli } from '../support/run-cli.js';
import { tempDir } from '../support/temp-dir.js';

describe('several zone files in one run', () => {
  let h: Harness;
  let files: string[];
  let env: Record<string, string>;
  beforeAll(async () => {
    h = await startHarness({ zones: ['example.com', 'example.org'] });
    const dir = tempDir('multi');
    files = ['example.com', 'example.org'].map((zone) => {
      const p = join(dir, `${zone}.yaml`);
      writeFileSync(
        p,
        `version: 1\nzone: ${zone}\nrecords:\n  - { name: www, type: A, content: 192.0.2.1 }\n  - { name: "@", type: TXT, content: "${zone}" }\n`,
      );
      return p;
    });
    env = { CLOUDFLARE_BASE_URL: h.emulator.baseUrl, CLOUDFLARE_API_TOKEN: TOKEN };
  });
  afterAll(async () => {
    await h.close();
  });

  it('plans each zone, applies both, and plans clean', async () => {
    const plan = await runCli(['plan', ...files, '--format', 'json'], env);
    expect(plan.code).toBe(0);
    const doc = JSON.parse(plan.stdout) as { zones: Array<{ zone: string; summary: { create: number } }> };
    expect(doc.zones.map((z) => [z.zone, z.summary.create])).toEqual([
      ['example.com', 2],
      ['example.org', 2],
    ]);
    const apply = await runCli(['apply', ...files, '--yes'], env);
    expect(apply.code).toBe(0);
    expect(apply.stdout.match(/verified: a new plan is empty/g)).toHaveLength(2);
    expect((await runCli(['drift', ...files], env)).code).toBe(0);
  });

  it('refuses two files for the same zone before any API call', async () => {
    const copy = files[0].replace('example.com.yaml', 'copy.yaml');
    writeFileSync(copy, 'version: 1\nzone: EXAMPLE.com.\nrecords: []\n');
    const r = await runCli(['plan', files[0], copy], { ...env, CLOUDFLARE_BASE_URL: 'http://127.0.0.1:9/client/v4' });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/copy\.yaml:\d+:\d+ zone: zone example\.com is also described by .*example\.com\.yaml; one file per zone/);
    expect(r.stderr).not.toMatch(/ECONNREFUSED/);
  });
});
