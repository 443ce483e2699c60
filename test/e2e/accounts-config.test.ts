/**
 * Several accounts and credentials in one run (zonectl.yaml), through the real CLI against one
 * emulator serving three accounts, each with its own user and token.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../src/emulator/server.js';
import { runCliInProcess as runCli } from '../support/run-cli-in-process.js';
import { tempDir } from '../support/temp-dir.js';

const MAIN = 'main-token-0123456789abcdef0123456789ab';
const SHOP = 'shop-token-0123456789abcdef0123456789ab';
const BLOG = 'blog-token-0123456789abcdef0123456789ab';

const CONFIG = `version: 1
accounts:
  main:
    account_id: \${ZONECTL_MAIN_ACCOUNT_ID}
    credentials: { token_env: CF_MAIN_TOKEN }
  shop:
    account_id: \${ZONECTL_SHOP_ACCOUNT_ID}
    credentials: { token_env: CF_SHOP_TOKEN }
  blog:
    credentials: { email_env: CF_BLOG_EMAIL, key_env: CF_BLOG_KEY }
`;

describe('several accounts in one run (zonectl.yaml)', () => {
  let emu: RunningEmulator;
  let repo: string;
  let env: Record<string, string>;
  const write = (path: string, text: string): string => {
    const p = join(repo, path);
    mkdirSync(join(p, '..'), { recursive: true });
    writeFileSync(p, text);
    return p;
  };
  const zone = (name: string, account: string, ip: string): string =>
    `version: 1\nzone: ${name}\naccount: ${account}\nrecords:\n  - { name: www, type: A, content: ${ip} }\n`;

  beforeAll(async () => {
    emu = await startEmulator({
      port: 0,
      zones: ['example.com'],
      token: MAIN,
      accounts: [
        { token: SHOP, zones: ['example.org', 'legacy.example'] },
        { token: BLOG, zones: ['example.net'] },
      ],
    });
    repo = tempDir('accounts');
    mkdirSync(join(repo, '.git'));
    write('zonectl.yaml', CONFIG);
    write('zones/main/example.com.yaml', zone('example.com', 'main', '192.0.2.1'));
    write('zones/shop/example.org.yaml', zone('example.org', 'shop', '192.0.2.2'));
    write('zones/shop/example.io.yaml', zone('example.io', 'shop', '192.0.2.4')); // a zone apply creates
    write('zones/blog/example.net.yaml', zone('example.net', 'blog', '192.0.2.3'));
    env = {
      CLOUDFLARE_BASE_URL: emu.baseUrl,
      CF_MAIN_TOKEN: MAIN,
      CF_SHOP_TOKEN: SHOP,
      CF_BLOG_EMAIL: emu.accounts[1]!.email,
      CF_BLOG_KEY: emu.accounts[1]!.apiKey,
      ZONECTL_MAIN_ACCOUNT_ID: emu.accountId,
      ZONECTL_SHOP_ACCOUNT_ID: emu.accounts[0]!.accountId,
    };
  });
  afterAll(async () => {
    await emu.close();
  });

  it("plans each zone with its own account's token, grouped by account in the summary", async () => {
    const r = await runCli(['plan', join(repo, 'zones')], env);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const table = r.stdout.slice(r.stdout.indexOf('account '));
    const rows = table
      .split('\n')
      .filter((l) => /^(main|shop|blog) /.test(l))
      .map((l) => l.split(/\s+/).slice(0, 2).join(' '));
    expect(rows).toEqual(['main example.com', 'shop example.io', 'shop example.org', 'blog example.net']);
    expect(table).toContain('4 zones: 4 with changes, 0 failed');
    expect(r.stdout).toContain(`  + zone example.io (account ${emu.accounts[0]!.accountId}, type full)`);
  });

  it('an account whose variable is unset fails its own zones alone, naming the variable', async () => {
    const r = await runCli(['plan', join(repo, 'zones')], { ...env, CF_SHOP_TOKEN: '' });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('example.org: account "shop": environment variable CF_SHOP_TOKEN is not set (its API token)');
    expect(r.stdout).toMatch(/^main +example\.com .*changes$/m);
    expect(r.stdout).toMatch(/^blog +example\.net .*changes$/m);
    expect(r.stdout).toMatch(/^shop +example\.org .*failed \(CREDENTIALS\)$/m);
    for (const secret of [MAIN, emu.accounts[1]!.apiKey]) expect(r.stdout + r.stderr).not.toContain(secret);
  });

  it("apply writes every account's zone with its own token; a second plan is empty everywhere", async () => {
    const applied = await runCli(['apply', join(repo, 'zones'), '--yes'], env);
    expect(applied.stderr).not.toMatch(/error/);
    expect(applied.code).toBe(0);
    const again = await runCli(['plan', join(repo, 'zones'), '--detailed-exitcode'], env);
    expect(again.code).toBe(0);
    expect(again.stdout).toContain('4 zones: 0 with changes, 0 failed, 4 in sync');
    expect(applied.stdout).toMatch(/^example\.io: zone created \(id [0-9a-f]{32}, pending\); set its nameservers at the registrar: /m);
    // The new zone is in the account whose token created it, not in the environment's.
    const shopZones = await fetch(`${emu.baseUrl}/zones?name=example.io`, { headers: { authorization: `Bearer ${SHOP}` } });
    expect(((await shopZones.json()) as { result: Array<{ account: { id: string } }> }).result.map((z) => z.account.id)).toEqual([
      emu.accounts[0]!.accountId,
    ]);
  });

  it("drift --unmanaged-zones lists each account's zones that no file manages (whatever the shard)", async () => {
    const shopId = emu.accounts[0]!.accountId;
    const r = await runCli(['drift', join(repo, 'zones'), '--unmanaged-zones', '--shard', '1/2'], env);
    expect(r.stderr).toBe('');
    expect(r.stdout).toContain('Unmanaged zones (1; no file manages them; zonectl never deletes a zone):');
    expect(r.stdout).toMatch(new RegExp(`^ {2}legacy\\.example \\(id [0-9a-f]{32}, account ${shopId} "shop"\\)$`, 'm'));
    const json = await runCli(['drift', join(repo, 'zones'), '--unmanaged-zones', '--format', 'json'], env);
    const doc = JSON.parse(json.stdout) as { unmanaged_zones: Array<{ zone: string; account_id: string; account: string }> };
    expect(doc.unmanaged_zones.map((z) => [z.zone, z.account_id, z.account])).toEqual([['legacy.example', shopId, 'shop']]);
    expect((await runCli(['drift', join(repo, 'zones')], env)).stdout).not.toContain('legacy.example');
  });

  it("--config names the file; without one, `account:` is an error at the zone file's line", async () => {
    const elsewhere = tempDir('noconf');
    mkdirSync(join(elsewhere, '.git'));
    const file = join(elsewhere, 'example.org.yaml');
    writeFileSync(file, zone('example.org', 'shop', '192.0.2.2'));
    const missing = await runCli(['plan', file], env);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/example\.org\.yaml:3:10 account: account "shop" needs a zonectl\.yaml/);
    const given = await runCli(['plan', file, '--config', join(repo, 'zonectl.yaml'), '--detailed-exitcode'], env);
    expect(given.stderr).toBe('');
    expect(given.code).toBe(0);
    writeFileSync(file, zone('example.org', 'shops', '192.0.2.2'));
    const plan = await runCli(['plan', file, '--config', join(repo, 'zonectl.yaml')], env);
    expect(plan.code).toBe(1);
    expect(plan.stderr).toMatch(
      /example\.org\.yaml:3:10 account: account "shops" is not in .*zonectl\.yaml \(accounts: main, shop, blog\)/,
    );
  });

  it('the configuration is checked with file:line errors; a credential written in it is refused and never repeated', async () => {
    const bad = join(tempDir('badconf'), 'zonectl.yaml');
    writeFileSync(
      bad,
      `version: 1\naccounts:\n  main:\n    credentials: { token_env: ${MAIN} }\n  shop:\n    account_id: nope\n    credentials: { token_env: CF_SHOP_TOKEN, key_env: K }\n`,
    );
    const r = await runCli(['plan', join(repo, 'zones'), '--config', bad], env);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/zonectl\.yaml:4:31 accounts\.main\.credentials\.token_env: this looks like a credential/);
    expect(r.stderr).toMatch(/zonectl\.yaml:6:17 accounts\.shop\.account_id: must be an account id of 32 hexadecimal characters/);
    expect(r.stderr).toMatch(/zonectl\.yaml:7:18 accounts\.shop\.credentials: credentials are \{ token_env: VAR \}/);
    expect(r.stderr).not.toMatch(/:4:\d+ accounts\.main\.credentials: /);
    const validate = await runCli(['validate', join(repo, 'zones'), '--config', bad], {});
    expect(validate.code).toBe(1);
    expect(validate.stdout).toMatch(/zonectl\.yaml:6:17 accounts\.shop\.account_id: must be an account id/);
    expect(validate.stdout + validate.stderr).not.toContain(MAIN);
    expect((await runCli(['validate', join(repo, 'zones')], {})).code).toBe(0);
    expect(r.stderr).toContain('error[INVALID_ZONE_FILE]');
    expect(r.stdout + r.stderr).not.toContain(MAIN);
  });

  it('account_id: ${VAR} in zonectl.yaml reads only ZONECTL_* (a pull request edits the file: a 32-hex secret of the job must not become an account id in a plan)', async () => {
    const conf = join(tempDir('conf-var'), 'zonectl.yaml');
    writeFileSync(conf, 'version: 1\naccounts:\n  main:\n    account_id: ${DD_API_KEY}\n    credentials: { token_env: CF_MAIN_TOKEN }\n');
    const secret = 'abcdef0123456789abcdef0123456789';
    const r = await runCli(['plan', join(repo, 'zones'), '--config', conf], { ...env, DD_API_KEY: secret });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(
      /zonectl\.yaml:4:\d+ accounts\.main\.account_id: `\$\{DD_API_KEY\}`: zonectl\.yaml reads only variables named ZONECTL_\*/,
    );
    expect(r.stdout + r.stderr).not.toContain(secret);
  });

  // Eleven runs of the CLI: about 20 s on an idle machine, more than the default 30 s timeout under a full parallel run.
  it("a saved plan of account zones is applied with each account's credential, and only with the zonectl.yaml it was made with", {
    timeout: 120_000,
  }, async () => {
    const zones = join(repo, 'zones');
    const configFile = join(repo, 'zonectl.yaml');
    const planFile = join(repo, 'plan.json');
    const wwwOf = async (name: string, token: string): Promise<string[]> => {
      const zoneList = await fetch(`${emu.baseUrl}/zones?name=${name}`, { headers: { authorization: `Bearer ${token}` } });
      const id = ((await zoneList.json()) as { result: Array<{ id: string }> }).result[0]!.id;
      const records = await fetch(`${emu.baseUrl}/zones/${id}/dns_records?type=A`, { headers: { authorization: `Bearer ${token}` } });
      return ((await records.json()) as { result: Array<{ content: string }> }).result.map((r) => r.content);
    };
    write('zones/shop/example.org.yaml', zone('example.org', 'shop', '192.0.2.20'));
    write('zones/main/example.com.yaml', zone('example.com', 'main', '192.0.2.10'));
    const saved = await runCli(['plan', zones, '--out', planFile], env);
    expect(saved.code, saved.stderr).toBe(0);
    const digest = /\((sha256:[0-9a-f]{64})\)/.exec(saved.stderr)?.[1];
    expect(digest, saved.stderr).toBeDefined();
    const text = readFileSync(planFile, 'utf8');
    // Recorded relative to the repository root (README.md, "Saved plans").
    expect((JSON.parse(text) as { repository_config: string }).repository_config).toBe('zonectl.yaml');
    for (const secret of [MAIN, SHOP, BLOG, emu.accounts[1]!.apiKey]) expect(text).not.toContain(secret);

    const applied = await runCli(['apply', '--plan', planFile, '--expect-digest', digest!, '--yes'], env, repo);
    expect(applied.code, applied.stderr).toBe(0);
    expect(await wwwOf('example.org', SHOP)).toEqual(['192.0.2.20']);
    expect(await wwwOf('example.com', MAIN)).toEqual(['192.0.2.10']);
    const again = await runCli(['plan', zones, '--detailed-exitcode'], env);
    expect(again.code, again.stdout + again.stderr).toBe(0);

    // The credential variables come from zonectl.yaml as the plan recorded it, never otherwise.
    write('zones/shop/example.org.yaml', zone('example.org', 'shop', '192.0.2.21'));
    expect((await runCli(['plan', zones, '--out', planFile], env)).code).toBe(0);
    const original = readFileSync(configFile, 'utf8');
    try {
      writeFileSync(configFile, original.replace('token_env: CF_SHOP_TOKEN', 'token_env: CF_MAIN_TOKEN'));
      const edited = await runCli(['apply', '--plan', planFile, '--yes'], env, repo);
      expect(edited.code).toBe(1);
      expect(edited.stderr).toMatch(/PLAN_FILE_MISMATCH.*zonectl\.yaml changed since the plan was made/);
      rmSync(configFile);
      const absent = await runCli(['apply', '--plan', planFile, '--yes'], env, repo);
      expect(absent.code).toBe(1);
      expect(absent.stderr).toMatch(/PLAN_FILE_MISMATCH.*its zones name accounts of .*zonectl\.yaml, which is not here/);
    } finally {
      writeFileSync(configFile, original);
    }
    const withConfig = await runCli(['apply', '--plan', planFile, '--config', configFile, '--yes'], env, repo);
    expect(withConfig.code).toBe(1);
    expect(withConfig.stderr).toContain('a saved plan names its own zonectl.yaml');
    expect(await wwwOf('example.org', SHOP)).toEqual(['192.0.2.20']);
    const finished = await runCli(['apply', '--plan', planFile, '--yes'], env, repo);
    expect(finished.code, finished.stderr).toBe(0);
    expect(await wwwOf('example.org', SHOP)).toEqual(['192.0.2.21']);
    expect((await runCli(['plan', zones, '--detailed-exitcode'], env)).code).toBe(0);
  });
});
