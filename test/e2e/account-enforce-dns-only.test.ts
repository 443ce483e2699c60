/**
 * The account's emergency switch `enforce_dns_only` (issue 43, item 8) through the real CLI
 * against the emulator: unmanaged when the file does not set it, planned with a warning when it
 * turns on, one PATCH beside no zone_defaults, a second plan empty, and turned off again.
 * Source: https://developers.cloudflare.com/dns/proxy-status/enforce-dns-only/.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDropProxy, type DropProxy } from '../api/drop-proxy.js';
import { runCli, type CliResult } from '../support/run-cli.js';
import { TOKEN, startHarness, type Harness } from '../scenario/harness.js';
import { tempDir } from '../support/temp-dir.js';

const ACCOUNT = (enforce: string): string => `version: 1\naccount_id: \${ZONECTL_ACCOUNT_ID}\n${enforce}zone_defaults: { ns_ttl: 86400 }\n`;

async function liveEnforce(h: Harness): Promise<unknown> {
  const res = await fetch(`${h.emulator.baseUrl}/accounts/${h.emulator.accountId}/dns_settings`, {
    headers: { authorization: `Bearer ${TOKEN}` },
  });
  return ((await res.json()) as { result: { enforce_dns_only?: unknown } }).result.enforce_dns_only;
}

describe('enforce_dns_only in the account file, through the CLI', () => {
  let h: Harness;
  let proxy: DropProxy;
  let dir: string;
  let env: Record<string, string>;
  const cli = (args: string[]): Promise<CliResult> => runCli(args, env);
  const write = (enforce: string): void => writeFileSync(join(dir, 'zones', 'account.yaml'), ACCOUNT(enforce));

  beforeAll(async () => {
    h = await startHarness({ zones: ['example.com'] });
    proxy = await startDropProxy(h.emulator.baseUrl);
    dir = tempDir('enforce');
    mkdirSync(join(dir, 'zones'));
    env = { CLOUDFLARE_BASE_URL: proxy.baseUrl, CLOUDFLARE_API_TOKEN: TOKEN, ZONECTL_ACCOUNT_ID: h.emulator.accountId };
  });
  afterAll(async () => {
    await proxy.close();
    await h.close();
  });

  it('unmanaged when absent; turned on with a warning in one PATCH; a second plan empty; turned off', async () => {
    const zones = join(dir, 'zones');
    write('');
    const none = await cli(['plan', zones, '--detailed-exitcode']);
    expect(none.code, none.stdout + none.stderr).toBe(0);
    expect(none.stdout).not.toContain('enforce_dns_only');

    write('enforce_dns_only: true\n');
    const validate = await cli(['validate', zones]);
    expect(validate.code, validate.stdout + validate.stderr).toBe(0);
    const plan = await cli(['plan', zones, '--detailed-exitcode']);
    expect(plan.code, plan.stdout + plan.stderr).toBe(2);
    expect(plan.stdout).toContain('~ dns_settings');
    expect(plan.stdout).toContain('enforce_dns_only: false → true');
    expect(plan.stdout).toContain('! enforce_dns_only turns on: every proxied record of every zone of this account');
    const json = JSON.parse((await cli(['plan', zones, '--format', 'json'])).stdout) as {
      accounts: Array<{ warnings: string[]; changes: Array<{ body: unknown }> }>;
    };
    expect(json.accounts[0]!.changes[0]!.body).toEqual({ enforce_dns_only: true });
    expect(json.accounts[0]!.warnings).toHaveLength(1);
    const md = await cli(['plan', zones, '--format', 'markdown']);
    expect(md.stdout).toContain('# warning: enforce_dns_only turns on');

    proxy.forwarded.length = 0;
    const apply = await cli(['apply', zones, '--yes']);
    expect(apply.code, apply.stdout + apply.stderr).toBe(0);
    expect(proxy.forwarded.filter((r) => !r.startsWith('GET '))).toEqual([
      `PATCH /client/v4/accounts/${h.emulator.accountId}/dns_settings`,
    ]);
    expect(await liveEnforce(h)).toBe(true);
    expect(`${apply.stdout}${apply.stderr}`).not.toContain(TOKEN);

    proxy.forwarded.length = 0;
    const again = await cli(['plan', zones, '--detailed-exitcode']);
    expect(again.code, again.stdout).toBe(0);
    expect(proxy.forwarded.filter((r) => !r.startsWith('GET '))).toEqual([]);
    expect((await cli(['drift', zones])).code).toBe(0);

    write('enforce_dns_only: false\n');
    const off = await cli(['plan', zones]);
    expect(off.stdout).toContain('enforce_dns_only: true → false');
    expect(off.stdout).not.toContain('turns on');
    expect((await cli(['apply', zones, '--yes'])).code).toBe(0);
    expect(await liveEnforce(h)).toBe(false);
    expect((await cli(['plan', zones, '--detailed-exitcode'])).code).toBe(0);
  }, 120_000);

  it('a non-boolean is an error naming file, line and field, and no request', async () => {
    proxy.forwarded.length = 0;
    write('enforce_dns_only: "yes"\n');
    const r = await cli(['plan', join(dir, 'zones')]);
    expect(r.code).toBe(1);
    expect(r.stdout + r.stderr).toMatch(/account\.yaml:3:\d+ enforce_dns_only/);
    expect(r.stderr).not.toMatch(/at .*\.[cm]?[jt]s:\d+/);
    expect(proxy.forwarded).toEqual([]);
  });
});
