/**
 * Account files through the real CLI against the emulator over loopback (a counting proxy in
 * between): validate, plan, apply (one PATCH), a clean second plan, drift in sync, an
 * out-of-band change that drift reports, an invalid file that makes no call, retired fields.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDropProxy, type DropProxy } from '../api/drop-proxy.js';
import { runCli, type CliResult } from '../support/run-cli.js';
import { TOKEN, startHarness, type Harness } from '../scenario/harness.js';
import { tempDir } from '../support/temp-dir.js';

const ZONE = (zone: string): string => `version: 1\nzone: ${zone}\nrecords:\n  - { name: www, type: A, content: 192.0.2.1 }\n`;

const ACCOUNT = `# yaml-language-server: $schema=../schemas/zone.schema.json
version: 1
account_id: \${ZONECTL_ACCOUNT_ID}
zone_defaults:
  flatten_all_cnames: true
  ns_ttl: 3600
  nameservers: { type: cloudflare.standard.random }
  soa: { refresh: 20000, retry: 3000 }
`;

async function liveDefaults(h: Harness): Promise<Record<string, unknown>> {
  const res = await fetch(`${h.emulator.baseUrl}/accounts/${h.emulator.accountId}/dns_settings`, {
    headers: { authorization: `Bearer ${TOKEN}` },
  });
  const body = (await res.json()) as { result: { zone_defaults: Record<string, unknown> } };
  return body.result.zone_defaults;
}

describe('account file (zone_defaults) through the CLI', () => {
  let h: Harness;
  let proxy: DropProxy;
  let dir: string;
  let env: Record<string, string>;
  const cli = (args: string[]): Promise<CliResult> => runCli(args, env);

  beforeAll(async () => {
    // SOA values of zone defaults may change on Enterprise only (service spec; the emulator's --zone-plan stands for the account).
    h = await startHarness({ zones: ['example.com', 'example.org'], zonePlan: 'enterprise' });
    proxy = await startDropProxy(h.emulator.baseUrl);
    dir = tempDir('account');
    mkdirSync(join(dir, 'zones'));
    writeFileSync(join(dir, 'zones', 'example.com.yaml'), ZONE('example.com'));
    writeFileSync(join(dir, 'zones', 'example.org.yaml'), ZONE('example.org'));
    writeFileSync(join(dir, 'zones', 'account.yaml'), ACCOUNT);
    env = { CLOUDFLARE_BASE_URL: proxy.baseUrl, CLOUDFLARE_API_TOKEN: TOKEN, ZONECTL_ACCOUNT_ID: h.emulator.accountId };
  });
  afterAll(async () => {
    await proxy.close();
    await h.close();
  });

  it('validate, plan, apply (one PATCH), plan clean, drift in sync, then drift after an out-of-band change', async () => {
    const zones = join(dir, 'zones');
    const validate = await cli(['validate', zones]);
    expect(validate.code, validate.stderr).toBe(0);
    expect(validate.stdout).toContain(`account.yaml: valid (zone defaults of account ${h.emulator.accountId}: 4 fields)`);
    // The JSON document says the same: an account file is a valid file (it was valid:false, exit 1).
    const validateJson = await cli(['validate', zones, '--format', 'json']);
    expect(validateJson.code, validateJson.stdout + validateJson.stderr).toBe(0);
    const report = JSON.parse(validateJson.stdout) as { valid: boolean; files: Array<{ file: string; valid: boolean }> };
    expect(report.valid).toBe(true);
    expect(report.files.filter((f) => f.file.endsWith('account.yaml')).map((f) => f.valid)).toEqual([true]);
    expect(proxy.forwarded).toEqual([]);

    const plan = await cli(['plan', zones, '--detailed-exitcode']);
    expect(plan.code, plan.stderr).toBe(2);
    expect(plan.stdout).toContain('~ zone_defaults');
    expect(plan.stdout).toContain('ns_ttl: 86400 → 3600');
    expect(plan.stdout).toContain('nameservers.type: cloudflare.standard → cloudflare.standard.random');
    expect(plan.stdout).toContain('soa.refresh: 10000 → 20000');
    expect(plan.stdout).toMatch(new RegExp(`account ${h.emulator.accountId.slice(0, 8)}…: zone defaults +0 +1 +0 +0 +0 +changes`));
    expect(plan.stdout).toContain('2 zones and 1 account file: 3 with changes, 0 failed, 0 in sync');

    const json = JSON.parse((await cli(['plan', zones, '--format', 'json'])).stdout) as {
      accounts: Array<{ account_id: string; changes: Array<{ body: unknown; path: string }> }>;
    };
    expect(json.accounts).toHaveLength(1);
    expect(json.accounts[0]!.account_id).toBe(h.emulator.accountId);
    expect(json.accounts[0]!.changes[0]!.path).toBe(`/accounts/${h.emulator.accountId}/dns_settings`);
    const markdown = await cli(['plan', zones, '--format', 'markdown']);
    expect(markdown.stdout).toMatch(/\| `account [0-9a-f]{8}…: zone defaults` \| 0 \| 1 \| 0 \| 0 \| 0 \|/);

    proxy.forwarded.length = 0;
    const apply = await cli(['apply', zones, '--yes']);
    expect(apply.code, apply.stderr).toBe(0);
    expect(apply.stdout).toMatch(/zone defaults: applied 5 account DNS setting\(s\) in 1 call; verified: a new plan is empty/);
    const writes = proxy.forwarded.filter((r) => r.startsWith('PATCH /client/v4/accounts/'));
    expect(writes).toEqual([`PATCH /client/v4/accounts/${h.emulator.accountId}/dns_settings`]);
    const live = await liveDefaults(h);
    expect(live).toMatchObject({
      flatten_all_cnames: true,
      ns_ttl: 3600,
      nameservers: { type: 'cloudflare.standard.random' },
      soa: { refresh: 20000, retry: 3000, expire: 604800 },
    });

    proxy.forwarded.length = 0;
    const again = await cli(['plan', zones, '--detailed-exitcode']);
    expect(again.code, again.stdout).toBe(0);
    expect(again.stdout).toContain('No changes to the zone defaults.');
    expect(proxy.forwarded.filter((r) => !r.startsWith('GET '))).toEqual([]);
    expect((await cli(['drift', zones])).code).toBe(0);

    // Someone changes the account's defaults by hand: drift says so and exits 2.
    const res = await fetch(`${h.emulator.baseUrl}/accounts/${h.emulator.accountId}/dns_settings`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ zone_defaults: { ns_ttl: 7200 } }),
    });
    expect(res.status).toBe(200);
    const drift = await cli(['drift', zones]);
    expect(drift.code).toBe(2);
    expect(drift.stdout).toContain('ns_ttl changed at the service: live 7200, file 3600');
    const driftMd = await cli(['drift', zones, '--format', 'markdown']);
    expect(driftMd.code).toBe(2);
    expect(driftMd.stdout).toContain('**1 drifted**');

    // apply --format json: the account's entry is in the one document, nothing else on stdout.
    const dry = await cli(['apply', zones, '--dry-run', '--format', 'json']);
    expect(dry.code, dry.stderr).toBe(2);
    const dryDoc = JSON.parse(dry.stdout) as {
      dry_run: boolean;
      accounts: Array<{ outcome: string; http_calls: Array<{ method: string; path: string }> }>;
    };
    expect(dryDoc.dry_run).toBe(true);
    expect(dryDoc.accounts[0]!.outcome).toBe('dry_run');
    expect(dryDoc.accounts[0]!.http_calls).toEqual([
      expect.objectContaining({ method: 'PATCH', path: `/accounts/${h.emulator.accountId}/dns_settings` }),
    ]);
    const applied = await cli(['apply', zones, '--yes', '--format', 'json']);
    expect(applied.code, applied.stderr).toBe(0);
    const doc = JSON.parse(applied.stdout) as { accounts: Array<{ account_id: string; outcome: string; fields: string[]; calls: number }> };
    expect(doc.accounts).toEqual([
      {
        account_id: h.emulator.accountId,
        file: join(zones, 'account.yaml'),
        outcome: 'applied',
        fields: ['zone_defaults.ns_ttl'],
        calls: 1,
      },
    ]);
    expect((await liveDefaults(h)).ns_ttl).toBe(3600);
    // Fourteen CLI runs in sequence (each starts node with tsx): a cap, not a timing assertion.
  }, 120_000);

  it('an invalid account file is file:line:col errors and no HTTP request at all', async () => {
    proxy.forwarded.length = 0;
    const bad = join(dir, 'bad-account.yaml');
    writeFileSync(
      bad,
      `version: 1\naccount_id: ${h.emulator.accountId}\nzone_defaults:\n  ns_ttl: 5\n  soa: { refresh: 700, retry: 900, rname: admin@example.com }\n`,
    );
    const soa = join(dir, 'soa-account.yaml');
    writeFileSync(
      soa,
      `version: 1\naccount_id: ${h.emulator.accountId}\nzone_defaults:\n  soa: { refresh: 700, retry: 900, rname: admin@example.com }\n`,
    );
    for (const cmd of [
      ['validate', bad],
      ['plan', bad],
      ['apply', bad, '--yes'],
      ['drift', soa],
    ]) {
      const r = await cli(cmd);
      expect(r.code).toBe(1);
      expect(r.stderr).not.toMatch(/ECONNREFUSED|at .*\.[cm]?[jt]s:\d+/);
      if (cmd[1] === bad)
        expect(r.stdout + r.stderr).toMatch(/bad-account\.yaml:4:11 zone_defaults\.ns_ttl: 5 is out of range \(30\.\.86400\)/);
      else {
        expect(r.stdout + r.stderr).toMatch(/soa-account\.yaml:4:\d+ zone_defaults\.soa\.retry: SOA retry 900 must not exceed refresh 700/);
        expect(r.stdout + r.stderr).toMatch(/soa-account\.yaml:4:\d+ zone_defaults\.soa\.rname: .*write admin\.example\.com/);
      }
    }
    expect(proxy.forwarded).toEqual([]);
  });

  it('two account files for one account are an error naming both; a file with neither zone nor zone_defaults names the field', async () => {
    const sub = join(dir, 'two');
    mkdirSync(sub);
    writeFileSync(join(sub, 'a.yaml'), `version: 1\naccount_id: ${h.emulator.accountId}\nzone_defaults: { ns_ttl: 3600 }\n`);
    writeFileSync(
      join(sub, 'b.yaml'),
      `version: 1\naccount_id: ${h.emulator.accountId.toUpperCase()}\nzone_defaults: { multi_provider: true }\n`,
    );
    writeFileSync(join(sub, 'c.yaml'), `version: 1\naccount_id: ${h.emulator.accountId}\n`);
    const r = await cli(['validate', sub]);
    expect(r.code).toBe(1);
    expect(r.stdout + r.stderr).toMatch(
      /b\.yaml:1:1 account_id: account [0-9a-f]{32} is also described by .*a\.yaml and by .*b\.yaml; one account file per account/,
    );
    expect(r.stdout).toMatch(
      /c\.yaml:1:1: missing required field `zone` \(the zone's name; an account file has `account_id` and `zone_defaults` instead\)/,
    );
  });

  it('retired account settings warn with their replacement and are not sent', async () => {
    const retired = join(dir, 'retired.yaml');
    writeFileSync(
      retired,
      `version: 1\naccount_id: ${h.emulator.accountId}\ndefault_nameservers: custom.tenant\nzone_defaults:\n  use_account_custom_ns_by_default: true\n  multi_provider: true\n`,
    );
    const v = await cli(['validate', retired]);
    expect(v.code).toBe(0);
    expect(v.stdout).toContain(`retired.yaml: valid (zone defaults of account ${h.emulator.accountId}: 1 field, 2 warnings)`);
    expect(v.stdout).toMatch(
      /retired\.yaml:3:1 default_nameservers: warning: `default_nameservers` is retired \(2025-03-14\) and is not sent: write `zone_defaults: \{ nameservers: \{ type: custom\.tenant \} \}`/,
    );
    expect(v.stdout).toMatch(
      /retired\.yaml:5:3 zone_defaults\.use_account_custom_ns_by_default: warning: .*nameservers: \{ type: custom\.account \}/,
    );
    const dry = await cli(['apply', retired, '--dry-run']);
    expect(dry.code).toBe(2);
    expect(dry.stdout).toContain(`PATCH /accounts/${h.emulator.accountId}/dns_settings {"zone_defaults":{"multi_provider":true}}`);
    expect(dry.stdout).not.toMatch(/default_nameservers|use_account_custom_ns/);
  });

  it('soa.mname: null (the service chooses) is met by what the account answers: applied once, then a clean plan', async () => {
    const file = join(dir, 'mname-null.yaml');
    // A name set by hand first, so that the file's null has something to change.
    const set = await fetch(`${h.emulator.baseUrl}/accounts/${h.emulator.accountId}/dns_settings`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ zone_defaults: { soa: { mname: 'ns1.example.net' } } }),
    });
    expect(set.status).toBe(200);
    writeFileSync(file, `version: 1\naccount_id: ${h.emulator.accountId}\nzone_defaults:\n  soa: { mname: null }\n`);
    const plan = await cli(['plan', file, '--detailed-exitcode']);
    expect(plan.code, plan.stdout + plan.stderr).toBe(2);
    const apply = await cli(['apply', file, '--yes']);
    expect(apply.code, apply.stdout + apply.stderr).toBe(0);
    expect(apply.stdout).toContain('verified: a new plan is empty');
    const again = await cli(['plan', file, '--detailed-exitcode']);
    expect(again.code, again.stdout).toBe(0);
  });
});
