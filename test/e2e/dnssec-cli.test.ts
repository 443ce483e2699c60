/**
 * Issue 31, "Done when", through the real CLI against the emulator over loopback: DNSSEC enabled
 * from the zone file, planned (`~ dnssec status: disabled → active`), applied, `pending` reported
 * as a state (never a change, never drift), the registrar played by the emulator's control,
 * `delv` validating a record with the DS that apply printed, a second plan empty at every step,
 * then disabled and the keys deleted; JSON, markdown and export carry the DS.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteDnssec } from '../../src/api/dnssec.js';
import { DELV, delvWithDs } from '../dns/dnssec-tools.js';
import { TOKEN, startHarness, type Harness } from '../scenario/harness.js';
import { runCliInProcess as runCli } from '../support/run-cli-in-process.js';
import type { CliResult } from '../support/run-cli.js';
import { tempDir } from '../support/temp-dir.js';

const ZONE = 'example.com';
const zoneFile = (dnssec: string): string => `version: 1
zone: example.com
${dnssec}
records:
  - { name: www, type: A, content: 192.0.2.10, ttl: 3600 }
  - { name: "@", type: MX, content: mx1.example.net, priority: 10 }
`;

describe('DNSSEC as code through the CLI', () => {
  let h: Harness;
  let dir: string;
  let env: Record<string, string>;
  const cli = (args: string[]): Promise<CliResult> => runCli(args, env, dir);
  const write = (text: string): string => {
    const p = join(dir, 'zone.yaml');
    writeFileSync(p, text);
    return p;
  };
  /** A plan that must be empty, and drift that must find nothing. */
  const expectEmpty = async (file: string): Promise<void> => {
    const plan = await cli(['plan', file, '--detailed-exitcode']);
    expect(plan.stdout).toContain('No changes.');
    expect(plan.stdout).not.toContain('~ dnssec');
    expect(plan.code).toBe(0);
    const drift = await cli(['drift', file]);
    expect(drift.code, drift.stdout + drift.stderr).toBe(0);
  };

  beforeAll(async () => {
    h = await startHarness({ dnsPort: 0 });
    dir = tempDir('dnssec-cli');
    env = { CLOUDFLARE_BASE_URL: h.emulator.baseUrl, CLOUDFLARE_API_TOKEN: TOKEN };
  });
  afterAll(async () => {
    await h.close();
    rmSync(dir, { recursive: true, force: true });
  });

  DELV.it('enable, pending, active at the registrar, delv validates, disable, delete', async () => {
    // Records first, DNSSEC unmanaged: no DNSSEC read, nothing planned of it.
    const unmanaged = write(zoneFile(''));
    expect((await cli(['apply', unmanaged, '--yes'])).code).toBe(0);
    expect((await cli(['plan', unmanaged])).stdout).not.toContain('dnssec');

    // Enabled from the file: one change, one PATCH, DNS Write needed.
    const active = write(zoneFile('dnssec: { status: active }'));
    const plan = await cli(['plan', active, '--detailed-exitcode']);
    expect(plan.code).toBe(2);
    expect(plan.stdout).toContain('~ dnssec status: disabled → active');
    expect(plan.stdout).toContain('dnssec: disabled (never enabled, or deleted)');
    expect(plan.stdout).toMatch(/Plan: 0 to create, 1 to update, 0 to delete/);
    const json = JSON.parse((await cli(['plan', active, '--format', 'json'])).stdout) as {
      zones: Array<{ changes: Array<{ resource: string; method: string; path: string }>; dnssec: { status: string; drift: boolean } }>;
    };
    expect(json.zones[0]!.changes).toEqual([
      expect.objectContaining({ resource: 'dnssec', method: 'PATCH', path: `/zones/${h.zoneId}/dnssec` }),
    ]);
    expect(json.zones[0]!.dnssec).toMatchObject({ status: 'disabled', drift: true });

    // Applied: the service reports pending; apply prints the DS the registrar needs.
    const applied = await cli(['apply', active, '--yes']);
    expect(applied.code, applied.stderr).toBe(0);
    const held = h.emulator.dnssec.ds(ZONE)!;
    expect(applied.stdout).toContain('verified: a new plan is empty');
    expect(applied.stdout).toContain('dnssec: pending (enabled; waiting for the DS record at the registrar)');
    expect(applied.stdout).toContain(held.ds);

    // pending is a state: shown with the DS, never a change or drift.
    await expectEmpty(active);
    const pendingPlan = await cli(['plan', active]);
    expect(pendingPlan.stdout).toContain('dnssec: pending');
    expect(pendingPlan.stdout).toContain(`DS record for the registrar: ${held.ds}`);
    const md = (await cli(['plan', active, '--format', 'markdown'])).stdout;
    expect(md).toContain('Status: **pending**');
    expect(md).toContain(held.digest);
    const pendingJson = JSON.parse((await cli(['plan', active, '--format', 'json'])).stdout) as {
      zones: Array<{ changes: unknown[]; dnssec: { status: string; drift: boolean; ds: { ds: string } } }>;
    };
    expect(pendingJson.zones[0]).toMatchObject({ changes: [], dnssec: { status: 'pending', drift: false, ds: { ds: held.ds } } });
    const applyJson = JSON.parse((await cli(['apply', active, '--yes', '--format', 'json'])).stdout) as { zones: unknown[] };
    expect(applyJson.zones).toBeDefined();

    // export writes the section and the DS; the exported file plans clean.
    const exported = await cli(['export', '--zone', ZONE]);
    expect(exported.code, exported.stderr).toBe(0);
    expect(exported.stdout).toMatch(/dnssec:\s*\n\s+status: active/);
    expect(exported.stdout).toContain(held.ds);
    const exportedFile = join(dir, 'exported.yaml');
    writeFileSync(exportedFile, exported.stdout);
    await expectEmpty(exportedFile);

    // The registrar publishes the DS: active; delv validates a record with the DS apply printed.
    await h.emulator.dnssec.setParentDs(ZONE, true);
    await expectEmpty(active);
    expect((await cli(['plan', active])).stdout).toContain('dnssec: active');
    const result = await delvWithDs(h.emulator.dns!.port, ZONE, held, ['www.example.com', 'A']);
    expect(result.text).toContain('; fully validated');
    expect(result.text).toMatch(/www\.example\.com\.\s+3600\s+IN\s+A\s+192\.0\.2\.10/);

    // Disabled from the file: a PATCH; pending-disabled until the registrar drops the DS.
    const disabled = write(zoneFile('dnssec: { status: disabled }'));
    expect((await cli(['plan', disabled])).stdout).toContain('~ dnssec status: active → disabled');
    // drift reports the file's wish the zone does not meet.
    const drift = await cli(['drift', disabled]);
    expect(drift.code).not.toBe(0);
    expect(drift.stdout).toContain('dnssec');
    const off = await cli(['apply', disabled, '--yes']);
    expect(off.code, off.stderr).toBe(0);
    expect(off.stdout).toContain('dnssec: pending-disabled');
    await expectEmpty(disabled);
    await h.emulator.dnssec.setParentDs(ZONE, false);
    await expectEmpty(disabled);

    // The keys deleted on purpose (the service deletes only from disabled): the file's wish still holds.
    await deleteDnssec(h.client, h.zoneId, ZONE);
    await expectEmpty(disabled);
    expect((await cli(['plan', disabled])).stdout).toContain('dnssec: disabled (never enabled, or deleted)');
    expect(readFileSync(disabled, 'utf8')).toContain('status: disabled');
  });

  it("the service's DNSSEC error on a managed zone: shown, drift (exit 2), nothing planned to send", async () => {
    const active = write(zoneFile('dnssec: { status: active }'));
    expect((await cli(['apply', active, '--yes'])).code).toBe(0);
    await h.emulator.dnssec.setError(ZONE, true);
    try {
      const plan = await cli(['plan', active]);
      expect(plan.stdout).toContain('dnssec: error (the service reports a DNSSEC error for this zone)');
      expect(plan.stdout).not.toContain('~ dnssec');
      const drift = await cli(['drift', active, '--format', 'json']);
      expect(drift.code).toBe(2);
      const doc = JSON.parse(drift.stdout) as { zones: Array<{ items: Array<{ type: string; live: string }> }> };
      expect(doc.zones[0]!.items).toContainEqual(expect.objectContaining({ type: 'dnssec', live: 'error' }));
    } finally {
      await h.emulator.dnssec.setError(ZONE, false);
    }
    expect((await cli(['drift', active])).code).toBe(0);
  });

  it('a saved plan carries the DNSSEC PATCH; an edited body is refused before any write', async () => {
    expect((await cli(['apply', write(zoneFile('dnssec: { status: active }')), '--yes'])).code).toBe(0);
    const disabled = write(zoneFile('dnssec: { status: disabled }'));
    const planFile = join(dir, 'plan.json');
    const saved = await cli(['plan', disabled, '--out', planFile]);
    expect(saved.code, saved.stderr).toBe(0);
    const text = readFileSync(planFile, 'utf8');
    expect(text).toContain(`/zones/${h.zoneId}/dnssec`);
    // Tampered: the body asks for more than the plan did.
    writeFileSync(planFile, text.replace('"status": "disabled"', '"status": "disabled", "dnssec_presigned": true'));
    const tampered = await cli(['apply', '--plan', planFile, '--yes']);
    expect(tampered.code).toBe(1);
    expect(tampered.stderr).toMatch(/error\[/);
    // The plan as saved applies, and the next plan is empty.
    writeFileSync(planFile, text);
    const applied = await cli(['apply', '--plan', planFile, '--yes']);
    expect(applied.code, applied.stderr).toBe(0);
    expect(applied.stdout).toContain('dnssec: disabled'); // from pending: no DS at the registrar to wait for
    await expectEmpty(disabled);
  });
});
