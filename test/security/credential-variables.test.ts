/**
 * Issue 27 item 1: a zone file cannot read an account's credential, and every credential
 * variable's value is masked in every output of a run that read zonectl.yaml. The real CLI
 * against the emulator (three accounts: the environment's token, a token account, a key-pair
 * account), in a real git repository, as a pull request leaves it.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../src/emulator/server.js';
import { runCli, type CliResult } from '../support/run-cli.js';
import { everythingWritten, makeRepo, type PrRepo } from './pr-repo.js';

const MAIN = 'main-token-5a0c7e1f3b9d2468ace13579bd';
const SHOP = 'shop-token-8f1e2d3c4b5a69788796a5b4c3';
const BLOG = 'blog-token-0f9e8d7c6b5a4938271605f4e3';
/** Another secret of the job, which a pull request points an `email_env` at. */
const DEPLOY = 'deploy-secret-77e0d4c9a1b26f38e5d7c0a9';

const ZONE = (extra = ''): string => `version: 1\nzone: example.com\nrecords:\n  - { name: www, type: A, content: 192.0.2.1 }\n${extra}`;

async function records(emu: RunningEmulator): Promise<string[]> {
  const res = await fetch(`${emu.baseUrl}/zones/${emu.zones[0]!.id}/dns_records?per_page=5000`, {
    headers: { authorization: `Bearer ${MAIN}` },
  });
  return ((await res.json()) as { result: Array<{ name: string; type: string; content: string }> }).result.map(
    (r) => `${r.name} ${r.type} ${r.content}`,
  );
}

