/**
 * Record quotas before apply, through the real CLI against the emulator (issue 43, item 5): a
 * plan whose apply would pass the zone's quota (read from `GET /zones/{id}/dns_records/usage`) is
 * refused before any write, naming the count, the quota and the records over it; a plan that
 * fits applies. A new Free zone holds 200 records
 * (https://developers.cloudflare.com/dns/manage-dns-records/#dns-records-quota), the apply lock
 * one more while apply runs.
 */
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../src/emulator/server.js';
import { runCli, type CliResult } from '../support/run-cli.js';
import { tempDir } from '../support/temp-dir.js';

const TOKEN = 'record-quota-token-0123456789abcdef01';

const zoneFile = (count: number): string =>
  `version: 1\nzone: free.example\nrecords:\n${Array.from({ length: count }, (_, i) => `  - { name: h${i}, type: A, content: 198.51.100.${i % 250} }`).join('\n')}\n`;

describe('the record quota, before any write', () => {
  let emu: RunningEmulator;
  let dir: string;
  const cli = (...args: string[]): Promise<CliResult> =>
    runCli(args, { CLOUDFLARE_BASE_URL: emu.baseUrl, CLOUDFLARE_API_TOKEN: TOKEN }, dir);
  const held = async (): Promise<number> => {
    const res = await fetch(`${emu.baseUrl}/zones/${emu.zones[0]!.id}/dns_records/usage`, {
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    return ((await res.json()) as { result: { record_usage: number } }).result.record_usage;
  };

  beforeAll(async () => {
    emu = await startEmulator({ port: 0, zones: ['free.example'], token: TOKEN });
    dir = tempDir('record-quota');
  });
  afterAll(async () => {
    await emu?.close();
    if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
  });

  it('250 records on a new Free zone: plan and apply refuse, naming the count, the quota and the records over it; nothing is written', async () => {
    writeFileSync(join(dir, 'zone.yaml'), zoneFile(250));
    for (const args of [
      ['plan', 'zone.yaml'],
      ['apply', 'zone.yaml', '--yes'],
    ]) {
      const r = await cli(...args);
      expect(r.code, r.stdout).toBe(1);
      expect(r.stderr).toMatch(
        /error\[RECORD_QUOTA\]: (free\.example: )?zone\.yaml: the zone would hold 251 DNS records during this apply \(250 after it;.*\) \((0 now|1 now)?.*250 created, 0 deleted\); its quota is 200 \[quota\.records\]; over it: h199\.free\.example A \(zone\.yaml line 203\), .* and 41 more; nothing was planned/,
      );
    }
    expect(await held()).toBe(0);
  });

  it('199 records fit (with the apply lock): applied, and a second plan is empty', async () => {
    writeFileSync(join(dir, 'zone.yaml'), zoneFile(199));
    const r = await cli('apply', 'zone.yaml', '--yes');
    expect(r.code, r.stderr).toBe(0);
    expect(await held()).toBe(199);
    expect((await cli('plan', 'zone.yaml', '--detailed-exitcode')).code).toBe(0);
  });

  it('a plan that deletes as it creates is measured at its highest point', async () => {
    // 199 held; the file keeps 100 of them and adds 150 more: the creates run before the deletes.
    writeFileSync(
      join(dir, 'zone.yaml'),
      zoneFile(100).replace(/\n$/, '') +
        `\n${Array.from({ length: 150 }, (_, i) => `  - { name: n${i}, type: A, content: 203.0.113.${i % 250} }`).join('\n')}\n`,
    );
    const r = await cli('plan', 'zone.yaml');
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/would hold 350 DNS records during this apply \(250 after it;/);
    expect(await held()).toBe(199);
  });
});
