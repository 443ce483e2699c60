/**
 * Internal zones through the CLI (issue 43 item 8): a zone file with `zone_type: internal` plans
 * `+ zone NAME (account ..., type internal)`, apply creates it with `type: internal` beside the
 * public zone of the same name (which stays untouched), a second plan is empty; the public file
 * still plans against the public zone; two internal zones of one name make the lookup ambiguous
 * (an error naming both ids); a zone_id of the other type is refused.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../src/emulator/server.js';
import { runCli } from '../support/run-cli.js';
import { tempDir } from '../support/temp-dir.js';

const TOKEN = 'internal-token-0123456789abcdef0123456';

interface ListedZone {
  id: string;
  name: string;
  type: string;
}

describe('internal zones', () => {
  let emu: RunningEmulator;
  let dir: string;
  let env: Record<string, string>;
  const write = (name: string, text: string): string => {
    const p = join(dir, name);
    writeFileSync(p, text);
    return p;
  };
  const api = async <T>(path: string, init: { method?: string; body?: unknown } = {}): Promise<T> => {
    const res = await fetch(`${emu.baseUrl}${path}`, {
      method: init.method ?? 'GET',
      headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
      ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
    });
    return ((await res.json()) as { result: T }).result;
  };
  const zonesNamed = (name: string): Promise<ListedZone[]> => api<ListedZone[]>(`/zones?name=${name}`);
  const recordsOf = async (zoneId: string): Promise<string[]> =>
    (await api<Array<{ name: string; type: string; content: string }>>(`/zones/${zoneId}/dns_records?per_page=100`))
      .map((r) => `${r.name} ${r.type} ${r.content}`)
      .sort();

  beforeAll(async () => {
    emu = await startEmulator({ port: 0, zones: ['example.com'], token: TOKEN });
    dir = tempDir('internalzone');
    mkdirSync(join(dir, '.git'));
    env = { CLOUDFLARE_BASE_URL: emu.baseUrl, CLOUDFLARE_API_TOKEN: TOKEN };
  });
  afterAll(async () => {
    await emu.close();
  });

  it('creates an internal zone beside the public zone of its name; the public zone is untouched; the second plan is empty', async () => {
    const [pub] = await zonesNamed('example.com');
    expect(pub).toMatchObject({ type: 'full' });
    // The public zone gets a record of its own, so "untouched" is a check of something.
    await api(`/zones/${pub!.id}/dns_records`, {
      method: 'POST',
      body: { name: 'www.example.com', type: 'A', content: '192.0.2.80', ttl: 1 },
    });
    const publicBefore = await recordsOf(pub!.id);
    expect(publicBefore).toContain('www.example.com A 192.0.2.80');

    const file = write(
      'internal.yaml',
      `version: 1\nzone: example.com\nzone_type: internal\naccount_id: ${emu.accountId}\nrecords:\n  - { name: www, type: A, content: 10.0.0.10 }\n  - { name: db, type: A, content: 10.0.0.11 }\n`,
    );
    const plan = await runCli(['plan', file, '--detailed-exitcode'], env);
    expect(plan.code, plan.stderr).toBe(2);
    expect(plan.stdout).toContain(`  + zone example.com (account ${emu.accountId}, type internal)\n`);
    expect(plan.stdout).toMatch(/^ {2}\+ www\.example\.com A 10\.0\.0\.10/m);
    const json = JSON.parse((await runCli(['plan', file, '--format', 'json'], env)).stdout) as {
      zones: Array<{ zone_id: string; new_zone?: { account_id: string; type: string } }>;
    };
    expect(json.zones[0]!.new_zone).toEqual({ account_id: emu.accountId, type: 'internal' });
    const dry = await runCli(['apply', file, '--dry-run'], env);
    expect(dry.stdout).toContain(`POST /zones {"name":"example.com","account":{"id":"${emu.accountId}"},"type":"internal"}`);

    const applied = await runCli(['apply', file, '--yes'], env);
    expect(applied.code, applied.stderr).toBe(0);
    expect(applied.stdout).toMatch(/^example\.com: internal zone created \(id [0-9a-f]{32}\); it answers through Gateway/m);
    const zones = await zonesNamed('example.com');
    expect(zones.map((z) => z.type).sort()).toEqual(['full', 'internal']);
    const internal = zones.find((z) => z.type === 'internal')!;
    expect(await recordsOf(internal.id)).toEqual(expect.arrayContaining(['db.example.com A 10.0.0.11', 'www.example.com A 10.0.0.10']));
    expect(await recordsOf(pub!.id)).toEqual(publicBefore);

    const again = await runCli(['plan', file, '--detailed-exitcode'], env);
    expect(again.stdout).not.toContain('+ zone');
    expect(again.code, again.stdout + again.stderr).toBe(0);

    // The public file of the same name still plans against the public zone, not the internal one.
    const publicFile = write('public.yaml', 'version: 1\nzone: example.com\nrecords:\n  - { name: www, type: A, content: 192.0.2.80 }\n');
    const pubPlan = JSON.parse((await runCli(['plan', publicFile, '--format', 'json'], env)).stdout) as {
      zones: Array<{ zone_id: string }>;
    };
    expect(pubPlan.zones[0]!.zone_id).toBe(pub!.id);

    // zone_id naming the public zone in the internal file: the other type, refused before any read of it.
    const crossed = write(
      'crossed.yaml',
      `version: 1\nzone: example.com\nzone_type: internal\nzone_id: ${pub!.id}\nrecords:\n  - { name: www, type: A, content: 10.0.0.10 }\n`,
    );
    const mismatch = await runCli(['plan', crossed], env);
    expect(mismatch.code).not.toBe(0);
    expect(mismatch.stderr).toContain('ZONE_MISMATCH');
    expect(mismatch.stderr).toContain(`zone ${pub!.id} "example.com" is of type full, but the file describes an internal zone`);
  });

  it('an internal zone on a TLD of its own (`corp`) is created; the same name as a public zone file is refused', async () => {
    const file = write(
      'corp.yaml',
      `version: 1\nzone: corp\nzone_type: internal\naccount_id: ${emu.accountId}\nrecords:\n  - { name: db, type: A, content: 10.0.2.1 }\n`,
    );
    const applied = await runCli(['apply', file, '--yes'], env);
    expect(applied.code, applied.stdout + applied.stderr).toBe(0);
    expect(applied.stdout).toMatch(/^corp: internal zone created/m);
    const [corp] = await zonesNamed('corp');
    expect(await recordsOf(corp!.id)).toContain('db.corp A 10.0.2.1');
    const again = await runCli(['plan', file, '--detailed-exitcode'], env);
    expect(again.code, again.stdout + again.stderr).toBe(0);
    const publicFile = write('corp-public.yaml', 'version: 1\nzone: corp\nrecords: []\n');
    const refused = await runCli(['validate', publicFile], env);
    expect(refused.code).toBe(1);
    expect(refused.stdout + refused.stderr).toContain('zone name "corp" needs at least two labels');
  });

  it('a zone_type other than full or internal is refused with its file, line and field, before any request', async () => {
    const file = write('partial.yaml', 'version: 1\nzone: p.example\nzone_type: partial\nrecords: []\n');
    const result = await runCli(['validate', file], env);
    expect(result.code).toBe(1);
    expect(result.stdout + result.stderr).toContain(`${file}:3:12 zone_type: must be one of full, internal, not the string "partial"`);
  });

  it('two internal zones of one name: the lookup is ambiguous and names both ids; nothing is written', async () => {
    const file = write(
      'twin.yaml',
      `version: 1\nzone: twin.example\nzone_type: internal\naccount_id: ${emu.accountId}\nrecords:\n  - { name: www, type: A, content: 10.0.1.1 }\n`,
    );
    const a = await api<ListedZone>('/zones', {
      method: 'POST',
      body: { name: 'twin.example', account: { id: emu.accountId }, type: 'internal' },
    });
    const b = await api<ListedZone>('/zones', {
      method: 'POST',
      body: { name: 'twin.example', account: { id: emu.accountId }, type: 'internal' },
    });
    const result = await runCli(['apply', file, '--yes'], env);
    expect(result.code).not.toBe(0);
    expect(result.stderr).toContain('ZONE_LOOKUP');
    expect(result.stderr).toMatch(/zone "twin\.example" is ambiguous: 2 internal zones match/);
    expect(result.stderr).toContain(a.id);
    expect(result.stderr).toContain(b.id);
    expect(await recordsOf(a.id)).not.toContain('www.twin.example A 10.0.1.1');
    expect(await recordsOf(b.id)).not.toContain('www.twin.example A 10.0.1.1');
    expect(await zonesNamed('twin.example')).toHaveLength(2);
  });
});
