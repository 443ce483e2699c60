import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOKEN, listRecords, startHarness, type Harness } from '../scenario/harness.js';
import { runCli } from '../support/run-cli.js';
import { tempDir } from '../support/temp-dir.js';

const ZONE = (ip: string) => `version: 1
zone: example.com
settings: { flatten_all_cnames: true }
records:
  - { name: "@", type: A, content: ${ip} }
  - { name: www, type: CNAME, content: example.com }
`;

describe('apply --plan refuses what it should not apply', () => {
  let h: Harness;
  let dir: string;
  let env: Record<string, string>;
  const api = (method: string, path: string, body?: unknown) =>
    fetch(`${h.emulator.baseUrl}${path}`, {
      method,
      headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const planTo = async (ip: string): Promise<string> => {
    const zone = join(dir, `zone-${ip}.yaml`);
    writeFileSync(zone, ZONE(ip));
    const out = join(dir, `plan-${ip}.json`);
    const r = await runCli(['plan', zone, '--out', out], env);
    expect(r.code).toBe(0);
    return out;
  };

  beforeAll(async () => {
    // A Pro zone: the file sets flatten_all_cnames, a feature of paid plans.
    h = await startHarness({ zonePlan: 'pro' });
    dir = tempDir('saved');
    env = { CLOUDFLARE_BASE_URL: h.emulator.baseUrl, CLOUDFLARE_API_TOKEN: TOKEN };
    const zone = join(dir, 'base.yaml');
    writeFileSync(zone, ZONE('192.0.2.1'));
    expect((await runCli(['apply', zone, '--yes'], env)).code).toBe(0);
  });
  afterAll(async () => {
    await h.close();
  });

  it('when dns settings changed since the plan', async () => {
    const plan = await planTo('192.0.2.2');
    await api('PATCH', `/zones/${h.zoneId}/dns_settings`, { flatten_all_cnames: false });
    const r = await runCli(['apply', '--plan', plan, '--yes'], env, dir);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/stale.*dns settings or tokens/);
    expect((await listRecords(h)).find((x) => x.type === 'A')?.content).toBe('192.0.2.1');
    await api('PATCH', `/zones/${h.zoneId}/dns_settings`, { flatten_all_cnames: true });
  });

  it('when a record of another type appeared at a name the plan touches', async () => {
    const plan = await planTo('192.0.2.3');
    await api('POST', `/zones/${h.zoneId}/dns_records`, { name: 'example.com', type: 'TXT', content: 'added out of band' });
    const r = await runCli(['apply', '--plan', plan, '--yes'], env, dir);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/stale.*example\.com/);
    expect((await listRecords(h)).find((x) => x.type === 'A')?.content).toBe('192.0.2.1');
  });

  it('when the plan was made against another API', async () => {
    const plan = await planTo('192.0.2.4');
    const r = await runCli(
      ['apply', '--plan', plan, '--yes'],
      {
        ...env,
        CLOUDFLARE_BASE_URL: `${h.emulator.baseUrl}/`.replace('127.0.0.1', 'localhost'),
      },
      dir,
    );
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/the plan was made against/);
  });

  it('when the plan file was edited to send another call', async () => {
    const plan = await planTo('192.0.2.5');
    const doc = JSON.parse(readFileSync(plan, 'utf8')) as { zones: Array<{ plan: { operations: Array<{ path: string }> } }> };
    doc.zones[0].plan.operations[0].path = '/user/tokens';
    writeFileSync(plan, JSON.stringify(doc));
    const r = await runCli(['apply', '--plan', plan, '--yes'], env, dir);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/operations\[0\].*edited or is corrupt/);
  });

  it('and applies a fresh one', async () => {
    const plan = await planTo('192.0.2.6');
    const r = await runCli(['apply', '--plan', plan, '--yes'], env, dir);
    expect(r.code).toBe(0);
    expect((await listRecords(h)).find((x) => x.type === 'A')?.content).toBe('192.0.2.6');
  });
});
