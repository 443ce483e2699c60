/**
 * TXT strings end to end (issue 19 items 2-4), through the real CLI against the emulator: a BIND
 * file with several strings, quotes inside, and bytes outside printable ASCII is imported,
 * validated, applied, planned clean, answered by the emulator's DNS server and by `resolve` as
 * the same strings, and exported back to the same strings.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../src/emulator/server.js';
import { runCliInProcess as runCli } from '../support/run-cli-in-process.js';
import { query } from '../dns/wire-client.js';
import { tempDir } from '../support/temp-dir.js';

const TOKEN = 'txt-strings-token-5c1e9a7b3d2f';
const fixture = readFileSync(join(__dirname, '..', 'fixtures', 'bind', 'txt-strings.zone'), 'utf8');
const DKIM = /sel\._domainkey\s+IN TXT\s+\( "([^"]+)"\s+"([^"]+)" \)/.exec(fixture)!;

/** Each record's strings as a BIND file, a DNS answer and `resolve` write them. */
const EXPECTED: Record<string, string> = {
  multi: '"first string" "second string" "third"',
  w: '"two" "words"',
  'sel._domainkey': `"${DKIM[1]}" "${DKIM[2]}"`,
  quote: '"say \\"hello\\""',
  lead: '"\\"quoted\\" at the start"',
  company: '"Caf\\195\\169 M\\195\\188ller GmbH; Berlin"',
  tab: '"a\\009b"',
  '_http._tcp': '"txtvers=1" "path=/a b" "note=x=y"',
};

let emulator: RunningEmulator;
let env: Record<string, string>;
let dir: string;
let zoneFile: string;

beforeAll(async () => {
  emulator = await startEmulator({ port: 0, zones: ['example.com', 'example.org'], token: TOKEN, dnsPort: 0 });
  env = { CLOUDFLARE_BASE_URL: emulator.baseUrl, CLOUDFLARE_API_TOKEN: TOKEN };
  dir = tempDir('txt');
  writeFileSync(join(dir, 'old.zone'), fixture);
  zoneFile = join(dir, 'zone.yaml');
});
afterAll(async () => {
  await emulator?.close();
});

