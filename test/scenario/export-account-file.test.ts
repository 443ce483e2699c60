/**
 * An account file from the live account, through the real CLI against the emulator (Enterprise:
 * the account's SOA may change): the account's DNS settings are set through the API
 * (`zone_defaults`, `enforce_dns_only`, a deprecated `foundation_dns`) beside an internal DNS view;
 * `export --account-id` writes the fields that differ from the service's defaults, never the
 * deprecated one, and the views; the file validates without a warning and plans empty. One live
 * value changes: `export --into` changes that one line and nothing else (a person's comments
 * stay), and the plan is empty again. `export --all` writes the account file of each account
 * with settings or views of its own beside the zones' files (not of an account at the
 * defaults), and the directory plans empty. An unknown account, a token the account refuses:
 * exit 1 with the reason, nothing written.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../support/run-cli.js';
import { tempDir } from '../support/temp-dir.js';
import { type Harness, startHarness, TOKEN } from './harness.js';

const SHOP_TOKEN = 'scenario-shop-token-0a1b2c3d4e5f60718293';

describe('an account file exported from the live account plans empty, and --into follows a live change', () => {
  let h: Harness;
  let repo: string;
  let file: string;
  let env: Record<string, string>;
  let accountId: string;
  let corpId: string;
  const api = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const res = await fetch(`${h.emulator.baseUrl}${path}`, {
      method,
      headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    const answer = (await res.json()) as { success: boolean; result: T; errors: unknown };
    if (!answer.success) throw new Error(`${method} ${path}: ${JSON.stringify(answer.errors)}`);
    return answer.result;
  };
  const planIsEmpty = async (path: string): Promise<string> => {
    const plan = await runCli(['plan', path, '--detailed-exitcode'], env);
    expect(plan.code, plan.stdout + plan.stderr).toBe(0);
    expect(plan.stdout).toContain('No changes to the zone defaults');
    return plan.stdout;
  };

  beforeAll(async () => {
    h = await startHarness({ zonePlan: 'enterprise', accounts: [{ name: 'shop', token: SHOP_TOKEN, zones: ['example.org'] }] });
    accountId = h.emulator.accountId;
    repo = tempDir('acctfile');
    mkdirSync(join(repo, '.git'));
    mkdirSync(join(repo, 'zones'));
    file = join(repo, 'zones', 'account.yaml');
    env = { CLOUDFLARE_BASE_URL: h.emulator.baseUrl, CLOUDFLARE_API_TOKEN: TOKEN };
    await api('PATCH', `/accounts/${accountId}/dns_settings`, {
      zone_defaults: {
        ns_ttl: 7200,
        multi_provider: true,
        foundation_dns: true,
        nameservers: { type: 'cloudflare.standard.random' },
        soa: { refresh: 20000, rname: 'hostmaster.example.org' },
      },
      enforce_dns_only: true,
    });
    corpId = (await api<{ id: string }>('POST', '/zones', { name: 'corp.internal', type: 'internal', account: { id: accountId } })).id;
    await api('POST', `/accounts/${accountId}/dns_settings/views`, { name: 'office', zones: [corpId] });
  });
  afterAll(async () => {
    await h.close();
  });

  it('export --account-id writes the non-default settings and the views; it validates without a warning and plans empty', async () => {
    const r = await runCli(['export', '--account-id', accountId, '--out', file], env);
    expect(r.code, r.stdout + r.stderr).toBe(0);
    expect(r.stderr).toContain(`account ${accountId}: 4 zone default(s), enforce_dns_only on, 1 view(s) written to ${file}`);
    const text = readFileSync(file, 'utf8');
    // The header names the account and the day; the rest is the account as it is.
    expect(text.split('\n').slice(1).join('\n')).toBe(
      [
        '',
        'version: 1',
        `account_id: ${accountId}`,
        "# the defaults new zones get, where they differ from the service's",
        'zone_defaults:',
        '  multi_provider: true',
        '  ns_ttl: 7200',
        '  nameservers: { type: cloudflare.standard.random }',
        '  soa: { rname: hostmaster.example.org, refresh: 20000 }',
        'enforce_dns_only: true # true: every proxied record of the account answers DNS-only',
        'views:',
        '  office: [ corp.internal ]',
        '',
      ].join('\n'),
    );
    // foundation_dns is deprecated (nameservers.type cloudflare.advanced): never written, so the loader has nothing to warn of.
    expect(text).not.toContain('foundation_dns');
    expect(r.stderr).toContain('left out: zone_defaults.foundation_dns is on, and deprecated: not written');
    const validate = await runCli(['validate', file], env);
    expect(validate.code, validate.stdout + validate.stderr).toBe(0);
    expect(validate.stdout + validate.stderr).not.toMatch(/warning/i);
    await planIsEmpty(file);
  }, 120_000);

  it('one live value changes: export --into changes that line alone, comments stay, and the plan is empty again', async () => {
    // A person's comments in the file, which the refresh must keep.
    const kept = readFileSync(file, 'utf8').replace(
      '  ns_ttl: 7200\n',
      '  # NS TTL agreed with the registrar team\n  ns_ttl: 7200   # two hours\n',
    );
    writeFileSync(file, kept);
    await planIsEmpty(file);
    await api('PATCH', `/accounts/${accountId}/dns_settings`, { zone_defaults: { ns_ttl: 3600 } });
    const stale = await runCli(['plan', file, '--detailed-exitcode'], env);
    expect(stale.code, stale.stdout + stale.stderr).toBe(2);

    const dry = await runCli(['export', '--into', file, '--dry-run'], env);
    expect(dry.code, dry.stdout + dry.stderr).toBe(2);
    expect(dry.stdout).toContain('-  ns_ttl: 7200   # two hours\n+  ns_ttl: 3600   # two hours');
    expect(readFileSync(file, 'utf8')).toBe(kept);

    const r = await runCli(['export', '--into', file], env);
    expect(r.code, r.stdout + r.stderr).toBe(0);
    expect(r.stderr).toContain('~ zone_defaults.ns_ttl: 7200 → 3600');
    const before = kept.split('\n');
    const after = readFileSync(file, 'utf8').split('\n');
    expect(after).toHaveLength(before.length);
    const changed = after.flatMap((line, i) => (line !== before[i] ? [[before[i], line]] : []));
    expect(changed).toEqual([['  ns_ttl: 7200   # two hours', '  ns_ttl: 3600   # two hours']]);
    await planIsEmpty(file);

    const again = await runCli(['export', '--into', file], env);
    expect(again.code, again.stdout + again.stderr).toBe(0);
    expect(again.stderr).toContain('nothing to write');
    expect(readFileSync(file, 'utf8')).toBe(after.join('\n'));
  }, 120_000);

  it('--into adds a live setting the file leaves out, and takes enforce_dns_only back off', async () => {
    const before = readFileSync(file, 'utf8');
    await api('PATCH', `/accounts/${accountId}/dns_settings`, { zone_defaults: { zone_mode: 'dns_only' }, enforce_dns_only: false });
    const r = await runCli(['export', '--into', file], env);
    expect(r.code, r.stdout + r.stderr).toBe(0);
    const text = readFileSync(file, 'utf8');
    expect(text).toContain('  zone_mode: dns_only\n');
    expect(text).toContain('enforce_dns_only: false');
    expect(text.replace('  zone_mode: dns_only\n', '').replace('enforce_dns_only: false', 'enforce_dns_only: true')).toBe(before);
    await planIsEmpty(file);
  }, 120_000);

  it('export --all writes the account file of an account with settings or views beside its zones, none for an account at the defaults; the directory plans empty', async () => {
    writeFileSync(
      join(repo, 'zonectl.yaml'),
      [
        'version: 1',
        'accounts:',
        '  main:',
        '    credentials: { token_env: CF_MAIN }',
        '  shop:',
        '    credentials: { token_env: CF_SHOP }',
        '',
      ].join('\n'),
    );
    const out = join(repo, 'all');
    const allEnv = { CLOUDFLARE_BASE_URL: h.emulator.baseUrl, CF_MAIN: TOKEN, CF_SHOP: SHOP_TOKEN };
    const r = await runCli(['export', '--all', '--out', out], allEnv);
    expect(r.code, r.stdout + r.stderr).toBe(0);
    const accountFile = `account.${accountId}.yaml`;
    expect(readdirSync(out).sort()).toEqual(
      [accountFile, `corp.internal.internal-${corpId.slice(0, 8)}.yaml`, 'example.com.yaml', 'example.org.yaml'].sort(),
    );
    expect(r.stderr).toContain(`account ${accountId}: 5 zone default(s), 1 view(s) written to ${join(out, accountFile)}`);
    const text = readFileSync(join(out, accountFile), 'utf8');
    expect(text).toContain('  zone_mode: dns_only\n');
    expect(text).toContain('  office: [ corp.internal ]\n');
    // plan reads account files with the environment's credential (README, "The account file").
    const plan = await runCli(['plan', out, '--detailed-exitcode'], { ...allEnv, CLOUDFLARE_API_TOKEN: TOKEN });
    expect(plan.code, plan.stdout + plan.stderr).toBe(0);
    expect(plan.stdout).toContain('3 zones and 1 account file: 0 with changes, 0 failed, 4 in sync');

    // A second --all refuses to overwrite the account file as it refuses the zones' files.
    const again = await runCli(['export', '--all', '--out', out], allEnv);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('exists');
    // Not YAML: no account file (the loader reads YAML account files).
    const json = await runCli(['export', '--all', '--out', join(repo, 'json'), '--format', 'json'], allEnv);
    expect(json.code, json.stdout + json.stderr).toBe(0);
    expect(readdirSync(join(repo, 'json')).filter((f) => f.startsWith('account.'))).toEqual([]);
  }, 180_000);

  it('export --all with a token that may read the zones but not the account: the zones are written, the account file is not, a warning says why', async () => {
    const zoneRead = 'c8fed203ed3043cba015a93ad1616f1f';
    const dnsRead = '82e64a83756745bbbb1c9c2701bf816b';
    const token = await api<{ value: string }>('POST', '/user/tokens', {
      name: 'zones-only',
      policies: [
        {
          effect: 'allow',
          permission_groups: [{ id: zoneRead }, { id: dnsRead }],
          resources: { [`com.cloudflare.api.account.${accountId}`]: { 'com.cloudflare.api.account.zone.*': '*' } },
        },
      ],
    });
    // A repository of its own: no zonectl.yaml, so the environment's token reads every zone.
    const other = tempDir('zonesonly');
    mkdirSync(join(other, '.git'));
    const out = join(other, 'zones');
    const r = await runCli(['export', '--all', '--out', out], { ...env, CLOUDFLARE_API_TOKEN: token.value });
    expect(r.code, r.stdout + r.stderr).toBe(0);
    expect(readdirSync(out)).toContain('example.com.yaml');
    expect(readdirSync(out).filter((f) => f.startsWith('account.'))).toEqual([]);
    expect(r.stderr).toContain(`account ${accountId}: no account file written: GET /accounts/${accountId}/dns_settings: 403`);
    expect(r.stderr).not.toContain(token.value);
  }, 120_000);

  it('an unknown account, or a token the account refuses: exit 1 with the reason, nothing written', async () => {
    const missing = join(repo, 'zones', 'missing.yaml');
    const unknown = await runCli(['export', '--account-id', '0123456789abcdef0123456789abcdef', '--out', missing], env);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toMatch(/zonectl: error\[API_ERROR\]: GET \/accounts\/0123456789abcdef0123456789abcdef\/dns_settings: 404/);
    expect(unknown.stderr).not.toMatch(/\n\s+at /);
    expect(existsSync(missing)).toBe(false);

    const refused = await runCli(['export', '--account-id', accountId, '--out', missing], { ...env, CLOUDFLARE_API_TOKEN: SHOP_TOKEN });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`/accounts/${accountId}/dns_settings`);
    expect(refused.stderr + refused.stdout).not.toContain(SHOP_TOKEN);
    expect(existsSync(missing)).toBe(false);

    const before = readFileSync(file, 'utf8');
    const into = await runCli(['export', '--into', file], { ...env, CLOUDFLARE_API_TOKEN: SHOP_TOKEN });
    expect(into.code).toBe(1);
    expect(into.stderr).toContain(`/accounts/${accountId}/dns_settings`);
    expect(readFileSync(file, 'utf8')).toBe(before);
  }, 120_000);
});
