/**
 * README.md, "Two accounts and shared records, step by step" (issue 33), followed as written
 * against the emulator serving two accounts, each with its own token: its zonectl.yaml and
 * fragment blocks are the files, every `zonectl` and `git` line of its shell blocks is run (a
 * line that is neither, but the `export VAR=...` of the tokens, fails the test), and the one step
 * it tells in words (remove the shared records from each zone file, include the fragment) is
 * made as a person would. Each plan must exit 0, as the README says.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../src/emulator/server.js';
import { runCli } from '../support/run-cli.js';
import { tempDir } from '../support/temp-dir.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const readme = readFileSync(join(root, 'README.md'), 'utf8');
const start = readme.indexOf('### Two accounts and shared records, step by step');
const section = readme.slice(start, readme.indexOf('\n## ', start));
const blocks = (lang: string): string[] =>
  [...section.matchAll(new RegExp(`^\`\`\`${lang}\\n([\\s\\S]*?)^\`\`\`$`, 'gm'))].map((m) => m[1]!);
const fileBlock = (name: string): string => {
  const block = blocks('yaml').find((b) => b.startsWith(`# ${name}\n`));
  if (block === undefined) throw new Error(`README: no yaml block starting with "# ${name}"`);
  return block;
};

const MAIN = 'readme-main-token-0123456789abcdef01234567';
const SHOP = 'readme-shop-token-0123456789abcdef01234567';
const MX = { type: 'MX', name: '@', content: 'mx1.mail.example.net', priority: 10, ttl: 3600 };
const SPF = { type: 'TXT', name: '@', content: '"v=spf1 include:_spf.mail.example.net -all"', ttl: 3600 };

describe('README "Two accounts and shared records, step by step" runs as written', () => {
  let emu: RunningEmulator;
  let repo: string;
  let env: Record<string, string>;

  const seed = async (token: string, zone: string, records: ReadonlyArray<Record<string, unknown>>): Promise<void> => {
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const zones = (await (await fetch(`${emu.baseUrl}/zones?name=${zone}`, { headers })).json()) as { result: Array<{ id: string }> };
    for (const r of records) {
      const body = { ...r, name: r.name === '@' ? zone : `${String(r.name)}.${zone}` };
      const res = await fetch(`${emu.baseUrl}/zones/${zones.result[0]!.id}/dns_records`, {
        method: 'POST',
        headers,
        body: JSON.stringify(body),
      });
      expect(res.status).toBe(200);
    }
  };

  /** Every line of the section's shell block `index`: zonectl through the CLI, git through git. */
  const runShellBlock = async (index: number): Promise<string[]> => {
    const ran: string[] = [];
    for (const raw of blocks('sh')[index]!.split('\n')) {
      const line = raw.replace(/\s+#.*$/, '').trim();
      if (line === '' || /^export CF_MAIN_TOKEN=\.\.\. CF_SHOP_TOKEN=\.\.\.$/.test(line)) continue;
      if (line.startsWith('zonectl ')) {
        const args = line.slice('zonectl '.length).split(/\s+/);
        const r = await runCli(args, env, repo);
        expect(r.code, `${line}\n${r.stdout}${r.stderr}`).toBe(0);
        for (const secret of [MAIN, SHOP]) expect(r.stdout + r.stderr).not.toContain(secret);
      } else if (line.startsWith('git ')) {
        execFileSync('bash', ['-e', '-c', line], { cwd: repo, env: { ...env, PATH: process.env.PATH ?? '' }, stdio: 'pipe' });
      } else {
        throw new Error(`README: a line the test cannot run as written: ${line}`);
      }
      ran.push(line);
    }
    return ran;
  };

  beforeAll(async () => {
    emu = await startEmulator({
      port: 0,
      zones: ['example.com'],
      token: MAIN,
      accounts: [{ token: SHOP, zones: ['example.org', 'example.net'] }],
    });
    await seed(MAIN, 'example.com', [MX, SPF, { type: 'A', name: 'www', content: '192.0.2.10', ttl: 3600 }]);
    await seed(SHOP, 'example.org', [MX, SPF, { type: 'A', name: 'shop', content: '192.0.2.20', ttl: 300 }]);
    await seed(SHOP, 'example.net', [{ type: 'A', name: 'www', content: '192.0.2.30', ttl: 3600 }]);
    repo = tempDir('readme-adopt');
    const home = tempDir('readme-adopt-home');
    env = {
      CLOUDFLARE_BASE_URL: emu.baseUrl,
      CF_MAIN_TOKEN: MAIN,
      CF_SHOP_TOKEN: SHOP,
      HOME: home,
      GIT_AUTHOR_NAME: 't',
      GIT_AUTHOR_EMAIL: 't@example.invalid',
      GIT_COMMITTER_NAME: 't',
      GIT_COMMITTER_EMAIL: 't@example.invalid',
      GIT_CONFIG_NOSYSTEM: '1',
    };
    execFileSync('git', ['init', '-q'], { cwd: repo, env: { ...env, PATH: process.env.PATH ?? '' } });
  });
  afterAll(async () => {
    await emu.close();
  });

  it('zonectl.yaml with two accounts, export --all of both in one command, plan exits 0, commit', async () => {
    writeFileSync(join(repo, 'zonectl.yaml'), fileBlock('zonectl.yaml'));
    const ran = await runShellBlock(0);
    expect(ran.some((l) => l.startsWith('zonectl export --all'))).toBe(true);
    expect(ran.some((l) => l.startsWith('zonectl plan'))).toBe(true);
    expect(readdirSync(join(repo, 'zones')).sort()).toEqual(['example.com.yaml', 'example.net.yaml', 'example.org.yaml']);
    const accountOf = (zone: string): string | undefined =>
      /^account: (\S+)$/m.exec(readFileSync(join(repo, 'zones', `${zone}.yaml`), 'utf8'))?.[1];
    expect(['example.com', 'example.org', 'example.net'].map(accountOf)).toEqual(['main', 'shop', 'shop']);
  });

  it('the shared mail records moved into the fragment: plan still exits 0, commit', async () => {
    mkdirSync(join(repo, 'shared'));
    writeFileSync(join(repo, 'shared', 'mail.yaml'), fileBlock('shared/mail.yaml'));
    const shared = /type: MX, content: mx1\.mail\.example\.net|v=spf1 include:_spf\.mail\.example\.net -all/;
    let moved = 0;
    const edited = new Map<string, string>();
    for (const zone of ['example.com', 'example.org']) {
      const file = join(repo, 'zones', `${zone}.yaml`);
      const lines = readFileSync(file, 'utf8').split('\n');
      const kept = lines.filter((l) => !(/^ {2}- \{/.test(l) && shared.test(l)));
      moved += lines.length - kept.length;
      edited.set(file, kept.join('\n'));
    }
    expect(moved, 'two records removed from each of the two zones').toBe(4);
    // Without the include, the plan deletes them: the fragment is what keeps the plan clean.
    for (const [file, text] of edited) writeFileSync(file, text);
    const without = await runCli(['plan', 'zones/', '--detailed-exitcode'], env, repo);
    expect(without.code).toBe(2);
    expect(without.stdout).toMatch(/Plan: 0 to create, 0 to update, 2 to delete/);
    for (const [file, text] of edited) writeFileSync(file, text.replace(/^(account: \S+\n)/m, '$1include: [../shared/mail.yaml]\n'));
    const ran = await runShellBlock(1);
    expect(ran.some((l) => l.startsWith('zonectl plan'))).toBe(true);
  });
});
