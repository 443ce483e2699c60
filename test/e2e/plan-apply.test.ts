import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOKEN, listRecords, startHarness, type Harness } from '../scenario/harness.js';
import { runCli, type CliResult } from '../support/run-cli.js';
import { tempDir } from '../support/temp-dir.js';

const ZONE = `version: 1
zone: example.com
records:
  - { name: "@", type: A, content: 192.0.2.10, proxied: true }
  - { name: www, type: CNAME, content: example.com, proxied: true }
  - { name: "@", type: MX, content: mx1.example.net, priority: 10 }
  - { name: "@", type: TXT, content: "v=spf1 -all" }
`;

describe('zonectl plan / apply (CLI against the emulator)', () => {
  let h: Harness;
  let dir: string;
  let env: Record<string, string>;
  // From the directory of the zone files: apply --plan reads the files a plan names only inside the repository it runs in.
  const cli = (args: string[], extraEnv: Record<string, string> = {}): Promise<CliResult> => runCli(args, { ...env, ...extraEnv }, dir);
  const file = (name: string, text: string): string => {
    const p = join(dir, name);
    writeFileSync(p, text);
    return p;
  };

  beforeAll(async () => {
    h = await startHarness();
    dir = tempDir('cli');
    env = { CLOUDFLARE_BASE_URL: h.emulator.baseUrl, CLOUDFLARE_API_TOKEN: TOKEN };
  });
  afterAll(async () => {
    await h.close();
  });

  it('prints help and the version', async () => {
    const help = await cli(['--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/validate[\s\S]*plan[\s\S]*apply[\s\S]*emulator/);
    const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string };
    expect((await cli(['--version'])).stdout.trim()).toBe(pkg.version);
  });

  it('an invalid zone file makes no HTTP request at all', async () => {
    let requests = 0;
    const server = createServer((_req, res) => {
      requests += 1;
      res.end('{}');
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/client/v4`;
    const bad = file('bad.yaml', 'version: 1\nzone: example.com\nrecords:\n  - { name: www, type: A, content: 300.1.1.1 }\n');
    for (const cmd of [
      ['plan', bad],
      ['apply', bad, '--yes'],
      ['apply', bad, '--dry-run'],
    ]) {
      const r = await cli([...cmd, '--base-url', url]);
      expect(r.code).toBe(1);
      expect(r.stderr).toMatch(/bad\.yaml:4:\d+ records\[0\]\.content: .*300\.1\.1\.1/);
      expect(r.stderr).not.toMatch(/ECONNREFUSED|at .*\.[cm]?[jt]s:\d+/);
    }
    await new Promise<void>((r) => server.close(() => r()));
    expect(requests).toBe(0);
  });

  it('plan shows the changes in text, json and markdown; --detailed-exitcode exits 2', async () => {
    const zone = file('zone.yaml', ZONE);
    const text = await cli(['plan', zone, '--detailed-exitcode']);
    expect(text.code).toBe(2);
    expect(text.stdout).toContain('+ www.example.com CNAME example.com');
    expect(text.stdout).toContain('Plan: 4 to create, 0 to update, 0 to delete');
    expect(text.stdout).not.toMatch(/\x1b\[/);
    const json = await cli(['plan', zone, '--format', 'json']);
    expect(json.code).toBe(0);
    const doc = JSON.parse(json.stdout) as {
      format_version: number;
      zones: Array<{ zone: string; summary: Record<string, number>; changes: Array<Record<string, unknown>> }>;
    };
    expect(doc.format_version).toBe(2); // the report of plan and drift (docs/drift-report.md)
    expect(doc.zones[0].zone).toBe('example.com');
    expect(doc.zones[0].summary).toEqual({ create: 4, update: 0, delete: 0, unchanged: 0, unmanaged: 0, mark: 0 });
    expect(doc.zones[0].changes[0]).toMatchObject({
      action: 'create',
      resource: 'dns_record',
      method: 'POST',
      path: `/zones/${h.zoneId}/dns_records`,
    });
    const md = await cli(['plan', zone, '--format', 'markdown']);
    expect(md.stdout).toContain('| `example.com` | 4 | 0 | 0 | 0 | 0 |');
    expect(md.stdout).toContain('```diff');
  });

  it('apply refuses without --yes when there is no terminal, and --dry-run writes nothing', async () => {
    const zone = file('zone.yaml', ZONE);
    const refused = await cli(['apply', zone]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/--yes/);
    const dry = await cli(['apply', zone, '--dry-run']);
    expect(dry.code).toBe(2);
    expect(dry.stdout).toContain(`POST /zones/${h.zoneId}/dns_records/batch`);
    const single = await cli(['apply', zone, '--dry-run', '--no-batch']);
    expect(single.stdout.match(new RegExp(`POST /zones/${h.zoneId}/dns_records `, 'g'))).toHaveLength(4);
    expect(await listRecords(h)).toEqual([]);
  });

  it('apply --yes applies, verifies, and a second plan is empty', async () => {
    const zone = file('zone.yaml', ZONE);
    const applied = await cli(['apply', zone, '--yes']);
    // Progress lives on stderr (without a terminal: the zone's final line), never on stdout.
    expect(applied.stderr).toMatch(/^example\.com: 4\/4 operations applied\b/m);
    expect(applied.stdout).not.toMatch(/operations applied/);
    expect(applied.code).toBe(0);
    expect(applied.stdout).toContain('verified: a new plan is empty');
    expect(await listRecords(h)).toHaveLength(4);
    const again = await cli(['plan', zone, '--detailed-exitcode']);
    expect(again.code).toBe(0);
    expect(again.stdout).toContain('No changes.');
  });

  it('a saved plan applies; a stale saved plan is refused', async () => {
    const zone = file('zone2.yaml', ZONE.replace('192.0.2.10', '192.0.2.20'));
    const planFile = join(dir, 'plan.json');
    expect((await cli(['plan', zone, '--out', planFile])).code).toBe(0);
    const saved = JSON.parse(readFileSync(planFile, 'utf8')) as { zones: Array<{ plan: { operations: unknown[] } }> };
    expect(saved.zones[0].plan.operations).toHaveLength(1);
    const applied = await cli(['apply', '--plan', planFile, '--yes']);
    expect(applied.code).toBe(0);
    expect((await listRecords(h)).find((r) => r.type === 'A')?.content).toBe('192.0.2.20');

    const zone3 = file('zone3.yaml', ZONE.replace('192.0.2.10', '192.0.2.30'));
    expect((await cli(['plan', zone3, '--out', planFile])).code).toBe(0);
    const a = (await listRecords(h)).find((r) => r.type === 'A');
    await fetch(`${h.emulator.baseUrl}/zones/${h.zoneId}/dns_records/${a?.id}`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ comment: 'edited out of band' }),
    });
    const stale = await cli(['apply', '--plan', planFile, '--yes']);
    expect(stale.code).toBe(1);
    expect(stale.stderr).toMatch(/stale/);
    expect((await listRecords(h)).find((r) => r.type === 'A')?.content).toBe('192.0.2.20');
  });

  it('refuses deletes over the safety threshold without --force', async () => {
    const many = `version: 1\nzone: example.com\nrecords:\n${Array.from({ length: 12 }, (_, i) => `  - { name: h${i}, type: A, content: 192.0.2.${i + 1} }`).join('\n')}\nmanage: { unmanaged: delete }\n`;
    expect((await cli(['apply', file('many.yaml', many), '--yes'])).code).toBe(0);
    const few = file(
      'few.yaml',
      'version: 1\nzone: example.com\nrecords:\n  - { name: h0, type: A, content: 192.0.2.1 }\nmanage: { unmanaged: delete }\n',
    );
    const refused = await cli(['apply', few, '--yes']);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/--force/);
    expect(await listRecords(h)).toHaveLength(12);
    const forced = await cli(['apply', few, '--yes', '--force']);
    expect(forced.code).toBe(0);
    expect(await listRecords(h)).toHaveLength(1);
  });

  it("no output, log or plan file contains the API token or a new token's secret", async () => {
    // Self-contained: its own emulator, and every command whose output is checked is run here.
    const own = await startHarness();
    try {
      const ownEnv = { CLOUDFLARE_BASE_URL: own.emulator.baseUrl, CLOUDFLARE_API_TOKEN: TOKEN };
      const results: CliResult[] = [];
      const run = async (args: string[]): Promise<CliResult> => {
        const r = await runCli(args, ownEnv);
        results.push(r);
        return r;
      };
      const zone = file(
        'secrets.yaml',
        `${ZONE}tokens:
  - name: ci-secret-check
    policies:
      - effect: allow
        permission_groups: [{ name: DNS Write }]
        resources: { "com.cloudflare.api.account.zone.{zone_id}": "*" }
`,
      );
      const planFile = join(dir, 'secrets-plan.json');
      const tokenFile = join(dir, 'secrets-tokens.json');
      const planAll = async (): Promise<void> => {
        for (const format of ['text', 'json', 'markdown']) expect((await run(['plan', zone, '--format', format])).code).toBe(0);
        expect((await run(['plan', zone, '--out', planFile])).code).toBe(0);
      };

      expect((await run(['validate', zone])).code).toBe(0);
      await planAll();
      const planBefore = readFileSync(planFile, 'utf8');
      expect((await run(['apply', zone, '--dry-run'])).code).toBe(2);
      const applied = await run(['apply', zone, '--yes', '--token-output', tokenFile]);
      expect(applied.code).toBe(0);
      expect(statSync(tokenFile).mode & 0o777).toBe(0o600);
      const secret = (JSON.parse(readFileSync(tokenFile, 'utf8')) as Record<string, string>)['ci-secret-check'];
      expect(secret).toMatch(/^[A-Za-z0-9_-]{40}$/);
      // After the apply: plan and apply again (nothing to do), with every output collected.
      await planAll();
      expect((await run(['apply', zone, '--yes', '--token-output', tokenFile])).code).toBe(0);

      expect(results).toHaveLength(12);
      const everything = [...results.map((o) => o.stdout + o.stderr), planBefore, readFileSync(planFile, 'utf8')].join('\n');
      expect(everything).toContain('ci-secret-check'); // the outputs do talk about the token
      expect(everything).not.toContain(TOKEN);
      expect(everything).not.toContain(secret!);
    } finally {
      await own.close();
    }
  }, 90_000); // twelve CLI runs
});
