/**
 * A repository of zones sharing fragments, against the emulator through the real CLI, in a real
 * git repository: a directory plan (fragments are not planned as zones), apply, a second plan
 * empty everywhere; then a change to one fragment, where `plan --changed-since` plans exactly
 * the zones that include it (and says which it skipped and why), apply, and an empty plan again.
 * Also: `zonectl.yaml` changed plans everything, a deleted zone file is reported, and REF is
 * untrusted (an option-like ref is refused before git or the API is asked).
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCliInProcess as runCli } from '../support/run-cli-in-process.js';
import { TOKEN, startHarness, type Harness } from './harness.js';
import { tempDir } from '../support/temp-dir.js';

const ZONES = ['a.example', 'b.example', 'c.example'];

interface PlanDoc {
  zones: Array<{
    zone: string;
    summary: { create: number; update: number; delete: number };
    changes: Array<{ action: string; after: { name: string; type: string } | null; source?: string }>;
  }>;
  changed_since?: {
    ref: string;
    planned: Array<{ zone: string; reason: string }>;
    skipped: Array<{ zone: string }>;
    deleted_files: string[];
  };
}

function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.invalid', '-c', 'commit.gpgsign=false', ...args], {
    cwd,
    encoding: 'utf8',
  });
}

describe('shared fragments and --changed-since, on the emulator', () => {
  let h: Harness;
  let root: string;
  let env: Record<string, string>;
  const write = (name: string, text: string): void => {
    mkdirSync(dirname(join(root, name)), { recursive: true });
    writeFileSync(join(root, name), text);
  };
  const cli = (...args: string[]) => runCli(args, env, root);

  beforeAll(async () => {
    h = await startHarness({ zones: ZONES });
    root = tempDir('repo');
    git(root, 'init', '-q', '-b', 'main');
    write(
      'shared/mail.yaml',
      'version: 1\ndefaults: { ttl: 3600 }\nrecords:\n  - { name: "@", type: MX, content: mx1.example.net, priority: 10 }\n  - { name: "@", type: TXT, content: "v=spf1 include:example.net -all" }\n',
    );
    write(
      'shared/caa.yaml',
      'version: 1\nrecords:\n  - { name: "@", type: CAA, data: { flags: 0, tag: issue, value: letsencrypt.org } }\n',
    );
    write(
      'zones/a.example.yaml',
      'version: 1\nzone: a.example\ninclude: [../shared/mail.yaml, ../shared/caa.yaml]\nrecords:\n  - { name: www, type: A, content: 192.0.2.1 }\n',
    );
    write(
      'zones/b.example.yaml',
      'version: 1\nzone: b.example\ninclude: [../shared/mail.yaml]\nrecords:\n  - { name: www, type: A, content: 192.0.2.2 }\n',
    );
    write(
      'zones/c.example.yaml',
      'version: 1\nzone: c.example\ninclude: [../shared/caa.yaml]\nrecords:\n  - { name: www, type: A, content: 192.0.2.3 }\n',
    );
    git(root, 'add', '-A');
    git(root, 'commit', '-q', '-m', 'zones');
    env = { CLOUDFLARE_BASE_URL: h.emulator.baseUrl, CLOUDFLARE_API_TOKEN: TOKEN };
  });
  afterAll(async () => {
    await h.close();
  });

  it('a directory plan plans the zones (not the fragments), marks fragment records, applies, and plans empty', async () => {
    const text = await cli('plan', 'zones', 'shared');
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout).toMatch(/\+ a\.example MX 10 mx1\.example\.net .*\(from shared\/mail\.yaml\)/);
    expect(text.stdout).not.toMatch(/\+ www\.a\.example A .*\(from/);
    const plan = await cli('plan', 'zones', 'shared', '--format', 'json');
    const doc = JSON.parse(plan.stdout) as PlanDoc;
    expect(doc.zones.map((z) => [z.zone, z.summary.create])).toEqual([
      ['a.example', 4],
      ['b.example', 3],
      ['c.example', 2],
    ]);
    const sources = Object.fromEntries(doc.zones[0].changes.map((c) => [`${c.after?.name} ${c.after?.type}`, c.source]));
    expect(sources).toEqual({
      'www.a.example A': 'zones/a.example.yaml',
      'a.example MX': 'shared/mail.yaml',
      'a.example TXT': 'shared/mail.yaml',
      'a.example CAA': 'shared/caa.yaml',
    });
    const apply = await cli('apply', 'zones', '--yes');
    expect(apply.code, apply.stderr).toBe(0);
    const again = await cli('plan', 'zones', '--detailed-exitcode');
    expect(again.code, again.stdout).toBe(0);
  });

  it('a change to one fragment: --changed-since plans every zone that includes it and skips the others, saying why', async () => {
    git(root, 'tag', 'base');
    write(
      'shared/mail.yaml',
      'version: 1\ndefaults: { ttl: 3600 }\nrecords:\n  - { name: "@", type: MX, content: mx2.example.net, priority: 10 }\n  - { name: "@", type: TXT, content: "v=spf1 include:example.net -all" }\n',
    );
    git(root, 'commit', '-q', '-am', 'new mail host');
    const plan = await cli('plan', 'zones', '--changed-since', 'base', '--format', 'json');
    expect(plan.code, plan.stderr).toBe(0);
    const doc = JSON.parse(plan.stdout) as PlanDoc;
    expect(doc.zones.map((z) => [z.zone, z.summary.update])).toEqual([
      ['a.example', 1],
      ['b.example', 1],
    ]);
    expect(doc.changed_since?.planned).toEqual([
      { zone: 'a.example', file: 'zones/a.example.yaml', reason: 'fragment shared/mail.yaml changed' },
      { zone: 'b.example', file: 'zones/b.example.yaml', reason: 'fragment shared/mail.yaml changed' },
    ]);
    expect(doc.changed_since?.skipped.map((s) => s.zone)).toEqual(['c.example']);
    expect(plan.stderr).toMatch(/1 zone\(s\) skipped, unchanged since base .*: c\.example/);
    expect((await cli('apply', 'zones', '--yes')).code).toBe(0);
    const again = await cli('plan', 'zones', '--detailed-exitcode');
    expect(again.code, again.stdout).toBe(0);
    const none = await cli('plan', 'zones', '--changed-since', 'HEAD');
    expect(none.code).toBe(0);
    expect(none.stderr).toMatch(/no zone changed since HEAD .*nothing to plan/);
  });

  it('zonectl.yaml changed plans every zone; a deleted zone file is reported, never its zone deleted', async () => {
    git(root, 'tag', 'before-config');
    write('zonectl.yaml', 'version: 1\n');
    rmSync(join(root, 'zones/c.example.yaml'));
    const plan = await cli('plan', 'zones', '--changed-since', 'before-config', '--format', 'json');
    expect(plan.code, plan.stderr).toBe(0);
    const doc = JSON.parse(plan.stdout) as PlanDoc;
    expect(doc.changed_since?.planned).toEqual([
      { zone: 'a.example', file: 'zones/a.example.yaml', reason: 'zonectl.yaml changed' },
      { zone: 'b.example', file: 'zones/b.example.yaml', reason: 'zonectl.yaml changed' },
    ]);
    expect(doc.changed_since?.deleted_files).toEqual(['zones/c.example.yaml']);
    expect(plan.stderr).toMatch(/zones\/c\.example\.yaml was deleted since before-config .*zonectl does not delete the zone/);
    expect(h.emulator.zones.map((z) => z.name)).toContain('c.example');
    rmSync(join(root, 'zonectl.yaml'));
    git(root, 'checkout', '-q', '--', 'zones/c.example.yaml');
  });

  it.each([
    ['--upload-pack=evil', /--changed-since: "--upload-pack=evil" is not a git revision \(it may not be empty, start with "-"/],
    ['-', /--changed-since: "-" is not a git revision/],
    ['no-such-ref', /--changed-since: "no-such-ref" does not name a commit/],
  ])('REF %s is refused with a clear error and no API call', async (ref, message) => {
    const r = await runCli(
      ['plan', 'zones', `--changed-since=${ref}`],
      { ...env, CLOUDFLARE_BASE_URL: 'http://127.0.0.1:9/client/v4' },
      root,
    );
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(message);
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });
});
