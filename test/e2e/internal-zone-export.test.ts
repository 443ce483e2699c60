/**
 * Internal zones in export and `drift --unmanaged-zones` (issue 43 item 8): an internal zone may
 * share its name with a public zone (https://developers.cloudflare.com/dns/internal-dns/internal-zones/setup/).
 * `export --zone` takes the one zone of a name, refuses a name both share (naming each id) unless
 * `--zone-type` says which, and writes `zone_type: internal` with the zone's id, a file that plans
 * clean; `--unmanaged-zones` lists the internal zone of a name whose public zone has a file.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../src/emulator/server.js';
import { runCli } from '../support/run-cli.js';
import { tempDir } from '../support/temp-dir.js';
import { mkdirSync, writeFileSync } from 'node:fs';

const TOKEN = 'internal-export-token-0123456789abcdef01';

describe('internal zones in export and drift --unmanaged-zones', () => {
  let emu: RunningEmulator;
  let dir: string;
  let env: Record<string, string>;
  let sameName: string;
  let corp: string;
  const api = async <T>(path: string, init: { method?: string; body?: unknown } = {}): Promise<T> => {
    const res = await fetch(`${emu.baseUrl}${path}`, {
      method: init.method ?? 'GET',
      headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
      ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
    });
    return ((await res.json()) as { result: T }).result;
  };
  const createInternal = async (name: string): Promise<string> => {
    const z = await api<{ id: string }>('/zones', { method: 'POST', body: { name, type: 'internal', account: { id: emu.accountId } } });
    await api(`/zones/${z.id}/dns_records`, { method: 'POST', body: { name: `db.${name}`, type: 'A', content: '10.0.0.11', ttl: 1 } });
    return z.id;
  };

  beforeAll(async () => {
    emu = await startEmulator({ port: 0, zones: ['example.com'], token: TOKEN });
    dir = tempDir('internalexport');
    mkdirSync(join(dir, '.git'));
    mkdirSync(join(dir, 'zones'));
    env = { CLOUDFLARE_BASE_URL: emu.baseUrl, CLOUDFLARE_API_TOKEN: TOKEN };
    sameName = await createInternal('example.com');
    corp = await createInternal('corp.internal');
  });
  afterAll(async () => {
    await emu.close();
  });

  it('exports an internal zone as a file with zone_type and zone_id that plans clean', async () => {
    const file = join(dir, 'zones', 'corp.yaml');
    const r = await runCli(['export', '--zone', 'corp.internal', '--out', file], env);
    expect(r.code, r.stderr).toBe(0);
    const text = readFileSync(file, 'utf8');
    expect(text).toContain('zone: corp.internal\nzone_type: internal\n');
    expect(text).toContain(`zone_id: ${corp}`);
    expect(text).toContain('content: 10.0.0.11');
    const plan = await runCli(['plan', file, '--detailed-exitcode'], env);
    expect(plan.code, plan.stdout + plan.stderr).toBe(0);
  });

  it('refuses a name a public and an internal zone share, naming both; --zone-type says which', async () => {
    const publicId = emu.zones[0].id;
    const r = await runCli(['export', '--zone', 'example.com'], env);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('zone "example.com" is ambiguous');
    expect(r.stderr).toContain(`${publicId} (public zone)`);
    expect(r.stderr).toContain(`${sameName} (internal zone)`);
    expect(r.stderr).toContain('--zone-type');
    expect(r.stdout).toBe('');
    const internal = await runCli(['export', '--zone', 'example.com', '--zone-type', 'internal'], env);
    expect(internal.code, internal.stderr).toBe(0);
    expect(internal.stdout).toContain(`zone_type: internal\nzone_id: ${sameName}`);
    const pub = await runCli(['export', '--zone', 'example.com', '--zone-type', 'full'], env);
    expect(pub.code, pub.stderr).toBe(0);
    expect(pub.stdout).not.toContain('zone_type');
  });

  it('drift --unmanaged-zones lists the internal zone of a name whose public zone has a file', async () => {
    const zones = join(dir, 'zones');
    writeFileSync(join(zones, 'example.yaml'), 'version: 1\nzone: example.com\nrecords: []\nmanage: { unmanaged: keep }\n');
    const r = await runCli(['drift', zones, '--unmanaged-zones', '--format', 'json'], env);
    const report = JSON.parse(r.stdout) as { unmanaged_zones: Array<{ zone: string; id: string; type?: string }> };
    // corp.internal has its file (from the export above); the public example.com has one; the internal example.com has none.
    expect(report.unmanaged_zones.map((z) => [z.zone, z.id, z.type])).toEqual([['example.com', sameName, 'internal']]);
    const text = await runCli(['drift', zones, '--unmanaged-zones'], env);
    expect(text.stdout).toContain(`example.com (internal zone, id ${sameName}`);
  });
});
