import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CloudflareClient } from '../../src/api/index.js';
import { applyZoneRuns } from '../../src/app/apply/zone-writes.js';
import { planZoneRun } from '../../src/app/engine/plan-zone-run.js';
import { TOKEN, config, startHarness, type Harness } from './harness.js';

const DNS_WRITE = '4755a26eedb94da69e1066d98aa820be';

describe('a token that may edit DNS records of one zone, and nothing else', () => {
  let h: Harness;
  let dnsOnly: CloudflareClient;
  beforeAll(async () => {
    h = await startHarness();
    const res = await fetch(`${h.emulator.baseUrl}/user/tokens`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'dns-only',
        policies: [
          { effect: 'allow', permission_groups: [{ id: DNS_WRITE }], resources: { [`com.cloudflare.api.account.zone.${h.zoneId}`]: '*' } },
        ],
      }),
    });
    const value = ((await res.json()) as { result: { value: string } }).result.value;
    dnsOnly = new CloudflareClient({ baseUrl: h.emulator.baseUrl, credentials: { kind: 'token', token: value }, limiter: null });
  });
  afterAll(async () => {
    await dnsOnly.close();
    await h.close();
  });

  const file = (zoneId?: string) =>
    `version: 1\nzone: example.com\n${zoneId ? `zone_id: ${zoneId}\n` : ''}records:\n  - { name: www, type: A, content: 192.0.2.1 }\n`;

  it('cannot look the zone up by name (listing zones needs Zone Read): the error says so', async () => {
    await expect(planZoneRun(dnsOnly, config(file()))).rejects.toThrow(/not found.*token can read zones/);
  });

  it('plans and applies when the file gives zone_id, with the smallest batch limit', async () => {
    const run = await planZoneRun(dnsOnly, config(file(h.zoneId)));
    expect(run.batchLimit).toBe(200);
    expect(run.plan.summary.create).toBe(1);
    const [outcome] = await applyZoneRuns(dnsOnly, [run], { batch: true, concurrency: 2 });
    expect(outcome.result.ok).toBe(true);
    expect(outcome.residual?.operations).toEqual([]);
  });
});
