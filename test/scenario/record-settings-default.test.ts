/**
 * Issue 19, item 10: for records the file is the truth. A per-record setting the file leaves out
 * (`ipv4_only`, `ipv6_only`, `flatten_cname`) means the service default (off), so removing
 * `ipv6_only: true` from the file plans it back off, apply turns it off on the live record, and
 * `resolve` (which reads the file) then agrees with the zone.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { planZoneRun } from '../../src/app/engine/plan-zone-run.js';
import { resolveName } from '../../src/core/resolve/resolve-name.js';
import { zoneViewOf } from '../../src/core/resolve/zone-view.js';
import { query } from '../dns/wire-client.js';
import { converge, config, startHarness, type Harness } from './harness.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ zonePlan: 'pro', dnsPort: 0 });
});
afterAll(async () => {
  await h.close();
});

const file = (extra: { v6only: boolean; flatten: boolean }) => `version: 1
zone: example.com
records:
  - { name: "@", type: A, content: 192.0.2.1 }
  - { name: web, type: A, content: 192.0.2.10, proxied: true${extra.v6only ? ', settings: { ipv6_only: true }' : ''} }
  - { name: alias, type: CNAME, content: target.example.net${extra.flatten ? ', settings: { flatten_cname: true }' : ''} }
`;

async function liveSettings(): Promise<Record<string, Record<string, unknown>>> {
  const res = await fetch(`${h.emulator.baseUrl}/zones/${h.zoneId}/dns_records?per_page=100`, {
    headers: { authorization: 'Bearer scenario-token-7f3a9c0e5b1d4e2f8a6c' },
  });
  const body = (await res.json()) as { result: { name: string; settings: Record<string, unknown> }[] };
  return Object.fromEntries(body.result.map((r) => [r.name, r.settings]));
}

it('a per-record setting removed from the file is planned back to the service default and applied', async () => {
  await converge(h, config(file({ v6only: true, flatten: true })));
  const on = await liveSettings();
  expect(on['web.example.com']).toMatchObject({ ipv6_only: true });
  expect(on['alias.example.com']).toMatchObject({ flatten_cname: true });

  const without = config(file({ v6only: false, flatten: false }));
  const run = await planZoneRun(h.client, without);
  const updates = run.plan.operations.filter((o) => o.kind === 'dns_record' && o.action === 'update');
  expect(updates.map((o) => `${o.kind === 'dns_record' ? o.before?.name : ''} ${o.fields.join(',')}`).sort()).toEqual([
    'alias.example.com settings.flatten_cname',
    'web.example.com settings.ipv6_only',
  ]);
  await converge(h, without);
  const off = await liveSettings();
  expect(off['web.example.com']?.ipv6_only ?? false).toBe(false);
  expect(off['alias.example.com']?.flatten_cname ?? false).toBe(false);

  // resolve reads the file; the zone's own DNS answers now agree with it (both families).
  const port = h.emulator.dns?.port ?? 0;
  for (const type of ['A', 'AAAA']) {
    const fromFile = resolveName(zoneViewOf(without, []), 'web.example.com', type)
      .answer.map((a) => a.data)
      .sort();
    const fromZone = (await query(port, 'web.example.com', type)).answer.map((a) => a.data).sort();
    expect(fromFile.length).toBeGreaterThan(0);
    expect(fromZone).toEqual(fromFile);
  }
});
