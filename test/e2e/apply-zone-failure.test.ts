/**
 * apply of many zones: zones are independent. A zone whose apply lock another run holds is
 * refused (ZONE_LOCKED), and the zones after it are still applied; the exit code is the worst.
 * The real CLI against the emulator over loopback.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeLockTarget, lockRecordName } from '../../src/core/lock/lock-record.js';
import { TOKEN, startHarness, type Harness } from '../scenario/harness.js';
import { runCli } from '../support/run-cli.js';
import { tempDir } from '../support/temp-dir.js';

const zoneText = (zone: string, hosts: readonly string[]): string =>
  `version: 1\nzone: ${zone}\nrecords:\n${hosts.map((h, i) => `  - { name: ${h}, type: A, content: 192.0.2.${i + 1} }\n`).join('')}`;

describe('apply of many zones: one zone refused, the others applied', () => {
  let h: Harness;
  let dir: string;
  let env: Record<string, string>;
  beforeAll(async () => {
    h = await startHarness({ zones: ['a.example', 'b.example', 'c.example'] });
    dir = tempDir('zone-failure');
    env = { CLOUDFLARE_BASE_URL: h.emulator.baseUrl, CLOUDFLARE_API_TOKEN: TOKEN };
  });
  afterAll(async () => {
    await h.close();
  });

  it('a zone locked by another host is refused; the zones before and after it are applied; exit 1; a second plan of those is empty', async () => {
    // Another host's run holds a.example's lock for an hour (its pid cannot be checked from here).
    const a = h.emulator.zones.find((z) => z.name === 'a.example')!;
    const target = encodeLockTarget({ host: 'elsewhere', pid: 4242, runId: 'ci-1', expiresAt: Date.now() / 1000 + 3600 });
    const res = await fetch(`${h.emulator.baseUrl}/zones/${a.id}/dns_records`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ type: 'CNAME', name: lockRecordName('a.example'), content: target, ttl: 60, proxied: false }),
    });
    expect(res.status).toBe(200);

    const zones = join(dir, 'zones');
    mkdirSync(zones);
    writeFileSync(join(zones, 'a.yaml'), zoneText('a.example', ['www']));
    writeFileSync(join(zones, 'b.yaml'), zoneText('b.example', ['www', 'api']));
    writeFileSync(join(zones, 'c.yaml'), zoneText('c.example', ['www']));
    const r = await runCli(['apply', zones, '--yes', '--lock-timeout', '0s', '--format', 'json'], env);
    expect(r.code, r.stderr).toBe(1);
    const doc = JSON.parse(r.stdout) as { zones: Array<{ zone: string; outcome: string; error?: { code: string } }> };
    expect(doc.zones.map((z) => [z.zone, z.outcome, z.error?.code])).toEqual([
      ['a.example', 'refused', 'ZONE_LOCKED'],
      ['b.example', 'applied', undefined],
      ['c.example', 'applied', undefined],
    ]);
    expect(r.stderr).toMatch(/error\[ZONE_LOCKED\]/);

    const plan = await runCli(['plan', join(zones, 'b.yaml'), join(zones, 'c.yaml'), '--detailed-exitcode'], env);
    expect(plan.code, plan.stdout).toBe(0);
    const locked = await runCli(['plan', join(zones, 'a.yaml'), '--detailed-exitcode'], env);
    expect(locked.code).toBe(2); // nothing was written to a.example
  });
});
