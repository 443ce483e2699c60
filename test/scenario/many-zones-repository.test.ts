/**
 * A repository of many zones, as a team keeps one (issue 21): zonectl.yaml with three accounts
 * (two tokens, one email + Global API Key), shared fragments included by zones of every account
 * (one through a YAML merge key), a zone that does not exist yet, all in a real git repository,
 * through the real CLI against one emulator serving the three accounts. A directory plan, an
 * apply, a second plan empty everywhere; then one fragment changes, `--changed-since` plans
 * exactly the zones that include it, apply, and a second plan is empty everywhere again. The
 * live records are read with each account's own credential and compared with what the files say.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../src/emulator/server.js';
import { runCliInProcess as runCli } from '../support/run-cli-in-process.js';
import type { CliResult } from '../support/run-cli.js';
import { tempDir } from '../support/temp-dir.js';

const MAIN = 'repo-main-token-0123456789abcdef01234567';
const SHOP = 'repo-shop-token-0123456789abcdef01234567';
const BLOG = 'repo-blog-token-0123456789abcdef01234567';

function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.invalid', '-c', 'commit.gpgsign=false', ...args], {
    cwd,
    encoding: 'utf8',
  });
}

const mail = (priority: number): string => `version: 1
records:
  - { name: "@", type: MX, content: mx1.mail.example.net, priority: ${priority} }
  - { name: "@", type: TXT, content: "v=spf1 include:_spf.mail.example.net -all" }
`;
const CAA = `version: 1
records:
  - { name: "@", type: CAA, data: { flags: 0, tag: issue, value: letsencrypt.org } }
`;

describe('a repository of many zones in three accounts', () => {
  let emu: RunningEmulator;
  let repo: string;
  let env: Record<string, string>;
  const write = (path: string, text: string): void => {
    mkdirSync(join(repo, path, '..'), { recursive: true });
    writeFileSync(join(repo, path), text);
  };
  const cli = (...args: string[]): Promise<CliResult> => runCli(args, env, repo);
  /** Live records of a zone, read with the account's own credential through the raw API. */
  const live = async (zone: string, auth: Record<string, string>): Promise<string[]> => {
    const zones = (await (await fetch(`${emu.baseUrl}/zones?name=${zone}`, { headers: auth })).json()) as { result: Array<{ id: string }> };
    expect(zones.result).toHaveLength(1);
    const records = (await (
      await fetch(`${emu.baseUrl}/zones/${zones.result[0]!.id}/dns_records?per_page=100`, { headers: auth })
    ).json()) as {
      result: Array<{ name: string; type: string; content: string; priority?: number }>;
    };
    return records.result
      .filter((r) => !r.name.startsWith('_zonectl'))
      .map((r) => `${r.name} ${r.type}${r.priority !== undefined ? ` ${r.priority}` : ''} ${r.content}`)
      .sort();
  };
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

  beforeAll(async () => {
    emu = await startEmulator({
      port: 0,
      zones: ['example.com', 'example.dev'],
      token: MAIN,
      accounts: [
        { token: SHOP, zones: ['example.org'] },
        { token: BLOG, zones: ['example.net'] },
      ],
    });
    repo = tempDir('many-zones');
    git(repo, 'init', '-q', '-b', 'main');
    write(
      'zonectl.yaml',
      `version: 1
accounts:
  main: { account_id: "\${ZONECTL_MAIN_ACCOUNT_ID}", credentials: { token_env: CF_MAIN_TOKEN } }
  shop: { account_id: "\${ZONECTL_SHOP_ACCOUNT_ID}", credentials: { token_env: CF_SHOP_TOKEN } }
  blog: { credentials: { email_env: CF_BLOG_EMAIL, key_env: CF_BLOG_KEY } }
`,
    );
    write('shared/mail.yaml', mail(10));
    write('shared/caa.yaml', CAA);
    const zoneFile = (zone: string, account: string, includes: string[], extra = ''): string =>
      `version: 1\nzone: ${zone}\naccount: ${account}\ninclude: [${includes.map((i) => `../../shared/${i}`).join(', ')}]\nrecords:\n${extra}`;
    write(
      'zones/main/example.com.yaml',
      zoneFile('example.com', 'main', ['mail.yaml', 'caa.yaml'], '  - { name: www, type: A, content: 192.0.2.1 }\n'),
    );
    write('zones/main/example.dev.yaml', zoneFile('example.dev', 'main', ['caa.yaml'], '  - { name: www, type: A, content: 192.0.2.2 }\n'));
    // A merge key shares the web defaults of this file's two records.
    write(
      'zones/shop/example.org.yaml',
      `${zoneFile('example.org', 'shop', ['mail.yaml'])}  - &web { name: www, type: A, content: 192.0.2.3, ttl: 300 }\n  - { <<: *web, name: shop }\n`,
    );
    write(
      'zones/shop/example.io.yaml',
      zoneFile('example.io', 'shop', ['caa.yaml'], '  - { name: www, type: AAAA, content: "2001:db8::1" }\n'),
    );
    write(
      'zones/blog/example.net.yaml',
      zoneFile('example.net', 'blog', ['mail.yaml'], '  - { name: blog, type: CNAME, content: example.net }\n'),
    );
    git(repo, 'add', '-A');
    git(repo, 'commit', '-q', '-m', 'zones');
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

  it('validates the repository: five zones, two fragments (not planned as zones)', async () => {
    const r = await cli('validate', 'zones', 'shared');
    expect(r.code, r.stdout + r.stderr).toBe(0);
    expect(r.stdout).toMatch(/shared\/mail\.yaml: .*fragment/);
    expect(r.stdout.match(/: valid \(/g)).toHaveLength(5);
  });

  it('a directory plan, an apply (the new zone created), and a second plan empty everywhere', async () => {
    const plan = await cli('plan', 'zones', '--detailed-exitcode');
    expect(plan.code, plan.stderr).toBe(2);
    expect(plan.stdout).toContain(`+ zone example.io (account ${emu.accounts[0]!.accountId}, type full)`);
    expect(plan.stdout).toMatch(/\+ example\.net MX 10 mx1\.mail\.example\.net.*\(from .*shared\/mail\.yaml\)/);
    const apply = await cli('apply', 'zones', '--yes');
    expect(apply.code, apply.stderr).toBe(0);
    expect(apply.stdout + apply.stderr).toMatch(
      /example\.io: zone created \(id [0-9a-f]{32}, pending\); set its nameservers at the registrar: \S+\.ns\.cloudflare\.com/,
    );
    const again = await cli('plan', 'zones', '--detailed-exitcode');
    expect(again.code, again.stdout + again.stderr).toBe(0);
    expect(again.stdout).toContain('5 zones: 0 with changes, 0 failed, 5 in sync');

    // What each account holds, read with its own credential.
    const keyPair = { 'x-auth-email': env.CF_BLOG_EMAIL!, 'x-auth-key': env.CF_BLOG_KEY! };
    expect(await live('example.com', bearer(MAIN))).toEqual([
      'example.com CAA 0 issue "letsencrypt.org"',
      'example.com MX 10 mx1.mail.example.net',
      'example.com TXT "v=spf1 include:_spf.mail.example.net -all"',
      'www.example.com A 192.0.2.1',
    ]);
    expect(await live('example.org', bearer(SHOP))).toEqual([
      'example.org MX 10 mx1.mail.example.net',
      'example.org TXT "v=spf1 include:_spf.mail.example.net -all"',
      'shop.example.org A 192.0.2.3',
      'www.example.org A 192.0.2.3',
    ]);
    expect(await live('example.io', bearer(SHOP))).toEqual(['example.io CAA 0 issue "letsencrypt.org"', 'www.example.io AAAA 2001:db8::1']);
    expect(await live('example.net', keyPair)).toContain('example.net MX 10 mx1.mail.example.net');
    // One account's credential does not see another's zones.
    const foreign = (await (await fetch(`${emu.baseUrl}/zones?name=example.org`, { headers: bearer(MAIN) })).json()) as {
      result: unknown[];
    };
    expect(foreign.result).toEqual([]);
  });

  it('a change to one fragment: --changed-since plans exactly the zones that include it; apply; a second plan is empty', async () => {
    git(repo, 'tag', 'before-mail');
    write('shared/mail.yaml', mail(20));
    git(repo, 'commit', '-q', '-am', 'mail: priority 20');
    const plan = await cli('plan', 'zones', '--changed-since', 'before-mail', '--format', 'json');
    expect(plan.code, plan.stderr).toBe(0);
    const doc = JSON.parse(plan.stdout) as {
      summary: { zones: number; update: number };
      changed_since: { planned: Array<{ zone: string }>; skipped: Array<{ zone: string }> };
    };
    expect(doc.changed_since.planned.map((z) => z.zone).sort()).toEqual(['example.com', 'example.net', 'example.org']);
    expect(doc.changed_since.skipped.map((z) => z.zone).sort()).toEqual(['example.dev', 'example.io']);
    expect(doc.summary).toMatchObject({ zones: 3, update: 3 });

    const apply = await cli('apply', 'zones', '--yes');
    expect(apply.code, apply.stderr).toBe(0);
    const again = await cli('plan', 'zones', '--detailed-exitcode');
    expect(again.code, again.stdout + again.stderr).toBe(0);
    expect(await live('example.org', bearer(SHOP))).toContain('example.org MX 20 mx1.mail.example.net');
    expect(await live('example.com', bearer(MAIN))).toContain('example.com MX 20 mx1.mail.example.net');
  });
});