describe('TXT strings: import, validate, apply, plan, DNS, resolve, export', () => {
  it('imports every string as written, into a file that validates', async () => {
    const imported = await runCli(['import', join(dir, 'old.zone'), '--zone', 'example.com', '--out', zoneFile, '--strict']);
    expect(imported.stderr).toMatch(/9 record\(s\) imported, 0 warning\(s\)/);
    expect(imported.code).toBe(0);
    const text = readFileSync(zoneFile, 'utf8');
    for (const [name, strings] of Object.entries(EXPECTED)) {
      expect(text).toContain(`{ name: ${name}, type: TXT, content: '${strings}' }`);
    }
    const validated = await runCli(['validate', zoneFile]);
    expect(validated.stderr).toBe('');
    expect(validated.code).toBe(0);
  });

  it('applies (the service takes printable ASCII only: other bytes go out as \\DDD) and plans clean', async () => {
    const applied = await runCli(['apply', zoneFile, '--yes'], env);
    expect(applied.stderr).not.toMatch(/error/i);
    expect(applied.code).toBe(0);
    const plan = await runCli(['plan', zoneFile, '--detailed-exitcode'], env);
    expect(plan.stdout).toMatch(/No changes/);
    expect(plan.code).toBe(0);
    const res = await fetch(`${emulator.baseUrl}/zones/${emulator.zones[0].id}/dns_records?type=TXT&per_page=100`, {
      headers: { Authorization: `Bearer ${TOKEN}` },
    });
    const body = (await res.json()) as { result: { name: string; content: string }[] };
    const stored = Object.fromEntries(body.result.map((r) => [r.name.replace(/\.?example\.com$/, ''), r.content]));
    expect(stored).toEqual(EXPECTED);
  });

  it("the emulator's DNS server answers the same strings", async () => {
    for (const [name, strings] of Object.entries(EXPECTED)) {
      const reply = await query(emulator.dns!.port, `${name}.example.com`, 'TXT', { edns: 4096 });
      expect(reply.answer.map((a) => a.data)).toEqual([strings]);
    }
  });

  it('resolve answers the same strings from the file', async () => {
    for (const [name, strings] of Object.entries(EXPECTED)) {
      const r = await runCli(['resolve', zoneFile, name, 'TXT']);
      expect(r.code).toBe(0);
      expect(r.stdout).toContain(`\tTXT\t${strings}\n`);
    }
  });

  it('export writes the same strings (YAML that plans clean, and BIND)', async () => {
    const yaml = join(dir, 'exported.yaml');
    expect((await runCli(['export', '--zone', 'example.com', '--out', yaml], env)).code).toBe(0);
    const text = readFileSync(yaml, 'utf8');
    for (const [_name, strings] of Object.entries(EXPECTED)) expect(text).toContain(`content: '${strings}'`);
    const plan = await runCli(['plan', yaml, '--detailed-exitcode'], env);
    expect(plan.code).toBe(0);
    const bind = await runCli(['export', '--zone', 'example.com', '--format', 'bind'], env);
    for (const [name, strings] of Object.entries(EXPECTED))
      expect(bind.stdout).toMatch(
        new RegExp(`^${name.replace(/\./g, '\\.')}\\.example\\.com\\.\\s.*TXT\\s+${strings.replace(/[\\^$.*+?()[\]{}|]/g, '\\$&')}$`, 'm'),
      );
  });

  // Changed in issue 28: the DKIM key used to be edited to its unquoted text here, which then was
  // a change too. Unquoted text over 255 bytes now says nothing about its split and matches the
  // live strings joined; one quoted string over 255 bytes is still the 255-byte split, a change.
  it('a different split of the same text written as quoted strings is a change; one quoted string over 255 bytes is split as the service splits it', async () => {
    const dkim = `${DKIM[1]}${DKIM[2]}`;
    const edited = readFileSync(zoneFile, 'utf8')
      .replace(`content: '"first string" "second string" "third"'`, `content: '"first stringsecond stringthird"'`)
      .replace(`content: '${EXPECTED['sel._domainkey']}'`, `content: '"${dkim}"'`);
    const file = join(dir, 'edited.yaml');
    writeFileSync(file, edited);
    const plan = await runCli(['plan', file, '--detailed-exitcode'], env);
    expect(plan.code).toBe(2);
    expect(plan.stdout).toContain('"first stringsecond stringthird"');
    expect((await runCli(['apply', file, '--yes'], env)).code).toBe(0);
    const reply = await query(emulator.dns!.port, 'sel._domainkey.example.com', 'TXT', { edns: 4096 });
    expect(reply.answer.map((a) => a.data)).toEqual([`"${dkim.slice(0, 255)}" "${dkim.slice(255)}"`]);
    expect((await runCli(['plan', file, '--detailed-exitcode'], env)).code).toBe(0);
    // The same key unquoted: any split of its text, the live 255-byte one included.
    const unquoted = join(dir, 'unquoted.yaml');
    writeFileSync(unquoted, edited.replace(`content: '"${dkim}"'`, `content: "${dkim}"`));
    expect((await runCli(['plan', unquoted, '--detailed-exitcode'], env)).code).toBe(0);
  });

  it('bytes outside printable ASCII go out as \\DDD however the file wrote them (the service refuses anything else, 9051)', async () => {
    const file = join(dir, 'org.yaml');
    writeFileSync(
      file,
      [
        'version: 1',
        'zone: example.org',
        'records:',
        '  - { name: "@", type: A, content: 192.0.2.1 }',
        `  - { name: company, type: TXT, content: '"Caf\\195\\169 M\\195\\188ller GmbH\\059 Berlin"' }`,
        `  - { name: tab, type: TXT, content: '"a\\009b" "\\200"' }`,
        '',
      ].join('\n'),
    );
    const applied = await runCli(['apply', file, '--yes'], env);
    expect(applied.stderr).not.toMatch(/9051|error/i);
    expect(applied.code).toBe(0);
    expect((await runCli(['plan', file, '--detailed-exitcode'], env)).code).toBe(0);
    const reply = await query(emulator.dns!.port, 'tab.example.org', 'TXT', { edns: 4096 });
    expect(reply.answer.map((a) => a.data)).toEqual(['"a\\009b" "\\200"']);
  });
});
