/**
 * Who changed it, in process (src/app/drift/read-audit.ts): the real client against the real
 * emulator. A few drifted zones of an account read their own entries (`zone_id`); many drifted
 * zones of one account read the account's log once and share it out by zone, so that a night of
 * many drifted zones spends a request or two of the run's budget, not one per zone.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runDrift, type DriftEvent } from '../../../src/app/drift/index.js';
import type { RunReport } from '../../../src/app/engine/index.js';
import { AUDIT_LOG_ZONES_PER_ACCOUNT_READ } from '../../../src/core/service/audit-log.js';
import { config, converge, startHarness, TOKEN, type Harness } from '../../scenario/harness.js';
import { tempDir } from '../../support/temp-dir.js';

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

/** `count` zones applied from their files, then each one's record changed at the service; the drift run's report and its audit requests. */
async function driftOf(count: number): Promise<{ report: RunReport; auditRequests: string[] }> {
  const zones = Array.from({ length: count }, (_, i) => `z${i}.example`);
  const log: string[] = [];
  h = await startHarness({ zones, logger: (line) => log.push(line) });
  const dir = tempDir('read-audit');
  for (const [i, zone] of zones.entries()) {
    const yaml = `version: 1\nzone: ${zone}\nrecords:\n  - { name: www, type: A, content: 192.0.2.1 }\n`;
    writeFileSync(join(dir, `${zone}.yaml`), yaml);
    await converge(h, { ...config(yaml), zoneId: h.emulator.zones[i]!.id });
    const record = (await h.client.request<Array<{ id: string }>>('GET', `/zones/${h.emulator.zones[i]!.id}/dns_records`)).result[0]!;
    await h.client.request('PATCH', `/zones/${h.emulator.zones[i]!.id}/dns_records/${record.id}`, { body: { content: '192.0.2.9' } });
  }
  log.length = 0;
  const reports: RunReport[] = [];
  const result = await runDrift(
    {
      paths: [dir],
      failOn: 'any',
      failOnUnmanaged: false,
      unmanagedZones: false,
      connection: { baseUrl: h.emulator.baseUrl, env: { CLOUDFLARE_API_TOKEN: TOKEN } },
    },
    { emit: (e: DriftEvent) => (e.kind === 'report' ? reports.push(e.report) : undefined) },
  );
  expect(result).toEqual({ failed: false, drift: true });
  return { report: reports[0]!, auditRequests: log.filter((l) => l.includes('/logs/audit')) };
}

describe('reading the audit log of the drifted zones', () => {
  it(`up to ${AUDIT_LOG_ZONES_PER_ACCOUNT_READ} drifted zones of an account: one read per zone (zone_id)`, async () => {
    const { report, auditRequests } = await driftOf(2);
    expect(auditRequests).toHaveLength(2);
    for (const line of auditRequests) expect(line).toMatch(/[?&]zone_id=[0-9a-f]{32}/);
    for (const z of report.drift.zones)
      expect(
        z.items.filter((i) => i.counted).every((i) => i.who?.action === 'update'),
        z.zone,
      ).toBe(true);
    expect(report.drift.audit).toMatchObject({ days: 30, zonesRead: 2, joined: 2, notFound: 0, notes: [] });
  }, 60_000);

  it('more drifted zones of one account: the account’s log read once, each zone joined with its own entries', async () => {
    const { report, auditRequests } = await driftOf(AUDIT_LOG_ZONES_PER_ACCOUNT_READ + 2);
    expect(auditRequests).toHaveLength(1);
    expect(auditRequests[0]).not.toMatch(/zone_id=/);
    expect(report.drift.audit).toMatchObject({
      zonesRead: AUDIT_LOG_ZONES_PER_ACCOUNT_READ + 2,
      joined: AUDIT_LOG_ZONES_PER_ACCOUNT_READ + 2,
      notFound: 0,
    });
    for (const z of report.drift.zones) {
      const [item] = z.items.filter((i) => i.counted);
      expect(item?.who, z.zone).toMatchObject({ action: 'update', interface: 'API' });
    }
  }, 120_000);
});