describe('credential variables and pull requests', () => {
  let emu: RunningEmulator;
  let repo: PrRepo;
  let env: Record<string, string>;
  const cli = (args: string[], extra: Record<string, string> = {}): Promise<CliResult> => runCli(args, { ...env, ...extra }, repo.root);

  beforeAll(async () => {
    emu = await startEmulator({
      port: 0,
      zones: ['example.com'],
      token: MAIN,
      accounts: [
        { token: SHOP, zones: ['example.org'] },
        { token: BLOG, zones: ['example.net'] },
      ],
    });
    repo = makeRepo('zonectl-sec-credentials-');
    env = { CLOUDFLARE_BASE_URL: emu.baseUrl, CLOUDFLARE_API_TOKEN: MAIN, GITHUB_ACTIONS: 'true' };
  });
  afterAll(async () => {
    await emu.close();
    repo.remove();
  });

  it('an account credential named ZONECTL_* is refused in zonectl.yaml, and refused to every zone file and fragment, whichever zones the run plans', async () => {
    // The job: the shop account's token in ZONECTL_SHOP_TOKEN, as zonectl.yaml names it.
    repo.write('zonectl.yaml', 'version: 1\naccounts:\n  shop:\n    credentials: { token_env: ZONECTL_SHOP_TOKEN }\n');
    repo.write(
      'zones/example.org.yaml',
      'version: 1\nzone: example.org\naccount: shop\nrecords:\n  - { name: www, type: A, content: 192.0.2.2 }\n',
    );
    repo.write('zones/example.com.yaml', ZONE());
    repo.commit('base');
    repo.git('tag', 'base');
    // The pull request: example.com (no account at all) reads the token, directly and through a fragment.
    repo.write('shared/leak.yaml', 'version: 1\nrecords:\n  - { name: frag, type: TXT, content: "${ZONECTL_SHOP_TOKEN}" }\n');
    repo.write(
      'zones/example.com.yaml',
      ZONE('  - { name: leak, type: TXT, content: "t=${ZONECTL_SHOP_TOKEN}" }\ninclude: [../shared/leak.yaml]\n'),
    );
    repo.commit('pull request');
    const before = await records(emu);
    const summary = join(repo.root, 'summary.md');
    const planFile = join(repo.root, 'plan.json');
    const job = { ZONECTL_SHOP_TOKEN: SHOP, GITHUB_STEP_SUMMARY: summary };
    const runs: Array<[string[], CliResult]> = [];
    for (const args of [
      ['validate', 'zones/'],
      ['lint', 'zones/example.com.yaml'],
      ['plan', 'zones/example.com.yaml'],
      ['plan', 'zones/example.com.yaml', '--format', 'json'],
      ['plan', 'zones/example.com.yaml', '--format', 'markdown', '--out', planFile],
      ['plan', 'zones/', '--changed-since', 'base'],
      ['drift', 'zones/example.com.yaml'],
      ['apply', 'zones/example.com.yaml', '--yes'],
    ]) {
      const r = await cli(args, job);
      runs.push([args, r]);
      expect(r.code, `${args.join(' ')}\n${r.stdout}${r.stderr}`).toBe(1);
    }
    const validate = runs[0]![1].stdout;
    expect(validate).toMatch(
      /zonectl\.yaml:4:\d+ accounts\.shop\.credentials\.token_env: ZONECTL_SHOP_TOKEN is a name zone files can read/,
    );
    expect(validate).toMatch(/example\.com\.yaml:5:\d+ records\[1\]\.content: `\$\{ZONECTL_SHOP_TOKEN\}` holds a credential zonectl reads/);
    expect(validate).toMatch(/leak\.yaml:3:\d+ records\[0\]\.content: `\$\{ZONECTL_SHOP_TOKEN\}` holds a credential zonectl reads/);
    // lint reads no zonectl.yaml flag, yet finds it, and refuses the same.
    expect(runs[1]![1].stdout).toMatch(/example\.com\.yaml:5:\d+ records\[1\]\.content: `\$\{ZONECTL_SHOP_TOKEN\}` holds a credential/);
    for (const [, r] of runs.slice(2)) expect(r.stderr).toContain('error[INVALID_ZONE_FILE]');
    const everything = everythingWritten(
      runs.map(([, r]) => r),
      [summary, planFile],
    );
    expect(everything).not.toContain(SHOP);
    expect(await records(emu)).toEqual(before);
  });

  it("every credential variable's value (zonectl's own, and every one zonectl.yaml names, email included) is *** in every output, whichever zones the run plans", async () => {
    // A pull request points the blog account's email_env at another secret of the job. The zone
    // planned (example.com) names no account: no account client is ever made in these runs.
    repo.write(
      'zonectl.yaml',
      'version: 1\naccounts:\n  shop:\n    credentials: { token_env: CF_SHOP_TOKEN }\n  blog:\n    credentials: { email_env: DEPLOY_SECRET, key_env: CF_BLOG_KEY }\n',
    );
    repo.write('zones/example.com.yaml', ZONE());
    repo.write('shared/leak.yaml', 'version: 1\nrecords: []\n');
    repo.commit('config');
    repo.git('tag', 'config');
    repo.write('zones/example.com.yaml', ZONE('  - { name: api, type: A, content: 192.0.2.9 }\n'));
    repo.commit('pull request 2');
    // Live records holding the values (someone pasted them, or an answer echoes them): the plan shows their deletes.
    const blogKey = emu.accounts[1]!.apiKey;
    for (const [name, value] of [
      ['shop', SHOP],
      ['deploy', DEPLOY],
      ['blogkey', blogKey],
      ['main', MAIN],
    ] as const) {
      const res = await fetch(`${emu.baseUrl}/zones/${emu.zones[0]!.id}/dns_records`, {
        method: 'POST',
        headers: { authorization: `Bearer ${MAIN}`, 'content-type': 'application/json' },
        body: JSON.stringify({ type: 'TXT', name: `${name}.example.com`, content: `"v=${value}"`, ttl: 300 }),
      });
      expect(res.status).toBe(200);
    }
    const summary = join(repo.root, 'summary2.md');
    const planFile = join(repo.root, 'plan2.json');
    const exported = join(repo.root, 'zones', 'exported.yaml');
    const job = { CF_SHOP_TOKEN: SHOP, DEPLOY_SECRET: DEPLOY, CF_BLOG_KEY: blogKey, GITHUB_STEP_SUMMARY: summary };
    const runs = [
      await cli(['plan', 'zones/example.com.yaml'], job),
      await cli(['plan', 'zones/example.com.yaml', '--format', 'json'], job),
      await cli(['plan', 'zones/example.com.yaml', '--format', 'markdown', '--out', planFile], job),
      await cli(['plan', 'zones/', '--changed-since', 'config'], job),
      await cli(['drift', 'zones/example.com.yaml', '--format', 'markdown'], job),
      await cli(['export', '--zone', 'example.com', '--out', exported], job),
      await cli(['export', '--zone', 'example.com', '--format', 'bind'], job),
    ];
    for (const r of runs) expect(r.code, r.stderr).not.toBe(1);
    const everything = everythingWritten(runs, [summary, planFile, exported]);
    for (const secret of [SHOP, DEPLOY, blogKey, MAIN]) expect(everything).not.toContain(secret);
    // The records are shown, their values masked.
    expect(runs[0]!.stdout).toMatch(/deploy\.example\.com TXT "v=\*\*\*"/);
    expect(runs[0]!.stdout).toMatch(/shop\.example\.com TXT "v=\*\*\*"/);
    expect(readFileSync(summary, 'utf8')).toContain('v=***');
    expect(readFileSync(exported, 'utf8')).toContain('v=***');
    expect(runs[3]!.stderr).toMatch(/example\.com: planned, zone file changed since config/);
  });
});
