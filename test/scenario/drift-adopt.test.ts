/**
 * Issue 42, item 2: `zonectl drift --adopt [ID...]` through the real CLI, against the emulator,
 * in a git repository with a fragment. A zone file with comments, groups and an alias is applied;
 * the live zone is changed through the API (a record added, one changed, one removed, a setting,
 * a record of a fragment only this zone includes); drift reports them with their ids; `--adopt
 * ID` takes one item only; `--dry-run` shows the diff and writes nothing (exit 2); `--adopt`
 * takes the rest: every other line of the file stays, in order, the fragment is edited in place,
 * and then `plan` is empty and `drift` clean. An unknown id, a malformed one, and a record whose
 * value other records take through an alias are refused (exit 1, naming the id, or the file, line and reason)
 * and nothing is written.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCliInProcess as runCli } from '../support/run-cli-in-process.js';
import { tempDir } from '../support/temp-dir.js';
import { TOKEN, startHarness, type Harness } from './harness.js';

const ZONE_FILE = `# example.com: kept by hand. Owners are named above their records.
version: 1
zone: example.com   # the zone
include: [../shared/status.yaml]

defaults: { ttl: 3600 }

settings:
  flatten_all_cnames: false   # CNAMEs stay CNAMEs

records:
  # --- web ---
  - { name: "@", type: A, content: &origin 192.0.2.10 }   # the apex
  - { name: origin, type: A, content: *origin }         # the same address, by alias
  - { name: www, type: CNAME, content: example.com }    # follows the apex

  # --- api: DNS only, clients pin the addresses ---
  # owner: platform team
  - { name: api, type: A, content: 198.51.100.20, ttl: 300 }
  - { name: api, type: A, content: 198.51.100.21, ttl: 300 }

  # owner: security team
  - { name: _dmarc, type: TXT, content: "v=DMARC1; p=quarantine" }
`;

const STATUS = `# Records only example.com includes (kept apart for its status page team).
version: 1
records:
  - { name: status, type: CNAME, content: status.example.net }   # the status page
`;

interface Listed {
  id: string;
  name: string;
  type: string;
  content: string;
}

interface Item {
  id: string;
  kind: string;
  name: string;
  type: string;
  field: string;
  live: string | null;
  counted: boolean;
  source?: string;
  ways_out: { adopt?: { command: string; does: string } };
}

function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.invalid', '-c', 'commit.gpgsign=false', ...args], {
    cwd,
    encoding: 'utf8',
  });
}

/** The non-blank lines of `before` that `after` must keep in order: all but those matching `edited`. */
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

