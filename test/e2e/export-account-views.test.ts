/**
 * `export --into ACCOUNT_FILE` writes the account's internal DNS views (`views:`) into the
 * account file, through the real CLI against the emulator: each view's zones by name, or as
 * `{ zone_id }` where the name is ambiguous (several internal zones share it,
 * https://developers.cloudflare.com/dns/internal-dns/internal-zones/setup/); the rest of the file
 * stays byte for byte; a plan right after is empty (no write, exit 0); views changed at the
 * service are refreshed, a view the file already writes with the same zones keeps its lines.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningEmulator, startEmulator } from '../../src/emulator/server.js';
import { runCli } from '../support/run-cli.js';
import { tempDir } from '../support/temp-dir.js';

const TOKEN = 'account-views-export-token-0123456789abcd';

interface LiveView {
  id: string;
  name: string;
}

describe('export --into an account file writes its views', () => {
  let emu: RunningEmulator;
  let dir: string;
  let file: string;
  let env: Record<string, string>;
  const ids: Record<string, string> = {};
  const api = async <T>(path: string, init: { method?: string; body?: unknown } = {}): Promise<T> => {
    const res = await fetch(`${emu.baseUrl}${path}`, {
      method: init.method ?? 'GET',
      headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
      ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
    });
    const body = (await res.json()) as { success: boolean; result: T; errors: unknown };
    if (!body.success) throw new Error(`${init.method ?? 'GET'} ${path}: ${JSON.stringify(body.errors)}`);
    return body.result;
  };
  const views = `/accounts/\${ACCOUNT}/dns_settings/views`;
  const viewsPath = (): string => views.replace('${ACCOUNT}', emu.accountId);
  const createInternal = async (name: string): Promise<string> =>
    (await api<{ id: string }>('/zones', { method: 'POST', body: { name, type: 'internal', account: { id: emu.accountId } } })).id;
  const viewId = async (name: string): Promise<string> => (await api<LiveView[]>(viewsPath())).find((v) => v.name === name)!.id;
  const planIsEmpty = async (): Promise<void> => {
    const plan = await runCli(['plan', file, '--detailed-exitcode'], env);
    expect(plan.code, plan.stdout + plan.stderr).toBe(0);
    expect(plan.stdout).not.toMatch(/^\s*[-+~] view /m);
    expect(plan.stdout).toContain('No changes');
  };

  const original = [
    '# The account of the example team.',
    'version: 1',
    'account_id: ${ZONECTL_ACCOUNT_ID}',
    'zone_defaults: {} # nothing set yet',
    '',
  ].join('\n');

  beforeAll(async () => {
    emu = await startEmulator({ port: 0, zones: ['example.com'], token: TOKEN });
    dir = tempDir('acctexport');
    mkdirSync(join(dir, '.git'));
    mkdirSync(join(dir, 'account'));
    file = join(dir, 'account', 'account.yaml');
    env = { CLOUDFLARE_BASE_URL: emu.baseUrl, CLOUDFLARE_API_TOKEN: TOKEN, ZONECTL_ACCOUNT_ID: emu.accountId };
    ids.corp = await createInternal('corp.internal');
    ids.lab = await createInternal('lab.internal');
    // Two internal zones of one name: only their ids tell them apart.
    ids.dup1 = await createInternal('dup.internal');
    ids.dup2 = await createInternal('dup.internal');
    // An internal zone whose name a public zone shares: the one internal zone of the name.
    ids.example = await createInternal('example.com');
    await api(viewsPath(), { method: 'POST', body: { name: 'office', zones: [ids.corp, ids.lab, ids.example] } });
    await api(viewsPath(), { method: 'POST', body: { name: 'dup', zones: [ids.dup1] } });
    await api(viewsPath(), { method: 'POST', body: { name: 'empty', zones: [] } });
    writeFileSync(file, original);
  });
  afterAll(async () => {
    await emu.close();
  });

  it('writes every view, by name or by id where the name is ambiguous; the rest stays; plan is then empty', async () => {
    const dry = await runCli(['export', '--into', file, '--dry-run'], env);
    expect(dry.code, dry.stdout + dry.stderr).toBe(2);
    expect(dry.stdout).toContain('+views:');
    expect(readFileSync(file, 'utf8')).toBe(original);

    const r = await runCli(['export', '--into', file], env);
    expect(r.code, r.stdout + r.stderr).toBe(0);
    const text = readFileSync(file, 'utf8');
    expect(text.startsWith(original)).toBe(true);
    // The views, in the service's order, each list written as flow; the ambiguous name by id.
    expect(text.slice(original.length)).toBe(
      ['views:', '  office: [corp.internal, lab.internal, example.com]', `  dup: [{ zone_id: ${ids.dup1} }]`, '  empty: []', ''].join('\n'),
    );
    await planIsEmpty();

    const again = await runCli(['export', '--into', file], env);
    expect(again.code, again.stdout + again.stderr).toBe(0);
    expect(again.stderr + again.stdout).toContain('nothing to write');
    expect(readFileSync(file, 'utf8')).toBe(text);
  }, 120_000);

  it('views changed at the service are refreshed; a view with the same zones keeps its lines', async () => {
    const before = readFileSync(file, 'utf8');
    const dupLines = before.split('\n').filter((l) => l.includes(ids.dup1!));
    expect(dupLines).toHaveLength(1);
    await api(`${viewsPath()}/${await viewId('office')}`, { method: 'PATCH', body: { zones: [ids.corp, ids.dup2] } });
    await api(`${viewsPath()}/${await viewId('empty')}`, { method: 'DELETE' });
    await api(viewsPath(), { method: 'POST', body: { name: 'lab', zones: [ids.lab] } });
    // Drift first: the file no longer says what the account has.
    const stale = await runCli(['plan', file, '--detailed-exitcode'], env);
    expect(stale.code, stale.stdout + stale.stderr).toBe(2);

    const r = await runCli(['export', '--into', file], env);
    expect(r.code, r.stdout + r.stderr).toBe(0);
    const text = readFileSync(file, 'utf8');
    expect(text.startsWith(original)).toBe(true);
    expect(text.slice(original.length)).toBe(
      [
        'views:',
        `  office: [corp.internal, { zone_id: ${ids.dup2} }]`,
        `  dup: [{ zone_id: ${ids.dup1} }]`,
        '  lab: [lab.internal]',
        '',
      ].join('\n'),
    );
    expect(text.split('\n').filter((l) => l.includes(ids.dup1!))).toEqual(dupLines);
    await planIsEmpty();
  }, 120_000);

  it('--account-id writes a new account file of the views; plan is then empty', async () => {
    const fresh = join(dir, 'account', 'new-account.yaml');
    const r = await runCli(['export', '--account-id', emu.accountId, '--out', fresh], env);
    expect(r.code, r.stdout + r.stderr).toBe(0);
    const text = readFileSync(fresh, 'utf8');
    expect(text).toContain(`account_id: ${emu.accountId}\nzone_defaults: {}`);
    expect(text).toContain(
      [
        'views:',
        `  office: [ corp.internal, { zone_id: ${ids.dup2} } ]`,
        `  dup: [ { zone_id: ${ids.dup1} } ]`,
        '  lab: [ lab.internal ]',
        '',
      ].join('\n'),
    );
    const plan = await runCli(['plan', fresh, '--detailed-exitcode'], env);
    expect(plan.code, plan.stdout + plan.stderr).toBe(0);
    expect(plan.stdout).not.toMatch(/^\s*[-+~] view /m);
    // Nothing is overwritten without --force; a bad id is refused before any request.
    const again = await runCli(['export', '--account-id', emu.accountId, '--out', fresh], env);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('exists');
    const bad = await runCli(['export', '--account-id', 'not-an-id'], env);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('32 hex characters');
    expect(bad.stdout).toBe('');
  }, 120_000);

  it('refuses --zone with an account file; nothing written', async () => {
    const before = readFileSync(file, 'utf8');
    const r = await runCli(['export', '--into', file, '--zone', 'corp.internal'], env);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('is an account file');
    expect(r.stderr).not.toMatch(/\n\s+at /);
    expect(readFileSync(file, 'utf8')).toBe(before);
  });
});
