/** SOA host names converge on an enterprise zone however the file spells them (case, trailing dot). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planZoneRun } from '../../src/app/engine/plan-zone-run.js';
import { TOKEN, config, converge, startHarness, type Harness } from './harness.js';

const withSoa = (rname: string, mname: string) => `
version: 1
zone: example.com
settings:
  soa: { rname: "${rname}", mname: "${mname}", refresh: 7200, retry: 1800 }
records:
  - { name: "@", type: A, content: 192.0.2.1 }
`;

async function liveSoa(h: Harness): Promise<{ rname: string; mname: string; refresh: number }> {
  const res = await fetch(`${h.emulator.baseUrl}/zones/${h.zoneId}/dns_settings`, { headers: { authorization: `Bearer ${TOKEN}` } });
  return ((await res.json()) as { result: { soa: { rname: string; mname: string; refresh: number } } }).result.soa;
}

describe('SOA rname/mname on an enterprise zone', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ zonePlan: 'enterprise' });
  });
  afterAll(async () => {
    await h.close();
  });

  it('a mixed-case rname with a trailing dot applies, converges, and the second plan is empty', async () => {
    const c = config(withSoa('Hostmaster.Example.org.', 'NS1.Example.net.'));
    const run = await converge(h, c); // requires no residual after apply and an empty second plan
    const settingsOp = run.plan.operations.find((o) => o.kind === 'dns_settings');
    expect(settingsOp?.body).toMatchObject({
      soa: { rname: 'hostmaster.example.org', mname: 'ns1.example.net', refresh: 7200, retry: 1800 },
    });
    expect(await liveSoa(h)).toMatchObject({ rname: 'hostmaster.example.org', mname: 'ns1.example.net', refresh: 7200 });
    expect((await planZoneRun(h.client, c)).plan.operations).toEqual([]);
  });

  it('a real change of rname is still planned and applied', async () => {
    const c = config(withSoa('DNS.Example.org.', 'ns1.example.net'));
    const run = await planZoneRun(h.client, c);
    expect(run.plan.operations.map((o) => `${o.kind} ${o.fields.join(',')}`)).toEqual(['dns_settings soa.rname']);
    await converge(h, c);
    expect((await liveSoa(h)).rname).toBe('dns.example.org');
  });

  it('mname: null hands the MNAME back to the service: applied once (from a set name), then no perpetual diff', async () => {
    await converge(h, config(withSoa('hostmaster.example.org', 'ns1.example.net')));
    const c = config(`
version: 1
zone: example.com
settings:
  soa: { mname: null }
records:
  - { name: "@", type: A, content: 192.0.2.1 }
`);
    const run = await converge(h, c); // a second plan afterwards is empty
    expect(run.plan.operations.find((o) => o.kind === 'dns_settings')?.body).toMatchObject({ soa: { mname: null } });
    // The read answers the service's own choice, the zone's first nameserver.
    expect((await liveSoa(h)).mname).toBe(h.emulator.zones[0].name_servers[0]);
    expect((await planZoneRun(h.client, c)).plan.operations).toEqual([]);
  });
});