describe('drift --adopt: live changes taken into the zone files', () => {
  let h: Harness;
  let root: string;
  let env: Record<string, string>;
  let zoneId: string;
  const ZONE = 'zones/example.com.yaml';
  const file = (name: string): string => join(root, name);
  const read = (name: string): string => readFileSync(file(name), 'utf8');
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
  const find = async (name: string, type: string, content?: string): Promise<Listed> => {
    const all = (await api('GET', `/zones/${zoneId}/dns_records?per_page=5000`)) as Listed[];
    const r = all.find((x) => x.name === name && x.type === type && (content === undefined || x.content === content));
    expect(r, `${name} ${type} ${content ?? ''}`).toBeDefined();
    return r!;
  };
  /** The counted drift items of the zone, as the JSON report gives them. */
  const driftItems = async (): Promise<{ code: number; items: Item[] }> => {
    const r = await cli('drift', ZONE, '--format', 'json');
    const doc = JSON.parse(r.stdout) as { zones: Array<{ items: Item[] }> };
    return { code: r.code, items: doc.zones.flatMap((z) => z.items).filter((i) => i.counted) };
  };

  beforeAll(async () => {
    // flatten_all_cnames is for paid plans (issue 43, item 4): the out-of-band change below is made on a Pro zone.
    h = await startHarness({ zones: ['example.com'], zonePlan: 'pro' });
    zoneId = h.emulator.zones.find((z) => z.name === 'example.com')!.id;
    root = tempDir('drift-adopt');
    git(root, 'init', '-q', '-b', 'main');
    write(ZONE, ZONE_FILE);
    write('shared/status.yaml', STATUS);
    env = { CLOUDFLARE_BASE_URL: h.emulator.baseUrl, CLOUDFLARE_API_TOKEN: TOKEN };
    const applied = await cli('apply', 'zones/', '--yes');
    expect(applied.code, applied.stderr).toBe(0);
    const plan = await cli('plan', 'zones/', '--detailed-exitcode');
    expect(plan.code, plan.stdout + plan.stderr).toBe(0);
  });
  afterAll(async () => {
    await h.close();
  });

  it('in sync: --adopt has nothing to write and leaves the file byte for byte', async () => {
    const r = await cli('drift', ZONE, '--adopt');
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/no drift to adopt; nothing to write/);
    expect(read(ZONE)).toBe(ZONE_FILE);
  });

  it('added, changed, removed, a setting and a fragment record: --adopt ID takes one, --dry-run shows, --adopt takes the rest', async () => {
    const api20 = await find('api.example.com', 'A', '198.51.100.20');
    await api('PATCH', `/zones/${zoneId}/dns_records/${api20.id}`, { ttl: 600 });
    const dmarc = await find('_dmarc.example.com', 'TXT');
    await api('DELETE', `/zones/${zoneId}/dns_records/${dmarc.id}`);
    await api('POST', `/zones/${zoneId}/dns_records`, { name: 'blog.example.com', type: 'CNAME', content: 'blog.example.net', ttl: 3600 });
    const status = await find('status.example.com', 'CNAME');
    await api('PATCH', `/zones/${zoneId}/dns_records/${status.id}`, { content: 'status.example.org' });
    await api('PATCH', `/zones/${zoneId}/dns_settings`, { flatten_all_cnames: true });

    // Drift reports each change with its id and the adopt way out.
    const before = await driftItems();
    expect(before.code).toBe(2);
    const by = (kind: string, name: string): Item => {
      const i = before.items.find((x) => x.kind === kind && x.name === name);
      expect(i, `${kind} ${name} in ${JSON.stringify(before.items.map((x) => [x.kind, x.name]))}`).toBeDefined();
      return i!;
    };
    const blog = by('added', 'blog.example.com');
    const ttl = by('changed', 'api.example.com');
    const removed = by('deleted', '_dmarc.example.com');
    const setting = by('settings', 'example.com');
    const fragment = by('changed', 'status.example.com');
    expect(ttl.field).toBe('ttl');
    expect(setting.field).toBe('flatten_all_cnames');
    expect(fragment.source).toMatch(/shared\/status\.yaml$/);
    expect(before.items).toHaveLength(5);
    for (const i of before.items) expect(i.ways_out.adopt?.command).toBe(`zonectl drift ${ZONE} --adopt ${i.id}`);

    // --adopt ID: that item only.
    const one = await cli('drift', ZONE, '--adopt', blog.id);
    expect(one.code, one.stderr).toBe(0);
    expect(one.stderr).toMatch(/\+ blog CNAME blog\.example\.net/);
    expect(one.stderr).toMatch(/example\.com: written to .*zones\/example\.com\.yaml; 4 drift item\(s\) not chosen remain/);
    const afterOne = read(ZONE);
    expect(afterOne).toBe(`${ZONE_FILE}  - { name: blog, type: CNAME, content: blog.example.net }\n`);
    expect(read('shared/status.yaml')).toBe(STATUS);
    const rest = await driftItems();
    expect(rest.code).toBe(2);
    expect(rest.items.map((i) => i.id).sort()).toEqual([ttl.id, removed.id, setting.id, fragment.id].sort());

    // --dry-run: the diff, nothing written, exit 2.
    const dry = await cli('drift', ZONE, '--adopt', '--dry-run');
    expect(dry.code, dry.stderr).toBe(2);
    expect(dry.stdout).toContain('-  - { name: api, type: A, content: 198.51.100.20, ttl: 300 }');
    expect(dry.stdout).toContain('+  - { name: api, type: A, content: 198.51.100.20, ttl: 600 }');
    expect(dry.stdout).toContain('+  - { name: status, type: CNAME, content: status.example.org }   # the status page');
    expect(dry.stderr).toMatch(/dry run: nothing was written/);
    expect(read(ZONE)).toBe(afterOne);
    expect(read('shared/status.yaml')).toBe(STATUS);

    // --adopt: every item; the file keeps every other line, in order; the fragment is edited in place.
    const all = await cli('drift', ZONE, '--adopt');
    expect(all.code, all.stderr).toBe(0);
    expect(all.stderr).toMatch(/example\.com: 4 item\(s\) adopted/);
    expect(all.stderr).toMatch(/a plan of zones\/example\.com\.yaml is now empty/);
    const after = read(ZONE);
    keptInOrder(afterOne, after, [/content: 198\.51\.100\.20/, /_dmarc/, /flatten_all_cnames/]);
    expect(after).toContain('  - { name: api, type: A, content: 198.51.100.20, ttl: 600 }\n');
    expect(after).toContain('  flatten_all_cnames: true   # CNAMEs stay CNAMEs\n');
    expect(after).not.toContain('_dmarc');
    // The group's header stays while the group has an item (blog, adopted into it above): the editor's rule.
    expect(after).toContain('  # owner: security team\n  - { name: blog, type: CNAME, content: blog.example.net }\n');
    expect(read('shared/status.yaml')).toBe(STATUS.replace('status.example.net', 'status.example.org'));

    const plan = await cli('plan', 'zones/', '--detailed-exitcode');
    expect(plan.code, plan.stdout + plan.stderr).toBe(0);
    const clean = await cli('drift', 'zones/');
    expect(clean.code, clean.stdout + clean.stderr).toBe(0);
  });

  it('an id no item has, or that is not an id: BAD_FLAG naming it, nothing written', async () => {
    await api('POST', `/zones/${zoneId}/dns_records`, { name: 'new.example.com', type: 'A', content: '192.0.2.77', ttl: 3600 });
    const before = read(ZONE);
    const unknown = await cli('drift', ZONE, '--adopt', 'd2:000000000000000000000000');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toMatch(
      /error\[BAD_FLAG\]: --adopt d2:000000000000000000000000: no drift item of zones\/example\.com\.yaml has this id .*nothing was written/,
    );
    const malformed = await cli('drift', ZONE, '--adopt', 'www');
    expect(malformed.code).toBe(1);
    expect(malformed.stderr).toMatch(/error\[BAD_FLAG\]: --adopt "www": not a drift item id/);
    const clash = await cli('drift', ZONE, '--adopt', '--format', 'json');
    expect(clash.code).toBe(1);
    expect(clash.stderr).toMatch(/error\[BAD_FLAG\]: --adopt edits the zone files and prints no report: it takes no --format/);
    const dry = await cli('drift', ZONE, '--dry-run');
    expect(dry.code).toBe(1);
    expect(dry.stderr).toMatch(/error\[BAD_FLAG\]: --dry-run goes with --adopt/);
    expect(read(ZONE)).toBe(before);
    const added = await find('new.example.com', 'A');
    await api('DELETE', `/zones/${zoneId}/dns_records/${added.id}`);
  });

  it('a record whose value other records take through an alias: refused with file, line and reason; exit 1; nothing written', async () => {
    const apex = await find('example.com', 'A');
    await api('PATCH', `/zones/${zoneId}/dns_records/${apex.id}`, { content: '192.0.2.99' });
    await api('POST', `/zones/${zoneId}/dns_records`, { name: 'other.example.com', type: 'A', content: '192.0.2.78', ttl: 3600 });
    const before = read(ZONE);
    const r = await cli('drift', ZONE, '--adopt');
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/error\[EDIT_REFUSED\]: .*zones\/example\.com\.yaml:13: .*\[anchor-shared\]; nothing was written/);
    // Nothing written: not even the record that could be added.
    expect(read(ZONE)).toBe(before);
    expect(before).not.toContain('other');
  });
});
