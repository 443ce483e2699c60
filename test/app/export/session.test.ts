/**
 * The export session in process (src/app/export/session.ts): the real client against the real
 * emulator over loopback, files on disk, and a recording output instead of a terminal. What the
 * session writes (the zone file, which plans clean), what it tells, and that a refused export
 * sends no request and leaves the file it would have overwritten as it was. `--all` writes the
 * account file of an account with settings of its own, reading only, or nothing at all when that
 * file may not be written.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZonectlError } from '../../../src/core/errors.js';
import { runExport, type ExportEvent, type ExportRequest } from '../../../src/app/export/index.js';
import { runPlan, type PlanEvent } from '../../../src/app/plan/index.js';
import { startHarness, TOKEN, type Harness } from '../../scenario/harness.js';
import { tempDir } from '../../support/temp-dir.js';

function recording(): { events: ExportEvent[]; emit(event: ExportEvent): void } {
  const events: ExportEvent[] = [];
  return { events, emit: (event) => void events.push(event) };
}

describe('the export session in process', () => {
  let h: Harness;
  /** Every request the emulator answered, as `METHOD /path status`. */
  const requests: string[] = [];

  beforeAll(async () => {
    h = await startHarness({ logger: (line) => requests.push(line) });
    const res = await fetch(`${h.emulator.baseUrl}/zones/${h.zoneId}/dns_records`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'www.example.com', type: 'A', content: '192.0.2.10', ttl: 3600, proxied: false }),
    });
    expect(res.status).toBe(200);
  });
  afterAll(async () => {
    await h.close();
  });

  const request = (out: string, more: Partial<ExportRequest> = {}): ExportRequest => ({
    target: { kind: 'zone', zone: 'example.com', out },
    format: 'yaml',
    force: false,
    baseUrl: h.emulator.baseUrl,
    version: '0.0.0-test',
    env: { CLOUDFLARE_API_TOKEN: TOKEN },
    ...more,
  });

  it('writes the live zone to the output file, says so, and the file plans clean', async () => {
    const dir = tempDir('export-session');
    const file = join(dir, 'example.com.yaml');
    const out = recording();
    await runExport(request(file), out);
    const text = readFileSync(file, 'utf8');
    expect(text).toMatch(/^zone: example\.com$/m);
    expect(text).toMatch(/name: www\b.*type: A\b.*content: 192\.0\.2\.10\b.*ttl: 3600\b/);
    expect(text).toContain('Exported by zonectl 0.0.0-test from zone example.com');
    // Written to the file, not told as zone text.
    expect(out.events.filter((e) => e.kind === 'zone-text')).toEqual([]);
    expect(out.events.filter((e) => e.kind === 'note').map((e) => e.kind === 'note' && e.text)).toContain(
      `example.com: 1 record(s), 0 token(s) written to ${file}`,
    );

    // What export wrote is what is live: planning it changes nothing.
    const planned: PlanEvent[] = [];
    const result = await runPlan(
      { paths: [file], connection: { baseUrl: h.emulator.baseUrl, env: { CLOUDFLARE_API_TOKEN: TOKEN } }, cwd: dir },
      { emit: (e) => void planned.push(e) },
    );
    expect(result).toEqual({ failed: false, changes: false });
  });

  it('without an output file, the zone is told as zone-text', async () => {
    const out = recording();
    await runExport(request('', { target: { kind: 'zone', zone: 'example.com' } }), out);
    const texts = out.events.flatMap((e) => (e.kind === 'zone-text' ? [e.text] : []));
    expect(texts).toHaveLength(1);
    expect(texts[0]).toMatch(/content: 192\.0\.2\.10/);
  });

  it('an output file that exists: refused with OUTPUT_EXISTS naming it, no request sent, the file untouched', async () => {
    const dir = tempDir('export-session');
    const file = join(dir, 'example.com.yaml');
    writeFileSync(file, 'mine\n');
    const out = recording();
    const before = requests.length;
    const refused = await runExport(request(file), out).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ZonectlError);
    expect((refused as ZonectlError).code).toBe('OUTPUT_EXISTS');
    expect((refused as ZonectlError).message).toBe(
      `${file} exists; zonectl export does not overwrite a zone file (use --force, or another --out)`,
    );
    expect(requests.slice(before)).toEqual([]);
    expect(readFileSync(file, 'utf8')).toBe('mine\n');
    expect(out.events).toEqual([]);

    // With force, it is overwritten.
    await runExport(request(file, { force: true }), recording());
    expect(readFileSync(file, 'utf8')).toMatch(/content: 192\.0\.2\.10/);
    expect(requests.length).toBeGreaterThan(before);
  });
  /** The account's zone defaults say something of their own: multi_provider on. */
  const multiProviderDefault = async (): Promise<void> => {
    const patched = await fetch(`${h.emulator.baseUrl}/accounts/${h.emulator.accountId}/dns_settings`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ zone_defaults: { multi_provider: true } }),
    });
    expect(patched.status).toBe(200);
  };

  it('--all: the account file of an account with settings of its own beside the zone file, read with GETs only; the directory plans empty', async () => {
    const accountId = h.emulator.accountId;
    await multiProviderDefault();
    const dir = join(tempDir('export-session'), 'zones');
    const out = recording();
    const before = requests.length;
    await runExport(request('', { target: { kind: 'all', dir } }), out);
    expect(
      readdirSync(dir)
        .filter((f) => f.endsWith('.yaml'))
        .sort(),
    ).toEqual([`account.${accountId}.yaml`, 'example.com.yaml']);
    expect(readFileSync(join(dir, `account.${accountId}.yaml`), 'utf8')).toContain('zone_defaults:\n  multi_provider: true\n');
    const notes = out.events.flatMap((e) => (e.kind === 'note' ? [e.text] : []));
    // The account file is written (and told) after the zones' files.
    expect(notes.at(-1)).toBe(`account ${accountId}: 1 zone default(s), 0 view(s) written to ${join(dir, `account.${accountId}.yaml`)}`);
    expect(requests.slice(before).filter((line) => !line.startsWith('GET '))).toEqual([]);
    const result = await runPlan(
      { paths: [dir], connection: { baseUrl: h.emulator.baseUrl, env: { CLOUDFLARE_API_TOKEN: TOKEN } }, cwd: dir },
      { emit: () => undefined },
    );
    expect(result).toEqual({ failed: false, changes: false });
  });

  it("--all: an account file that exists is refused before any file is written, the zones' files included", async () => {
    const dir = tempDir('export-session');
    await multiProviderDefault();
    const accountFile = join(dir, `account.${h.emulator.accountId}.yaml`);
    writeFileSync(accountFile, 'mine\n');
    const refused = await runExport(request('', { target: { kind: 'all', dir } }), recording()).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ZonectlError);
    expect((refused as ZonectlError).code).toBe('OUTPUT_EXISTS');
    expect((refused as ZonectlError).message).toContain(accountFile);
    expect(existsSync(join(dir, 'example.com.yaml'))).toBe(false);
    expect(readFileSync(accountFile, 'utf8')).toBe('mine\n');
  });
});
