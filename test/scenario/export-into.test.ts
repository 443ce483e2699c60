/**
 * Issue 40, item 5: `zonectl export --into FILE` through the real CLI, against the emulator, in
 * a git repository of zones sharing fragments. A zone file with comments, groups and quoting is
 * applied; the live zone is then changed through the service's API (records added, changed,
 * deleted, a setting, a record of a fragment only this zone includes); `--dry-run` shows the diff
 * and writes nothing (exit 2); `export --into` writes only those edits: a plan is then empty, and
 * every line of the file outside the edited records is still there, byte for byte and in order.
 * A change to a record of a fragment another zone includes is refused, naming that zone, and
 * nothing is written.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCliInProcess as runCli } from '../support/run-cli-in-process.js';
import { tempDir } from '../support/temp-dir.js';
import { TOKEN, startHarness, type Harness } from './harness.js';

const ZONE_FILE = `# yaml-language-server: $schema=../.zonectl/zone.schema.json
#
# example.com: kept by hand. Owners are named above their records.
version: 1
zone: example.com   # the zone
include: [../shared/mail.yaml, ../shared/example-only.yaml]

defaults: { ttl: 3600 }

settings:
  flatten_all_cnames: false   # CNAMEs stay CNAMEs
  multi_provider: false

records:
  # --- web ---
  - { name: "@", type: A, content: 192.0.2.10, proxied: true, comment: "origin (eu)" }
  - { name: www, type: CNAME, content: example.com, proxied: true }   # follows the apex

  # --- api: DNS only, clients pin the addresses ---
  # owner: platform team
  - { name: api, type: A, content: 198.51.100.20, ttl: 300 }
  - { name: api, type: A, content: 198.51.100.21, ttl: 300 }

  # verification strings
  - { name: "@", type: TXT, content: 'google-site-verification=abc123' }
  # owner: security team
  - { name: _dmarc, type: TXT, content: "v=DMARC1; p=quarantine" }

  - name: legacy
    type: CNAME
    content: old.example.net   # to be retired
`;

const MAIL = `# Mail for every zone (names relative to the including zone).
version: 1
records:
  - { name: "@", type: MX, content: mx1.mail.example.net, priority: 10 }
  - { name: "@", type: MX, content: mx2.mail.example.net, priority: 20 }
`;

const EXAMPLE_ONLY = `# Records only example.com includes (kept apart for its status page team).
version: 1
records:
  - { name: status, type: CNAME, content: status.example.net }   # the status page
`;

const OTHER_ZONE = `version: 1
zone: a.example
include: [../shared/mail.yaml]
records:
  - { name: www, type: A, content: 192.0.2.50 }
`;

interface Listed {
  id: string;
  name: string;
  type: string;
  content: string;
  ttl: number;
  proxied: boolean;
}

function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.invalid', '-c', 'commit.gpgsign=false', ...args], {
    cwd,
    encoding: 'utf8',
  });
}

/** The non-blank lines of `before` that `after` must keep in order: all but those of the edited records. */
function keptInOrder(before: string, after: string, edited: readonly RegExp[]): void {
  const lines = before.split('\n').filter((l) => l.trim() !== '' && !edited.some((re) => re.test(l)));
  const rest = after.split('\n');
  let at = 0;
  for (const line of lines) {
    const found = rest.indexOf(line, at);
    expect(found, `kept line missing or moved: ${JSON.stringify(line)}\n--- after:\n${after}`).toBeGreaterThanOrEqual(at);
    at = found + 1;
  }
}

