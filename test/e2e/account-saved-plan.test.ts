/**
 * Account files in saved plans: `plan --out` keeps them beside the zones, `apply --plan` sends
 * their PATCH after checking that the account's defaults did not change since, and a plan file
 * whose PATCH was pointed elsewhere is refused. The real CLI against the emulator over loopback.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, type CliResult } from '../support/run-cli.js';
import { TOKEN, startHarness, type Harness } from '../scenario/harness.js';
import { tempDir } from '../support/temp-dir.js';

async function zoneDefaults(h: Harness): Promise<Record<string, unknown>> {
  const res = await fetch(`${h.emulator.baseUrl}/accounts/${h.emulator.accountId}/dns_settings`, {
    headers: { authorization: `Bearer ${TOKEN}` },
  });
  return ((await res.json()) as { result: { zone_defaults: Record<string, unknown> } }).result.zone_defaults;
}

async function patchDefaults(h: Harness, body: Record<string, unknown>): Promise<void> {
  const res = await fetch(`${h.emulator.baseUrl}/accounts/${h.emulator.accountId}/dns_settings`, {
    method: 'PATCH',
    headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify({ zone_defaults: body }),
  });
  expect(res.status).toBe(200);
}

describe('account files in saved plans', () => {
  let h: Harness;
  let dir: string;
  let zones: string;
  let env: Record<string, string>;
  // From the repository: apply --plan reads the files a plan names only inside the repository it runs in.
  const cli = (args: string[]): Promise<CliResult> => runCli(args, env, dir);

  beforeAll(async () => {
    h = await startHarness({ zones: ['example.com'] });
    dir = tempDir('account-saved');
    zones = join(dir, 'zones');
    mkdirSync(zones);
    writeFileSync(
      join(zones, 'example.com.yaml'),
      'version: 1\nzone: example.com\nrecords:\n  - { name: www, type: A, content: 192.0.2.1 }\n',
    );
    writeFileSync(
      join(zones, 'account.yaml'),
      'version: 1\naccount_id: ${ZONECTL_ACCOUNT_ID}\nzone_defaults:\n  ns_ttl: 3600\n  flatten_all_cnames: true\n',
    );
    env = { CLOUDFLARE_BASE_URL: h.emulator.baseUrl, CLOUDFLARE_API_TOKEN: TOKEN, ZONECTL_ACCOUNT_ID: h.emulator.accountId };
  });
  afterAll(async () => {
    await h.close();
  });

  it('plan --out keeps the account file; apply --plan sends its PATCH; a second plan is empty', async () => {
    const out = join(dir, 'plan.json');
    const plan = await cli(['plan', zones, '--out', out]);
    expect(plan.code, plan.stderr).toBe(0);
    expect(plan.stderr).not.toMatch(/holds the zones only/);
    const saved = JSON.parse(readFileSync(out, 'utf8')) as {
      accounts: Array<{ plan: { accountId: string; operations: Array<{ path: string }> } }>;
      files: Array<{ path: string }>;
    };
    expect(saved.accounts).toHaveLength(1);
    expect(saved.accounts[0]!.plan.operations.map((o) => o.path)).toEqual([`/accounts/${h.emulator.accountId}/dns_settings`]);
    // Recorded relative to the repository root (here the working directory: no .git above it).
    expect(saved.files.map((f) => f.path)).toContain('zones/account.yaml');

    const apply = await cli(['apply', '--plan', out, '--yes']);
    expect(apply.code, apply.stderr).toBe(0);
    expect(apply.stdout).toMatch(/zone defaults: applied 2 account DNS setting\(s\) in 1 call; verified: a new plan is empty/);
    expect(await zoneDefaults(h)).toMatchObject({ ns_ttl: 3600, flatten_all_cnames: true });
    const again = await cli(['plan', zones, '--detailed-exitcode']);
    expect(again.code, again.stdout).toBe(0);
  });

  it('apply --plan refuses an account plan made stale by a change since, and changes nothing', async () => {
    await patchDefaults(h, { ns_ttl: 86400 });
    const out = join(dir, 'stale.json');
    expect((await cli(['plan', zones, '--out', out])).code).toBe(0);
    await patchDefaults(h, { ns_ttl: 7200 }); // someone else, after the plan was saved
    const apply = await cli(['apply', '--plan', out, '--yes']);
    expect(apply.code).toBe(1);
    expect(apply.stderr).toMatch(
      /error\[STALE_PLAN\]: account [0-9a-f]{8}…: zone defaults: the saved plan is stale: live state changed since it was made \(zone_defaults\)/,
    );
    expect((await zoneDefaults(h)).ns_ttl).toBe(7200);
  });

  it('a saved account PATCH pointed at another path is refused before any call', async () => {
    await patchDefaults(h, { ns_ttl: 86400 });
    const out = join(dir, 'edited.json');
    expect((await cli(['plan', zones, '--out', out])).code).toBe(0);
    const text = readFileSync(out, 'utf8').replace(
      `"/accounts/${h.emulator.accountId}/dns_settings"`,
      `"/accounts/${h.emulator.accountId}/members"`,
    );
    writeFileSync(out, text);
    const apply = await cli(['apply', '--plan', out, '--yes']);
    expect(apply.code).toBe(1);
    expect(apply.stderr).toMatch(
      /error\[PLAN_FILE_INVALID\]: .*accounts\[0\]\.operations\[0\]: is not a PATCH of the account's zone defaults/,
    );
    expect((await zoneDefaults(h)).ns_ttl).toBe(86400);
  });
});
