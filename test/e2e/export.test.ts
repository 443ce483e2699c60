/**
 * `zonectl export` against the real emulator: the file it writes validates, plans clean against
 * the zone it came from, keeps what it must not manage as comments, and never holds a secret.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../src/emulator/server.js';
import { runCli } from '../support/run-cli.js';
import { tempDir } from '../support/temp-dir.js';

const TOKEN = 'export-test-token-3b7d9f1a2c4e';
let emulator: RunningEmulator | undefined;
afterEach(async () => {
  await emulator?.close();
  emulator = undefined;
});

const SOURCE = `version: 1
zone: example.com
defaults: { ttl: 3600 }
records:
  - { name: "@", type: A, content: 192.0.2.10, proxied: true, comment: origin, tags: ["team:web"] }
  - { name: "@", type: AAAA, content: "2001:db8::10", proxied: true }
  - { name: www, type: CNAME, content: example.com, proxied: true }
  - { name: "@", type: MX, content: mx1.example.net, priority: 10 }
  - { name: "@", type: MX, content: mx2.example.net, priority: 20 }
  - { name: "@", type: TXT, content: "v=spf1 include:_spf.example.net ~all" }
  - { name: _dmarc, type: TXT, content: "v=DMARC1; p=reject; rua=mailto:dmarc@example.com", ttl: auto }
  - { name: sel1._domainkey, type: TXT, content: "v=DKIM1; k=rsa; p=${'A'.repeat(380)}" }
  - { name: _sip._tcp, type: SRV, data: { priority: 10, weight: 5, port: 5060, target: sip.example.com } }
  - { name: "@", type: CAA, data: { flags: 0, tag: issue, value: letsencrypt.org } }
  - { name: "*.dev", type: A, content: 198.51.100.7, ttl: 300 }
  - { name: ftp, type: A, content: 198.51.100.8 }
tokens:
  - name: ci-dns-edit
    policies: [{ effect: allow, permission_groups: [{ name: DNS Write }], resources: { "com.cloudflare.api.account.zone.{zone_id}": "*" } }]
`;

async function setUp(): Promise<{ env: Record<string, string>; dir: string }> {
  // A Pro zone: the source file's records carry tags, a feature of paid plans.
  emulator = await startEmulator({ port: 0, zones: ['example.com'], token: TOKEN, zonePlan: 'pro' });
  const env = { CLOUDFLARE_BASE_URL: emulator.baseUrl, CLOUDFLARE_API_TOKEN: TOKEN };
  const dir = tempDir('export');
  writeFileSync(join(dir, 'source.yaml'), SOURCE);
  const applied = await runCli(['apply', join(dir, 'source.yaml'), '--yes', '--token-output', join(dir, 'tokens.json')], env);
  expect(applied.stderr).not.toMatch(/error/i);
  expect(applied.code).toBe(0);
  return { env, dir };
}

describe('zonectl export', () => {
  it('writes a zone file that validates and plans clean, with relative names, defaults and tokens', async () => {
    const { env, dir } = await setUp();
    const file = join(dir, 'exported.yaml');
    const exported = await runCli(['export', '--zone', 'example.com', '--out', file], env);
    expect(exported.stderr).toMatch(/example\.com: 12 record\(s\), 1 token\(s\) written to/);
    expect(exported.code).toBe(0);
    const text = readFileSync(file, 'utf8');
    expect(text.split('\n')[0]).toBe('# yaml-language-server: $schema=./.zonectl/zone.schema.json');
    expect(JSON.parse(readFileSync(join(dir, '.zonectl', 'zone.schema.json'), 'utf8'))).toHaveProperty('$schema');
    expect(text).toContain('defaults: { ttl: 3600, proxied: true }');
    expect(text).toContain('- { name: "@", type: A, content: 192.0.2.10, comment: "origin", tags: [ "team:web" ] }');
    expect(text).toContain('- { name: _dmarc, type: TXT, content: "v=DMARC1; p=reject; rua=mailto:dmarc@example.com", ttl: auto }');
    expect(text).toContain('- { name: ftp, type: A, content: 198.51.100.8, proxied: false }');
    expect(text).toContain('com.cloudflare.api.account.zone.{zone_id}: "*"');
    expect(text).toMatch(/permission_groups:\n\s+- name: DNS Write/);
    const secret = JSON.parse(readFileSync(join(dir, 'tokens.json'), 'utf8'))['ci-dns-edit'] as string;
    expect(text).not.toContain(secret);
    expect(exported.stderr).not.toContain(secret);

    const validated = await runCli(['validate', file], env);
    expect(validated.stdout + validated.stderr).not.toMatch(/error/);
    expect(validated.code).toBe(0);
    const plan = await runCli(['plan', file, '--detailed-exitcode'], env);
    expect(plan.stderr).toBe('');
    expect(plan.code).toBe(0);
  });

  it('JSON export plans clean too; an existing file is not overwritten without --force', async () => {
    const { env, dir } = await setUp();
    const file = join(dir, 'exported.json');
    expect((await runCli(['export', '--zone', 'example.com', '--format', 'json', '--out', file], env)).code).toBe(0);
    const doc = JSON.parse(readFileSync(file, 'utf8')) as { zone: string; records: unknown[] };
    expect(doc.zone).toBe('example.com');
    expect(doc.records).toHaveLength(12);
    // A JSON document is valid YAML: plan reads it as a zone file.
    const yamlCopy = join(dir, 'from-json.yaml');
    writeFileSync(yamlCopy, readFileSync(file));
    expect((await runCli(['plan', yamlCopy, '--detailed-exitcode'], env)).code).toBe(0);

    const again = await runCli(['export', '--zone', 'example.com', '--format', 'json', '--out', file], env);
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/exists; zonectl export does not overwrite/);
    expect((await runCli(['export', '--zone', 'example.com', '--format', 'json', '--out', file, '--force'], env)).code).toBe(0);
  });

  it('--all writes one file per zone into a directory, each planning clean', async () => {
    emulator = await startEmulator({ port: 0, zones: ['example.com', 'example.org'], token: TOKEN });
    const env = { CLOUDFLARE_BASE_URL: emulator.baseUrl, CLOUDFLARE_API_TOKEN: TOKEN };
    const dir = tempDir('export-all');
    writeFileSync(join(dir, 'org.yaml'), 'version: 1\nzone: example.org\nrecords:\n  - { name: www, type: A, content: 192.0.2.44 }\n');
    expect((await runCli(['apply', join(dir, 'org.yaml'), '--yes'], env)).code).toBe(0);
    const out = join(dir, 'zones');
    const res = await runCli(['export', '--all', '--out', out], env);
    expect(res.code).toBe(0);
    expect(res.stderr).toMatch(/example\.com: 0 record\(s\), 0 token\(s\) written to .*example\.com\.yaml/);
    expect(res.stderr).toMatch(/example\.org: 1 record\(s\), 0 token\(s\) written to .*example\.org\.yaml/);
    const plan = await runCli(['plan', join(out, 'example.com.yaml'), join(out, 'example.org.yaml'), '--detailed-exitcode'], env);
    expect(plan.code).toBe(0);
  });

  it('needs --zone or --all, and --all needs a directory', async () => {
    const none = await runCli(['export']);
    expect(none.code).toBe(1);
    expect(none.stderr).toMatch(/give --zone NAME or --all/);
    const all = await runCli(['export', '--all']);
    expect(all.code).toBe(1);
    expect(all.stderr).toMatch(/--all writes one file per zone: give --out DIR/);
  });
});
