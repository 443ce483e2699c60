/**
 * Adopting zones of two accounts from the first command (issue 33 item 3), through the real CLI
 * against one emulator serving both accounts, each with its own user and token: zonectl.yaml
 * names two token variables, `export --all --out zones/` writes every zone of both accounts with
 * its `account:`, `plan zones/` is clean, an edit plans exactly that edit, apply, and the second
 * plan is empty. A wrong token for one account is an error naming its variable; `drift
 * --unmanaged-zones` lists an account's zones with its own credential though no file names that
 * account yet; no token value appears in any output or file.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../src/emulator/server.js';
import { runCliInProcess as runCli } from '../support/run-cli-in-process.js';
import type { CliResult } from '../support/run-cli.js';
import { tempDir } from '../support/temp-dir.js';

const MAIN = 'adopt-main-token-0123456789abcdef0123456';
const SHOP = 'adopt-shop-token-0123456789abcdef0123456';
const WRONG = 'adopt-wrong-token-0123456789abcdef012345';

const CONFIG = `version: 1
accounts:
  main:
    account_id: \${ZONECTL_MAIN_ACCOUNT_ID}
    credentials: { token_env: CF_MAIN_TOKEN }
  shop:
    credentials: { token_env: CF_SHOP_TOKEN }
`;

describe('two accounts adopted with one export (zonectl.yaml)', () => {
  let emu: RunningEmulator;
  let repo: string;
  let env: Record<string, string>;
  const outputs: string[] = [];
  const cli = async (args: string[], extra: Record<string, string> = {}): Promise<CliResult> => {
    const r = await runCli(args, { ...env, ...extra }, repo);
    outputs.push(r.stdout, r.stderr);
    return r;
  };
  const read = (path: string): string => readFileSync(join(repo, path), 'utf8');

  /** Records written through the raw API with the account's own token. */
  const seed = async (token: string, zone: string, records: ReadonlyArray<Record<string, unknown>>): Promise<void> => {
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const zones = (await (await fetch(`${emu.baseUrl}/zones?name=${zone}`, { headers })).json()) as { result: Array<{ id: string }> };
    for (const record of records) {
      const res = await fetch(`${emu.baseUrl}/zones/${zones.result[0]!.id}/dns_records`, {
        method: 'POST',
        headers,
        body: JSON.stringify(record),
      });
      expect(res.status, JSON.stringify(record)).toBe(200);
    }
  };

  beforeAll(async () => {
    emu = await startEmulator({
      port: 0,
      zones: ['example.com'],
      token: MAIN,
      accounts: [{ token: SHOP, zones: ['example.org', 'shop.example', 'empty.example'] }],
    });
    await seed(MAIN, 'example.com', [
      { type: 'A', name: 'www.example.com', content: '192.0.2.10', ttl: 3600 },
      { type: 'MX', name: 'example.com', content: 'mx1.mail.example.net', priority: 10, ttl: 3600 },
    ]);
    await seed(SHOP, 'example.org', [
      { type: 'A', name: 'shop.example.org', content: '192.0.2.20', ttl: 300 },
      { type: 'TXT', name: 'example.org', content: '"v=spf1 -all"', ttl: 3600 },
    ]);
    await seed(SHOP, 'shop.example', [{ type: 'AAAA', name: 'shop.example', content: '2001:db8::20', ttl: 300 }]);
    repo = tempDir('adopt');
    mkdirSync(join(repo, '.git'));
    writeFileSync(join(repo, 'zonectl.yaml'), CONFIG);
    env = {
      CLOUDFLARE_BASE_URL: emu.baseUrl,
      CF_MAIN_TOKEN: MAIN,
      CF_SHOP_TOKEN: SHOP,
      ZONECTL_MAIN_ACCOUNT_ID: emu.accountId,
    };
  });
  afterAll(async () => {
    await emu.close();
    rmSync(repo, { recursive: true, force: true });
  });

  it('export --all --out zones/ writes every zone of both accounts, each with its account:', async () => {
    const r = await cli(['export', '--all', '--out', 'zones/']);
    expect(r.stderr).not.toMatch(/error/);
    expect(r.code).toBe(0);
    expect(readdirSync(join(repo, 'zones')).sort()).toEqual([
      'empty.example.yaml',
      'example.com.yaml',
      'example.org.yaml',
      'shop.example.yaml',
    ]);
    const accountOf = (file: string): string | undefined => /^account: (\S+)$/m.exec(read(`zones/${file}`))?.[1];
    expect(accountOf('example.com.yaml')).toBe('main');
    expect(accountOf('example.org.yaml')).toBe('shop');
    expect(accountOf('shop.example.yaml')).toBe('shop');
    // `account:` right after `zone:`, as a person writes it.
    expect(read('zones/example.org.yaml')).toMatch(/^zone: example\.org\naccount: shop\n/m);
    expect(r.stderr).toMatch(/^example\.org \(account "shop"\): 2 record\(s\)/m);
  });

  it('plan zones/ --detailed-exitcode exits 0: every file plans clean with its own account', async () => {
    const r = await cli(['plan', 'zones/', '--detailed-exitcode']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
  });

  it('an edit plans exactly that edit; apply; the second plan is empty', async () => {
    const file = join(repo, 'zones/example.org.yaml');
    const before = readFileSync(file, 'utf8');
    expect(before).toContain('content: 192.0.2.20');
    writeFileSync(file, before.replace('content: 192.0.2.20', 'content: 192.0.2.21'));
    const plan = await cli(['plan', 'zones/', '--detailed-exitcode']);
    expect(plan.code).toBe(2);
    expect(plan.stdout).toMatch(/^ {2}~ shop\.example\.org A 192\.0\.2\.20 .*\n {6}content: 192\.0\.2\.20 → 192\.0\.2\.21\n/m);
    expect(plan.stdout.match(/^ +[-+~] /gm)).toHaveLength(1);
    expect(plan.stdout).toMatch(/^shop +example\.org +0 +1 +0 /m);
    const apply = await cli(['apply', 'zones/', '--yes']);
    expect(apply.code).toBe(0);
    const again = await cli(['plan', 'zones/', '--detailed-exitcode']);
    expect(again.code).toBe(0);
  });

  it('the empty zone is a block a person appends a record to: the record is planned, applied, and the second plan is empty', async () => {
    const file = join(repo, 'zones/empty.example.yaml');
    const text = readFileSync(file, 'utf8');
    expect(text).toMatch(/^account: shop\n/m);
    expect(text).toMatch(/^records:\n {2}# no records yet/m);
    expect(text).not.toContain('records: []');
    writeFileSync(file, text.replace(/^( {2}# no records yet.*\n)/m, '$1  - { name: www, type: A, content: 192.0.2.30 }\n'));
    const plan = await cli(['plan', 'zones/empty.example.yaml', '--detailed-exitcode']);
    expect(plan.code).toBe(2);
    expect(plan.stdout).toMatch(/^ {2}\+ www\.empty\.example A 192\.0\.2\.30/m);
    expect(plan.stdout.match(/^ +[-+~] /gm)).toHaveLength(1);
    expect((await cli(['apply', 'zones/empty.example.yaml', '--yes'])).code).toBe(0);
    expect((await cli(['plan', 'zones/', '--detailed-exitcode'])).code).toBe(0);
  });

  it('--account NAME exports that account alone', async () => {
    const r = await cli(['export', '--all', '--out', 'shop-only/', '--account', 'shop']);
    expect(r.code).toBe(0);
    expect(readdirSync(join(repo, 'shop-only')).sort()).toEqual(['empty.example.yaml', 'example.org.yaml', 'shop.example.yaml']);
    const unknown = await cli(['export', '--all', '--out', 'none/', '--account', 'blog']);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toMatch(/--account "blog": no such account \(.*zonectl\.yaml lists main, shop\)/);
  });

  it('export --zone finds the zone in the account that has it and writes its account:', async () => {
    const r = await cli(['export', '--zone', 'shop.example', '--out', 'one/shop.example.yaml']);
    expect(r.code).toBe(0);
    expect(read('one/shop.example.yaml')).toMatch(/^zone: shop\.example\naccount: shop\n/m);
  });

  it('a wrong token for one account: the error names its variable (export, plan, drift, apply), never a value', async () => {
    const wrong = { CF_SHOP_TOKEN: WRONG };
    const exp = await cli(['export', '--all', '--out', 'again/'], wrong);
    expect(exp.code).toBe(1);
    expect(exp.stderr).toMatch(/check CF_SHOP_TOKEN/);
    expect(exp.stderr).not.toMatch(/CLOUDFLARE_API_TOKEN/);
    expect(existsSync(join(repo, 'again')) ? readdirSync(join(repo, 'again')) : []).toEqual([]);
    const plan = await cli(['plan', 'zones/'], wrong);
    expect(plan.code).toBe(1);
    expect(plan.stdout + plan.stderr).toMatch(/check CF_SHOP_TOKEN/);
    expect(plan.stdout + plan.stderr).not.toMatch(/CLOUDFLARE_API_TOKEN/);
    const drift = await cli(['drift', 'zones/'], wrong);
    expect(drift.code).toBe(1);
    expect(drift.stdout + drift.stderr).toMatch(/check CF_SHOP_TOKEN/);
    const apply = await cli(['apply', 'zones/', '--yes'], wrong);
    expect(apply.code).toBe(1);
    expect(apply.stdout + apply.stderr).toMatch(/check CF_SHOP_TOKEN/);
    expect(apply.stdout + apply.stderr).not.toMatch(/CLOUDFLARE_API_TOKEN/);
    expect(`${exp.stderr}${plan.stdout}${plan.stderr}${drift.stdout}${drift.stderr}${apply.stdout}${apply.stderr}`).not.toContain(WRONG);
  });

  it("drift --unmanaged-zones lists an account's zones with its own credential though no file names that account", async () => {
    const only = join(repo, 'main-only');
    mkdirSync(only);
    writeFileSync(join(only, 'example.com.yaml'), read('zones/example.com.yaml'));
    const r = await cli(['drift', 'main-only/', '--unmanaged-zones', '--format', 'json']);
    expect(r.code).toBe(0);
    const report = JSON.parse(r.stdout) as { unmanaged_zones?: Array<{ zone: string; account?: string }> };
    expect(report.unmanaged_zones?.map((z) => `${z.zone} ${z.account}`)).toEqual([
      'empty.example shop',
      'example.org shop',
      'shop.example shop',
    ]);
    // Without the shop token in the job, that account is not listed, and a warning names its variable.
    const unset = await cli(['drift', 'main-only/', '--unmanaged-zones'], { CF_SHOP_TOKEN: '' });
    expect(unset.code).toBe(0);
    expect(unset.stderr).toMatch(/account "shop": environment variable CF_SHOP_TOKEN is not set .*its zones were not listed/);
  });

  it('without zonectl.yaml the export is as before: no account:, the same file but that line', async () => {
    const plain = tempDir('adopt-plain');
    try {
      mkdirSync(join(plain, '.git'));
      const r = await runCli(['export', '--zone', 'example.com'], { CLOUDFLARE_BASE_URL: emu.baseUrl, CLOUDFLARE_API_TOKEN: MAIN }, plain);
      outputs.push(r.stdout, r.stderr);
      expect(r.code).toBe(0);
      expect(r.stdout).not.toMatch(/^account:/m);
      const withAccount = await cli(['export', '--zone', 'example.com']);
      // The repository's schema line (its .zonectl/ was written by the first export) aside.
      const schemaLine = /^# yaml-language-server: \$schema=\S+\n\n/;
      expect(withAccount.stdout).toMatch(schemaLine);
      expect(withAccount.stdout.replace(schemaLine, '').replace(/^account: main\n/m, '')).toBe(r.stdout);
    } finally {
      rmSync(plain, { recursive: true, force: true });
    }
  });

  it('no token value appears in any output or any file written', () => {
    const files = ['zones', 'one', 'shop-only'].flatMap((d) => readdirSync(join(repo, d)).map((f) => read(`${d}/${f}`)));
    for (const text of [...outputs, ...files]) {
      expect(text).not.toContain(MAIN);
      expect(text).not.toContain(SHOP);
      expect(text).not.toContain(WRONG);
    }
  });
});
