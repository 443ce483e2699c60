/**
 * New zones through the CLI: a zone file for a zone that does not exist yet plans
 * `+ zone NAME (account ..., type full)`; apply creates it (POST /zones), prints the nameservers
 * the service assigned, writes its records and settings in the same run; a second plan is empty.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../src/emulator/server.js';
import { runCli } from '../support/run-cli.js';
import { tempDir } from '../support/temp-dir.js';

const TOKEN = 'newzone-token-0123456789abcdef01234567';

describe('new zones', () => {
  let emu: RunningEmulator;
  let dir: string;
  let env: Record<string, string>;
  const write = (name: string, text: string): string => {
    const p = join(dir, name);
    writeFileSync(p, text);
    return p;
  };
  beforeAll(async () => {
    emu = await startEmulator({ port: 0, zones: ['example.com'], token: TOKEN });
    dir = tempDir('newzone');
    mkdirSync(join(dir, '.git'));
    env = { CLOUDFLARE_BASE_URL: emu.baseUrl, CLOUDFLARE_API_TOKEN: TOKEN };
  });
  afterAll(async () => {
    await emu.close();
  });

  it('plans, creates and fills a zone that names its account_id; the second plan is empty', async () => {
    const file = write(
      'example.dev.yaml',
      `version: 1\nzone: example.dev\naccount_id: ${emu.accountId}\nrecords:\n  - { name: www, type: A, content: 192.0.2.10 }\n  - { name: "@", type: TXT, content: hello }\nsettings: { ns_ttl: 3600 }\n`,
    );
    const plan = await runCli(['plan', file, '--detailed-exitcode'], env);
    expect(plan.code).toBe(2);
    expect(plan.stdout).toContain(`  + zone example.dev (account ${emu.accountId}, type full)\n`);
    expect(plan.stdout).toMatch(/^ {2}\+ www\.example\.dev A 192\.0\.2\.10/m);
    const out = join(dir, 'plan.json');
    const saved = await runCli(['plan', file, '--out', out], env);
    // Since issue 33 a saved plan holds the creation (test/e2e/saved-plan-new-zone.test.ts applies one).
    expect(saved.code, saved.stderr).toBe(0);
    expect(existsSync(out)).toBe(true);
    const dry = await runCli(['apply', file, '--dry-run'], env);
    expect(dry.stdout).toContain(`POST /zones {"name":"example.dev","account":{"id":"${emu.accountId}"},"type":"full"}`);
    const before = await fetch(`${emu.baseUrl}/zones?name=example.dev`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(((await before.json()) as { result: unknown[] }).result).toEqual([]);

    const applied = await runCli(['apply', file, '--yes'], env);
    expect(applied.stderr).not.toMatch(/error/);
    expect(applied.code).toBe(0);
    expect(applied.stdout).toMatch(
      /^example\.dev: zone created \(id [0-9a-f]{32}, pending\); set its nameservers at the registrar: [a-z]+\.ns\.cloudflare\.com, [a-z]+\.ns\.cloudflare\.com$/m,
    );
    const again = await runCli(['plan', file, '--detailed-exitcode'], env);
    expect(again.stdout).not.toContain('+ zone');
    expect(again.code).toBe(0);
    const zones = (await (
      await fetch(`${emu.baseUrl}/zones?name=example.dev`, { headers: { authorization: `Bearer ${TOKEN}` } })
    ).json()) as { result: Array<{ id: string; status: string }> };
    expect(zones.result).toHaveLength(1);
    expect(zones.result[0].status).toBe('pending');
  });

  it('a zone the service will not create fails alone: the other zones are applied', async () => {
    // A token that may edit DNS in the account's zones but not create zones (no Zone Write).
    const res = await fetch(`${emu.baseUrl}/user/tokens`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'dns-only',
        policies: [
          {
            effect: 'allow',
            permission_groups: [{ id: '4755a26eedb94da69e1066d98aa820be' }, { id: 'c8fed203ed3043cba015a93ad1616f1f' }],
            resources: { [`com.cloudflare.api.account.${emu.accountId}`]: { 'com.cloudflare.api.account.zone.*': '*' } },
          },
        ],
      }),
    });
    const dnsOnly = ((await res.json()) as { result: { value: string } }).result.value;
    const sub = join(dir, 'two');
    mkdirSync(sub);
    writeFileSync(
      join(sub, 'example.com.yaml'),
      'version: 1\nzone: example.com\nrecords:\n  - { name: api, type: A, content: 192.0.2.7 }\n',
    );
    writeFileSync(
      join(sub, 'example.fail.yaml'),
      `version: 1\nzone: example.fail\naccount_id: ${emu.accountId}\nrecords:\n  - { name: www, type: A, content: 192.0.2.8 }\n`,
    );
    const r = await runCli(['apply', sub, '--yes'], { ...env, CLOUDFLARE_API_TOKEN: dnsOnly });
    expect(r.code).toBe(1);
    expect(r.stdout + r.stderr).toContain('example.fail: the zone could not be created (POST /zones)');
    expect(r.stdout + r.stderr).not.toContain(dnsOnly);
    const after = await runCli(['plan', join(sub, 'example.com.yaml'), '--detailed-exitcode'], env);
    expect(after.code).toBe(0);
  });

  it('a missing zone without an account is still "not found" (nothing is created), with the fix in the message', async () => {
    const file = write('example.xyz.yaml', 'version: 1\nzone: example.xyz\nrecords:\n  - { name: www, type: A, content: 192.0.2.10 }\n');
    const r = await runCli(['apply', file, '--yes'], env);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('zone "example.xyz" not found');
    // Issue 28: the message names the file and the fix (an account to create the zone in).
    expect(r.stderr).toContain(`add \`account_id: <32 hex>\` to ${file}, or \`account: NAME\` with a zonectl.yaml`);
    const planned = await runCli(['plan', file], env);
    expect(planned.code).toBe(1);
    expect(planned.stderr).toMatch(/zone "example\.xyz" not found.*add `account_id: <32 hex>` to .*example\.xyz\.yaml/s);
    const listed = (await (
      await fetch(`${emu.baseUrl}/zones?name=example.xyz`, { headers: { authorization: `Bearer ${TOKEN}` } })
    ).json()) as { result: unknown[] };
    expect(listed.result).toEqual([]);
  });

  it('the account comes from zonectl.yaml too, in a directory run with other zones', async () => {
    const repo = tempDir('newzone-repo');
    mkdirSync(join(repo, '.git'));
    mkdirSync(join(repo, 'zones'));
    writeFileSync(
      join(repo, 'zonectl.yaml'),
      `version: 1\naccounts:\n  main: { account_id: "\${ZONECTL_MAIN_ID}", credentials: { token_env: CF_TOKEN } }\n`,
    );
    writeFileSync(
      join(repo, 'zones', 'example.com.yaml'),
      'version: 1\nzone: example.com\naccount: main\nrecords:\n  - { name: www, type: A, content: 192.0.2.1 }\n',
    );
    writeFileSync(
      join(repo, 'zones', 'example.app.yaml'),
      'version: 1\nzone: example.app\naccount: main\nrecords:\n  - { name: api, type: AAAA, content: "2001:db8::1" }\n',
    );
    const e = { CLOUDFLARE_BASE_URL: emu.baseUrl, CF_TOKEN: TOKEN, ZONECTL_MAIN_ID: emu.accountId };
    const plan = await runCli(['plan', join(repo, 'zones')], e);
    expect(plan.stdout).toContain(`  + zone example.app (account ${emu.accountId}, type full)`);
    expect((await runCli(['apply', join(repo, 'zones'), '--yes'], e)).code).toBe(0);
    const again = await runCli(['plan', join(repo, 'zones'), '--detailed-exitcode'], e);
    expect(again.code).toBe(0);
    expect(again.stdout).toContain('2 zones: 0 with changes, 0 failed, 2 in sync');
  });
});