describe('export --into: the live zone taken into a person’s zone file', () => {
  let h: Harness;
  let root: string;
  let env: Record<string, string>;
  let zoneId: string;
  const file = (name: string): string => join(root, name);
  const write = (name: string, text: string): void => {
    mkdirSync(dirname(file(name)), { recursive: true });
    writeFileSync(file(name), text);
  };
  const cli = (...args: string[]) => runCli(args, env, root);
  const api = async (method: string, path: string, body?: unknown): Promise<unknown> => {
    const res = await fetch(`${h.emulator.baseUrl}${path}`, {
      method,
      headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    const doc = (await res.json()) as { success: boolean; result: unknown; errors: unknown };
    expect(doc.success, JSON.stringify(doc.errors)).toBe(true);
    return doc.result;
  };
  const live = async (): Promise<Listed[]> => (await api('GET', `/zones/${zoneId}/dns_records?per_page=5000`)) as Listed[];
  const find = async (name: string, type: string, content?: string): Promise<Listed> => {
    const r = (await live()).find((x) => x.name === name && x.type === type && (content === undefined || x.content === content));
    expect(r, `${name} ${type} ${content ?? ''}`).toBeDefined();
    return r!;
  };

  beforeAll(async () => {
    // flatten_all_cnames is for paid plans (issue 43, item 4): the dashboard-style change below is made on Pro zones.
    h = await startHarness({ zones: ['example.com', 'a.example'], zonePlan: 'pro' });
    zoneId = h.emulator.zones.find((z) => z.name === 'example.com')!.id;
    root = tempDir('export-into');
    git(root, 'init', '-q', '-b', 'main');
    write('zones/example.com.yaml', ZONE_FILE);
    write('zones/a.example.yaml', OTHER_ZONE);
    write('shared/mail.yaml', MAIL);
    write('shared/example-only.yaml', EXAMPLE_ONLY);
    env = { CLOUDFLARE_BASE_URL: h.emulator.baseUrl, CLOUDFLARE_API_TOKEN: TOKEN };
    const applied = await cli('apply', 'zones/', '--yes');
    expect(applied.code, applied.stderr).toBe(0);
    const plan = await cli('plan', 'zones/', '--detailed-exitcode');
    expect(plan.code, plan.stdout + plan.stderr).toBe(0);
  });
  afterAll(async () => {
    await h.close();
  });

  it('nothing changed live: the file already says it, and stays byte for byte', async () => {
    const r = await cli('export', '--into', 'zones/example.com.yaml');
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/already says what zone example\.com holds; nothing to write/);
    expect(readFileSync(file('zones/example.com.yaml'), 'utf8')).toBe(ZONE_FILE);
  });

  it('live changes (dashboard-style, through the API) are written as edits: plan empty, comments and layout kept', async () => {
    const api20 = await find('api.example.com', 'A', '198.51.100.20');
    await api('PATCH', `/zones/${zoneId}/dns_records/${api20.id}`, { ttl: 600 });
    const txt = await find('example.com', 'TXT');
    await api('PATCH', `/zones/${zoneId}/dns_records/${txt.id}`, { content: '"google-site-verification=xyz789"' });
    const dmarc = await find('_dmarc.example.com', 'TXT');
    await api('DELETE', `/zones/${zoneId}/dns_records/${dmarc.id}`);
    await api('POST', `/zones/${zoneId}/dns_records`, { name: 'api.example.com', type: 'A', content: '198.51.100.22', ttl: 300 });
    await api('POST', `/zones/${zoneId}/dns_records`, { name: 'blog.example.com', type: 'CNAME', content: 'blog.example.net', ttl: 3600 });
    const status = await find('status.example.com', 'CNAME');
    await api('PATCH', `/zones/${zoneId}/dns_records/${status.id}`, { content: 'status.example.org' });
    await api('PATCH', `/zones/${zoneId}/dns_settings`, { flatten_all_cnames: true });

    const stale = await cli('plan', 'zones/example.com.yaml', '--detailed-exitcode');
    expect(stale.code, stale.stderr).toBe(2);

    // --dry-run: the diff, nothing written, exit 2.
    const dry = await cli('export', '--into', 'zones/example.com.yaml', '--dry-run');
    expect(dry.code, dry.stderr).toBe(2);
    expect(dry.stdout).toContain('-  - { name: api, type: A, content: 198.51.100.20, ttl: 300 }');
    expect(dry.stdout).toContain('+  - { name: api, type: A, content: 198.51.100.20, ttl: 600 }');
    expect(readFileSync(file('zones/example.com.yaml'), 'utf8')).toBe(ZONE_FILE);
    expect(readFileSync(file('shared/example-only.yaml'), 'utf8')).toBe(EXAMPLE_ONLY);

    const r = await cli('export', '--into', 'zones/example.com.yaml');
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/change\(s\) written to .*zones\/example\.com\.yaml/);
    const after = readFileSync(file('zones/example.com.yaml'), 'utf8');

    const plan = await cli('plan', 'zones/', '--detailed-exitcode');
    expect(plan.code, plan.stdout + plan.stderr).toBe(0);

    // Every line outside the edited records is kept, in order (comments, groups, quoting).
    keptInOrder(ZONE_FILE, after, [
      /content: 198\.51\.100\.20/,
      /google-site-verification/,
      /_dmarc/,
      /flatten_all_cnames/,
      /owner: security team/,
    ]);
    // The edits, as a person makes them.
    expect(after).toContain('  - { name: api, type: A, content: 198.51.100.20, ttl: 600 }\n');
    expect(after).toContain(`  - { name: "@", type: TXT, content: 'google-site-verification=xyz789' }\n`);
    expect(after).toContain('  flatten_all_cnames: true   # CNAMEs stay CNAMEs\n');
    expect(after).not.toContain('_dmarc');
    expect(after).not.toContain('owner: security team');
    // The new api address beside the other two; the new name in the file's style, at the end of the records.
    expect(after).toMatch(/198\.51\.100\.21, ttl: 300 \}\n {2}- \{ name: api, type: A, content: 198\.51\.100\.22, ttl: 300 \}\n/);
    expect(after).toMatch(/\n {2}- \{ name: blog, type: CNAME, content: blog\.example\.net \}\n/);
    // The fragment only this zone includes is edited in place; the shared one is untouched.
    expect(readFileSync(file('shared/example-only.yaml'), 'utf8')).toBe(EXAMPLE_ONLY.replace('status.example.net', 'status.example.org'));
    expect(readFileSync(file('shared/mail.yaml'), 'utf8')).toBe(MAIL);
  });

  it('flags that do not go with --into are refused before anything is read', async () => {
    const clash = await cli('export', '--into', 'zones/example.com.yaml', '--all', '--out', 'x.yaml', '--force', '--format', 'json');
    expect(clash.code).toBe(1);
    expect(clash.stderr).toMatch(
      /error\[BAD_ARGS\]: --into edits the zone file it names in place: it takes no --all, --out, --force, --format/,
    );
    const dry = await cli('export', '--zone', 'example.com', '--dry-run');
    expect(dry.code).toBe(1);
    expect(dry.stderr).toMatch(/error\[BAD_ARGS\]: --dry-run goes with --into FILE/);
    const other = await cli('export', '--into', 'zones/example.com.yaml', '--zone', 'a.example');
    expect(other.code).toBe(1);
    expect(other.stderr).toMatch(/error\[BAD_ARGS\]: --zone a\.example: zones\/example\.com\.yaml describes the zone example\.com/);
    const fragment = await cli('export', '--into', 'shared/mail.yaml');
    expect(fragment.code).toBe(1);
    expect(fragment.stderr).toMatch(/error\[BAD_ARGS\]: --into shared\/mail\.yaml: not a zone file/);
  });

  it('a record of a fragment another zone includes: refused, naming the zone; nothing written', async () => {
    const before = readFileSync(file('zones/example.com.yaml'), 'utf8');
    const mx2 = await find('example.com', 'MX', 'mx2.mail.example.net');
    await api('PATCH', `/zones/${zoneId}/dns_records/${mx2.id}`, { priority: 30 });
    await api('POST', `/zones/${zoneId}/dns_records`, { name: 'new.example.com', type: 'A', content: '192.0.2.77', ttl: 3600 });
    const r = await cli('export', '--into', 'zones/example.com.yaml');
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(
      /error\[EDIT_REFUSED\]: .*shared\/mail\.yaml holds a record to change, and another zone includes it too \(zones\/a\.example\.yaml\)/,
    );
    expect(r.stderr).toMatch(/nothing was written/);
    expect(readFileSync(file('zones/example.com.yaml'), 'utf8')).toBe(before);
    expect(readFileSync(file('shared/mail.yaml'), 'utf8')).toBe(MAIL);
  });

  it('a live value that holds a credential is never written into a file (nor shown)', async () => {
    const mx2 = await find('example.com', 'MX', 'mx2.mail.example.net');
    await api('PATCH', `/zones/${zoneId}/dns_records/${mx2.id}`, { priority: 20 });
    await api('POST', `/zones/${zoneId}/dns_records`, { name: 'leak.example.com', type: 'TXT', content: `"${TOKEN}"`, ttl: 3600 });
    const before = readFileSync(file('zones/example.com.yaml'), 'utf8');
    const r = await cli('export', '--into', 'zones/example.com.yaml');
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(
      /error\[EDIT_REFUSED\]: a live value to write into .*zones\/example\.com\.yaml holds a credential's value; nothing was written/,
    );
    expect(r.stdout + r.stderr).not.toContain(TOKEN);
    expect(readFileSync(file('zones/example.com.yaml'), 'utf8')).toBe(before);
  });
});
