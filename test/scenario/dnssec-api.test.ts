/**
 * DNSSEC as code, the pure and API halves together against the emulator (issue 31; the zone-file
 * and apply wiring through the CLI: test/e2e/dnssec-cli.test.ts): the file's `dnssec` section planned against the
 * service's answer, the one PATCH applied, `pending` shown and never planned again, the
 * registrar played by the emulator's control, a second plan empty at every step, then disabled,
 * deleted on purpose, and enabled again with a new DS. `delv` validates a record from the DS as
 * zonectl reads it.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { deleteDnssec, patchDnssec, readDnssec } from '../../src/api/dnssec.js';
import {
  diffDnssec,
  dnssecJson,
  isDnssecDrift,
  readDnssecSection,
  renderDnssecText,
  type DesiredDnssec,
  type DnssecPlan,
} from '../../src/core/dnssec/index.js';
import { DELV, delvWithDs } from '../dns/dnssec-tools.js';
import { converge, config, startHarness, type Harness } from './harness.js';

const ZONE = 'example.com';
const FILE = `
version: 1
zone: example.com
records:
  - { name: www, type: A, content: 192.0.2.10, ttl: 3600 }
  - { name: "@", type: MX, content: mx1.example.net, priority: 10 }
`;

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

function section(value: unknown): DesiredDnssec {
  const read = readDnssecSection(value);
  if (read.kind !== 'ok') throw new Error(JSON.stringify(read.problems));
  return read.desired;
}

async function plan(harness: Harness, desired: DesiredDnssec | undefined): Promise<DnssecPlan> {
  return diffDnssec(ZONE, harness.zoneId, desired, await readDnssec(harness.client, harness.zoneId, ZONE));
}

/** Applies the plan's one PATCH (when it has one) and requires that the next plan is empty. */
async function apply(harness: Harness, desired: DesiredDnssec): Promise<DnssecPlan> {
  const first = await plan(harness, desired);
  if (first.operation !== undefined) await patchDnssec(harness.client, harness.zoneId, ZONE, first.operation.body);
  const again = await plan(harness, desired);
  expect(again.changes).toEqual([]);
  expect(again.operation).toBeUndefined();
  return again;
}

describe('DNSSEC of a zone, planned and applied through the API', () => {
  it('enable, pending, active at the registrar, disable, delete, enable again', async () => {
    h = await startHarness({ dnsPort: 0 });
    await converge(h, config(FILE));
    const active = section({ status: 'active', use_nsec3: true });

    // Never enabled: the plan enables it, in one PATCH.
    const first = await plan(h, active);
    expect(renderDnssecText(first).slice(0, 3)).toEqual([
      '~ dnssec status: disabled → active',
      '~ dnssec use_nsec3: false → true',
      `  PATCH /zones/${h.zoneId}/dnssec {"status":"active","dnssec_use_nsec3":true}`,
    ]);

    // Applied: pending (the DS is not at the registrar yet), shown, not drift, nothing to send.
    const pending = await apply(h, active);
    expect(pending).toMatchObject({ waiting: 'registrar-add-ds', error: false });
    expect(pending.live.status).toBe('pending');
    expect(isDnssecDrift(pending)).toBe(false);
    const held = h.emulator.dnssec.ds(ZONE)!;
    expect(renderDnssecText(pending)).toContain(`DS record for the registrar: ${held.ds}`);
    expect(dnssecJson(pending).ds).toEqual({ ds: held.ds, key_tag: held.keyTag, algorithm: '13', digest_type: '2', digest: held.digest });

    // The registrar publishes the DS: active, and the plan stays empty.
    await h.emulator.dnssec.setParentDs(ZONE, true);
    const live = await plan(h, active);
    expect(live).toMatchObject({ changes: [], error: false });
    expect(live.live.status).toBe('active');
    expect(live.waiting).toBeUndefined();

    // Disable: a PATCH, never a DELETE; pending-disabled until the registrar drops the DS.
    const disabled = section({ status: 'disabled' });
    expect((await plan(h, disabled)).operation?.body).toEqual({ status: 'disabled' });
    const leaving = await apply(h, disabled);
    expect(leaving.live.status).toBe('pending-disabled');
    expect(leaving.waiting).toBe('registrar-remove-ds');
    expect(isDnssecDrift(leaving)).toBe(false);
    await h.emulator.dnssec.setParentDs(ZONE, false);
    expect((await apply(h, disabled)).live).toMatchObject({ status: 'disabled', deleted: false });

    // Deleting the keys is a deliberate act after the registrar; the file's wish still holds.
    await deleteDnssec(h.client, h.zoneId, ZONE);
    expect((await apply(h, disabled)).live).toMatchObject({ status: 'disabled', deleted: true });

    // Enabled again: a new key, so a new DS for the registrar.
    const again = await apply(h, active);
    expect(again.live.status).toBe('pending');
    expect(again.live.key?.ds.text).not.toBe(held.ds);
    expect(again.live.key?.ds.text).toBe(h.emulator.dnssec.ds(ZONE)!.ds);
  });

  it('reports the service error as drift of a managed zone, sends nothing, and plans again once it clears', async () => {
    h = await startHarness();
    const active = section({ status: 'active' });
    await apply(h, active);
    await h.emulator.dnssec.setError(ZONE, true);
    const broken = await plan(h, active);
    expect(broken).toMatchObject({ error: true, changes: [] });
    expect(broken.operation).toBeUndefined();
    expect(isDnssecDrift(broken)).toBe(true);
    expect(isDnssecDrift(await plan(h, undefined))).toBe(false);
    await h.emulator.dnssec.setError(ZONE, false);
    expect((await plan(h, active)).error).toBe(false);
  });
});

describe('the DS zonectl reads is the one that validates', () => {
  DELV.it('delv validates a record with the DS from readDnssec as its trust anchor', async () => {
    h = await startHarness({ dnsPort: 0 });
    await converge(h, config(FILE));
    await apply(h, section({ status: 'active' }));
    await h.emulator.dnssec.setParentDs(ZONE, true);
    const ds = (await readDnssec(h.client, h.zoneId, ZONE)).key!.ds;
    const result = await delvWithDs(h.emulator.dns!.port, ZONE, ds, ['www.example.com', 'A']);
    expect(result.text).toContain('; fully validated');
    expect(result.text).toMatch(/www\.example\.com\.\s+3600\s+IN\s+A\s+192\.0\.2\.10/);
  });
});
