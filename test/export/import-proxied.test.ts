/**
 * `zonectl import --proxied` proxies only what the service can proxy (issue 19 item 7): the
 * service's import option applies to "proxiable records", and `validate` refuses a proxied
 * private, loopback, CGNAT or link-local address. The file it writes validates, applies to the
 * emulator and plans clean.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { importBindZone } from '../../src/core/bind/import-zone.js';
import { startEmulator, type RunningEmulator } from '../../src/emulator/server.js';
import { runCli } from '../cli/run-cli.js';

const fixture = readFileSync(join(__dirname, '..', 'fixtures', 'bind', 'proxied-mix.zone'), 'utf8');
const TOKEN = 'import-proxied-token-8e2d4c6a1f3b';
let emulator: RunningEmulator | undefined;
afterEach(async () => {
  await emulator?.close();
  emulator = undefined;
});

describe('import --proxied', () => {
  it('proxies public A/AAAA and unflattened CNAMEs only; a cf-proxied tag still decides', () => {
    const { export: exp } = importBindZone(fixture, { zone: 'example.com', soa: false, proxied: true });
    const proxied = Object.fromEntries(exp.file.records.map((r) => [r.name, r.proxied === true || (r.proxied === undefined && exp.file.defaults?.proxied === true)]));
    expect(proxied).toEqual({
      '@': true, www: true, v6: true, shop: true,
      intranet: false, local: false, office: false, carrier: false, link: false, ula: false, ll6: false,
      flat: false, api: false,
    });
  });

  it('writes a file that validates, applies and plans clean', async () => {
    // A paid plan: the fixture's cf-flatten-cname record needs one.
    emulator = await startEmulator({ port: 0, zones: ['example.com'], token: TOKEN, zonePlan: 'pro' });
    const env = { CLOUDFLARE_BASE_URL: emulator.baseUrl, CLOUDFLARE_API_TOKEN: TOKEN };
    const dir = mkdtempSync(join(tmpdir(), 'zonectl-import-proxied-'));
    writeFileSync(join(dir, 'old.zone'), fixture);
    const out = join(dir, 'zone.yaml');
    const imported = await runCli(['import', join(dir, 'old.zone'), '--zone', 'example.com', '--proxied', '--out', out, '--strict']);
    expect(imported.stderr).toMatch(/13 record\(s\) imported, 0 warning\(s\)/);
    expect(imported.code).toBe(0);
    const validated = await runCli(['validate', out]);
    expect(validated.stderr).not.toMatch(/error/);
    expect(validated.code).toBe(0);
    const applied = await runCli(['apply', out, '--yes'], env);
    expect(applied.stderr).not.toMatch(/error/i);
    expect(applied.code).toBe(0);
    expect((await runCli(['plan', out, '--detailed-exitcode'], env)).code).toBe(0);
  });
});
