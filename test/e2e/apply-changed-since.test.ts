/**
 * `apply --changed-since REF` selects the zones as `plan --changed-since` does (issue 33, item 6):
 * the zones whose file, included fragments or zonectl.yaml changed since the merge base of REF
 * and HEAD, in a real git repository, through the real CLI against the emulator. A zone that did
 * not change is not touched, even when it drifted; a second plan of the zones applied is empty.
 * `apply --format json` carries plan's `changed_since` object; a change to the configuration
 * given with `--config FILE`, or to the zonectl.yaml found upwards below the root, selects every
 * zone, as one to the root's zonectl.yaml does.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../src/emulator/server.js';
import { git } from '../support/git.js';
import { runCli, type CliResult } from '../support/run-cli.js';
import { tempDir } from '../support/temp-dir.js';

const TOKEN = 'apply-changed-since-token-0123456789abcd';

const mail = (priority: number): string => `version: 1
records:
  - { name: "@", type: MX, content: mx1.mail.example.net, priority: ${priority} }
`;

describe('apply --changed-since', () => {
  let emu: RunningEmulator;
  let repo: string;
  const write = (path: string, text: string): void => {
    mkdirSync(join(repo, path, '..'), { recursive: true });
    writeFileSync(join(repo, path), text);
  };
  const cli = (...args: string[]): Promise<CliResult> =>
    runCli(args, { CLOUDFLARE_BASE_URL: emu.baseUrl, CLOUDFLARE_API_TOKEN: TOKEN }, repo);
  const api = async (method: string, path: string, body?: unknown): Promise<{ result: unknown; success: boolean }> =>
    (await (
      await fetch(`${emu.baseUrl}${path}`, {
        method,
        headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      })
    ).json()) as { result: unknown; success: boolean };
  const zoneId = async (zone: string): Promise<string> =>
    ((await api('GET', `/zones?name=${zone}`)).result as Array<{ id: string }>)[0]!.id;

  beforeAll(async () => {
    emu = await startEmulator({ port: 0, zones: ['a.example', 'b.example', 'c.example'], token: TOKEN });
    repo = tempDir('apply-changed');
    git(repo, 'init', '-q', '-b', 'main');
    write('shared/mail.yaml', mail(10));
    for (const [zone, includes] of [
      ['a.example', '[../shared/mail.yaml]'],
      ['b.example', '[../shared/mail.yaml]'],
      ['c.example', '[]'],
    ] as const) {
      write(
        `zones/${zone}.yaml`,
        `version: 1\nzone: ${zone}\ninclude: ${includes}\nrecords:\n  - { name: www, type: A, content: 192.0.2.1 }\n`,
      );
    }
    git(repo, 'add', '-A');
    git(repo, 'commit', '-q', '-m', 'zones');
    const first = await cli('apply', 'zones', '--yes');
    expect(first.code, first.stderr).toBe(0);
    git(repo, 'tag', 'applied');
  }, 120_000);
  afterAll(async () => {
    await emu?.close();
    if (repo !== undefined) rmSync(repo, { recursive: true, force: true });
  });

  it('applies only the zones whose fragment changed since REF; a drifted zone that did not change is left alone', async () => {
    // c.example drifts (a colleague's edit in the dashboard): not changed in git, so not applied.
    const c = await zoneId('c.example');
    const www = (await api('GET', `/zones/${c}/dns_records?name=www.c.example`)).result as Array<{ id: string }>;
    expect((await api('PATCH', `/zones/${c}/dns_records/${www[0]!.id}`, { content: '192.0.2.99' })).success).toBe(true);
    write('shared/mail.yaml', mail(20));
    git(repo, 'commit', '-q', '-am', 'mail: priority 20');

    const apply = await cli('apply', 'zones', '--changed-since', 'applied', '--yes');
    expect(apply.code, apply.stderr).toBe(0);
    expect(apply.stderr).toMatch(/a\.example: planned, fragment shared\/mail\.yaml changed since applied/);
    expect(apply.stderr).toMatch(/b\.example: planned, fragment shared\/mail\.yaml changed since applied/);
    expect(apply.stderr).toMatch(/1 zone\(s\) skipped, unchanged since applied .*: c\.example/);
    expect(apply.stdout).not.toContain('c.example');

    // a and b converged; c still has its drift (drift exits 2 for it alone).
    const ab = await cli('plan', 'zones/a.example.yaml', 'zones/b.example.yaml', '--detailed-exitcode');
    expect(ab.code, ab.stdout + ab.stderr).toBe(0);
    const drift = await cli('drift', 'zones/c.example.yaml');
    expect(drift.code, drift.stdout + drift.stderr).toBe(2);
    expect(drift.stdout).toContain('192.0.2.99');
  });

  it('nothing changed since REF: nothing applied, exit 0; --changed-since with --plan is refused', async () => {
    git(repo, 'tag', 'now');
    const apply = await cli('apply', 'zones', '--changed-since', 'now', '--yes');
    expect(apply.code, apply.stderr).toBe(0);
    expect(apply.stderr).toMatch(/no zone changed since now .*: nothing to plan/);
    const refused = await cli('apply', '--plan', 'plan.json', '--changed-since', 'now', '--yes');
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/give --changed-since to `zonectl plan --out`, not to apply --plan/);
  });

  it('apply --format json carries changed_since, the object plan --format json has', async () => {
    git(repo, 'tag', 'before-json');
    write('shared/mail.yaml', mail(30));
    git(repo, 'commit', '-q', '-am', 'mail: priority 30');
    const plan = await cli('plan', 'zones', '--changed-since', 'before-json', '--format', 'json');
    expect(plan.code, plan.stderr).toBe(0);
    const planned = (JSON.parse(plan.stdout) as { changed_since: unknown }).changed_since;
    expect(planned).toMatchObject({
      ref: 'before-json',
      planned: [
        { zone: 'a.example', file: 'zones/a.example.yaml', reason: 'fragment shared/mail.yaml changed' },
        { zone: 'b.example', file: 'zones/b.example.yaml', reason: 'fragment shared/mail.yaml changed' },
      ],
      skipped: [{ zone: 'c.example', file: 'zones/c.example.yaml', reason: 'unchanged' }],
      deleted_files: [],
    });

    const apply = await cli('apply', 'zones', '--changed-since', 'before-json', '--format', 'json', '--yes');
    expect(apply.code, apply.stderr).toBe(0);
    const doc = JSON.parse(apply.stdout) as { changed_since?: unknown; zones: Array<{ zone: string; outcome: string }> };
    expect(doc.changed_since).toEqual(planned);
    expect(doc.zones.map((z) => [z.zone, z.outcome])).toEqual([
      ['a.example', 'applied'],
      ['b.example', 'applied'],
    ]);
    const again = await cli('plan', 'zones/a.example.yaml', 'zones/b.example.yaml', '--detailed-exitcode');
    expect(again.code, again.stdout + again.stderr).toBe(0);
    // Without --changed-since, no changed_since member.
    const all = await cli('apply', 'zones/a.example.yaml', '--format', 'json', '--yes');
    expect(all.code, all.stderr).toBe(0);
    expect(JSON.parse(all.stdout)).not.toHaveProperty('changed_since');
  });

  it('a change to the configuration given with --config FILE selects every zone', async () => {
    write('config/dns.yaml', 'version: 1\n');
    git(repo, 'add', '-A');
    git(repo, 'commit', '-q', '-m', 'configuration');
    git(repo, 'tag', 'before-config');
    write('config/dns.yaml', '# reviewed\nversion: 1\n');
    const plan = await cli('plan', 'zones', '--config', 'config/dns.yaml', '--changed-since', 'before-config', '--format', 'json');
    expect(plan.code, plan.stderr).toBe(0);
    const doc = JSON.parse(plan.stdout) as { changed_since: { planned: unknown[]; skipped: unknown[] } };
    expect(doc.changed_since.planned).toEqual(
      ['a.example', 'b.example', 'c.example'].map((zone) => ({ zone, file: `zones/${zone}.yaml`, reason: 'config/dns.yaml changed' })),
    );
    expect(doc.changed_since.skipped).toEqual([]);
    // The configuration not in use changed: nothing selected through it.
    const other = await cli('plan', 'zones', '--changed-since', 'before-config', '--format', 'json');
    expect(other.code, other.stderr).toBe(0);
    expect((JSON.parse(other.stdout) as { changed_since: { planned: unknown[] } }).changed_since.planned).toEqual([]);
    git(repo, 'checkout', '-q', '--', 'config/dns.yaml');
  });

  it('a change to the zonectl.yaml found upwards from the paths, below the git root, selects the zones', async () => {
    write('zones/zonectl.yaml', 'version: 1\n');
    git(repo, 'add', '-A');
    git(repo, 'commit', '-q', '-m', 'zones configuration');
    git(repo, 'tag', 'before-zones-config');
    write('zones/zonectl.yaml', '# reviewed\nversion: 1\n');
    // zones/zonectl.yaml marks zones/ as the repository of zone files: c.example, which includes
    // nothing from outside it, is the zone planned here.
    const plan = await cli('plan', 'zones/c.example.yaml', '--changed-since', 'before-zones-config', '--format', 'json');
    expect(plan.code, plan.stderr).toBe(0);
    const doc = JSON.parse(plan.stdout) as { changed_since: { planned: Array<{ zone: string; reason: string }> } };
    expect(doc.changed_since.planned.map((z) => [z.zone, z.reason])).toEqual([['c.example', 'zones/zonectl.yaml changed']]);
    git(repo, 'rm', '-q', '-f', 'zones/zonectl.yaml');
    git(repo, 'commit', '-q', '-m', 'no zones configuration');
  });
});
