/**
 * Issue 40, "Done when", on hackclub/dns (test/fixtures/real-zones/octodns-hackclub: the team's
 * own files with their comments, contact details pseudonymized, SOURCES.md): the repository laid
 * out as the team keeps it (config/production.yaml, the zone files at its root, a git
 * repository), the emulator holding what octoDNS's Cloudflare provider wrote (the zone files
 * through test/support/octodns-zone.ts, TTLs raised to the provider's min_ttl 120, and the
 * records octoDNS leaves alone: Cloudflare Email Routing), then through the CLI as the README says:
 *
 * 1. `zonectl import --from octodns config/production.yaml --out zones/ --handover ...`: exit 0; zonectl.yaml at
 *    the repository root, none in zones/; at least 95% of the comment lines of each zone file
 *    are in its zone file, above a record of the name they annotate (or its ignore rule).
 * 2. `zonectl plan zones/ --detailed-exitcode`: exit 0 (the first plan is empty).
 * 3. The README's fragment step: the Google MX records several zones repeat move to
 *    shared/mail.yaml, each zone file that had them says `include: [../shared/mail.yaml]`, and
 *    the plan still exits 0.
 * 4. `--handover octodns-handover.patch`: `git apply` takes it; the imported zones' `zones:`
 *    entries are gone, the other zones' entries and the providers block stay as written.
 *
 * The comment oracle reads the source lines itself (a `#` at a line's start or after a space,
 * outside quotes; the top-level key that holds it, or the next one for a comment between keys)
 * and the written file's lines (comment lines directly above `- { name: ... }`), not zonectl's
 * attribution. The counts per zone are printed.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { octodnsToZoneFile } from '../support/octodns-zone.js';
import { runCliInProcess as runCli } from '../support/run-cli-in-process.js';
import { tempDir } from '../support/temp-dir.js';
import { TOKEN, config, converge, startHarness, type Harness } from './harness.js';

const FIXTURES = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'real-zones', 'octodns-hackclub');
/** config/production.yaml: the YamlProvider's default_ttl, the Cloudflare providers' min_ttl. */
const DEFAULT_TTL = 600;
const MIN_TTL = 120;
const ZONES = [
  'hackclub.com',
  'hack.club',
  'hackclub.community',
  'hackclub.io',
  'hackclub.org',
  'hackedu.us',
  'hackfoundation.org',
  'cpu.land',
  'nonprofit.new',
  'bulckcah.com',
];

/** What Cloudflare Email Routing keeps at hackclub.community, which octoDNS leaves alone (`ignored`). */
const EMAIL_ROUTING = [
  { name: 'hackclub.community', type: 'MX', content: 'route1.mx.cloudflare.net', priority: 64, ttl: 1 },
  { name: 'hackclub.community', type: 'MX', content: 'route2.mx.cloudflare.net', priority: 74, ttl: 1 },
  { name: 'hackclub.community', type: 'MX', content: 'route3.mx.cloudflare.net', priority: 42, ttl: 1 },
  { name: 'hackclub.community', type: 'TXT', content: '"v=spf1 include:_spf.mx.cloudflare.net ~all"', ttl: 1 },
];

/** A comment of a source zone file and the (canonical) name of the records it annotates. */
interface SourceCommentLine {
  readonly line: number;
  readonly text: string;
  readonly owner: string;
}

const topKey = (line: string): string | undefined => {
  const m = /^(?:'([^']*)'|"([^"]*)"|([^\s#'"-][^:#]*?)):(?:\s|$)/.exec(line);
  return m === null ? undefined : (m[1] ?? m[2] ?? m[3] ?? '').trim();
};

/** Where a comment starts on a line: a `#` at its start or after whitespace, outside quotes. */
function commentStart(line: string): number | undefined {
  let quote: string | undefined;
  for (let i = 0; i < line.length; i += 1) {
    const c = line[i]!;
    if (quote !== undefined) {
      if (c === quote) quote = undefined;
      continue;
    }
    if ((c === '"' || c === "'") && (i === 0 || /[\s:[{,-]/.test(line[i - 1]!))) quote = c;
    else if (c === '#' && (i === 0 || /\s/.test(line[i - 1]!))) return i;
  }
  return undefined;
}

const canonical = (key: string, zone: string): string => (key === '' ? zone : `${key}.${zone}`).toLowerCase();

function sourceComments(text: string, zone: string): SourceCommentLine[] {
  const lines = text.split('\n');
  const out: SourceCommentLine[] = [];
  let current: string | undefined;
  lines.forEach((line, i) => {
    const key = topKey(line);
    if (key !== undefined) current = key;
    const at = commentStart(line);
    if (at === undefined) return;
    const text = line.slice(at + 1);
    if (line.slice(0, at).trim() !== '') {
      if (current !== undefined) out.push({ line: i + 1, text, owner: canonical(current, zone) });
      return;
    }
    // A whole-line comment: its key's when the lines after it continue that key's block, else the next key's.
    const next = lines.slice(i + 1).find((l) => l.trim() !== '' && !l.trimStart().startsWith('#'));
    const nextKey = next !== undefined ? topKey(next) : undefined;
    const owner = nextKey !== undefined ? nextKey : current;
    if (owner !== undefined) out.push({ line: i + 1, text, owner: canonical(owner, zone) });
  });
  return out;
}

/** The comment lines written directly above each record (and ignore rule) of a zone file, by the record's canonical name. */
function writtenComments(text: string, zone: string): Map<string, string[]> {
  const byName = new Map<string, string[]>();
  let pending: string[] = [];
  for (const line of text.split('\n')) {
    const comment = /^ {2,4}#(.*)$/.exec(line);
    if (comment !== null) {
      pending.push(comment[1]!);
      continue;
    }
    const record = /^ {2,4}- \{ name: (?:"([^"]*)"|([^,]+)),/.exec(line);
    if (record !== null && pending.length > 0) {
      const written = (record[1] ?? record[2]!).trim();
      const name = (written === '@' ? zone : written.endsWith('.') ? written.slice(0, -1) : `${written}.${zone}`).toLowerCase();
      byName.set(name, [...(byName.get(name) ?? []), ...pending]);
    }
    if (line.trim() !== '') pending = [];
  }
  return byName;
}

describe('issue 40, done when: hackclub/dns imported through the CLI keeps its comments, plans empty, takes the fragment step', () => {
  let h: Harness;
  let repo: string;
  let env: Record<string, string>;
  let imported: { code: number; stdout: string; stderr: string };

  beforeAll(async () => {
    h = await startHarness({ zones: ZONES, zonePlan: 'pro' });
    for (const zone of ZONES) {
      const converted = octodnsToZoneFile(readFileSync(join(FIXTURES, `${zone}.yaml`), 'utf8'), zone, DEFAULT_TTL, { minTtl: MIN_TTL });
      await converge(h, config(converted.text));
    }
    const community = h.emulator.zones.find((z) => z.name === 'hackclub.community')!.id;
    for (const body of EMAIL_ROUTING) {
      const res = await fetch(`${h.emulator.baseUrl}/zones/${community}/dns_records`, {
        method: 'POST',
        headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      expect(res.status).toBe(200);
    }
    // The repository as the team keeps it: config/production.yaml, the zone files at the root.
    repo = tempDir('hackclub-repo');
    mkdirSync(join(repo, 'config'));
    cpSync(join(FIXTURES, 'config-production.yaml'), join(repo, 'config', 'production.yaml'));
    for (const zone of ZONES) cpSync(join(FIXTURES, `${zone}.yaml`), join(repo, `${zone}.yaml`));
    execFileSync('git', ['init', '-q', repo]);
    env = { CLOUDFLARE_TOKEN: TOKEN, CLOUDFLARE_BASE_URL: h.emulator.baseUrl };
    imported = await runCli(
      ['import', '--from', 'octodns', 'config/production.yaml', '--out', 'zones/', '--handover', 'octodns-handover.patch'],
      env,
      repo,
    );
  }, 300_000);
  afterAll(async () => {
    await h?.close();
  });

  it('imports: exit 0, zonectl.yaml at the repository root and not in zones/', () => {
    expect(imported.code, imported.stderr).toBe(0);
    expect(existsSync(join(repo, 'zonectl.yaml'))).toBe(true);
    expect(existsSync(join(repo, 'zones', 'zonectl.yaml'))).toBe(false);
    for (const zone of ZONES) expect(existsSync(join(repo, 'zones', `${zone}.yaml`)), zone).toBe(true);
  });

  it('keeps at least 95% of the comment lines of each zone file beside their records (counts printed)', () => {
    const rows: string[] = [];
    let total = 0;
    let kept = 0;
    for (const zone of ZONES) {
      const source = sourceComments(readFileSync(join(repo, `${zone}.yaml`), 'utf8'), zone);
      const written = writtenComments(readFileSync(join(repo, 'zones', `${zone}.yaml`), 'utf8'), zone);
      // Trailing blanks aside (the YAML writer drops them: `# ` above _vercel is written `#`).
      const missing = source.filter((c) => !(written.get(c.owner) ?? []).some((w) => w.trimEnd() === c.text.trimEnd()));
      const beside = source.length - missing.length;
      if (missing.length > 0) console.log(`${zone}: not found beside their records by the oracle: ${JSON.stringify(missing)}`);
      rows.push(`${zone}: ${beside} of ${source.length} comment lines beside their records`);
      total += source.length;
      kept += beside;
      expect(beside, `${zone}: not beside their records: ${JSON.stringify(missing.slice(0, 5))}`).toBeGreaterThanOrEqual(
        Math.ceil(source.length * 0.95),
      );
      // The report counts the same comments.
      expect(imported.stdout).toMatch(new RegExp(`^${zone.replace(/\./g, '\\.')}: `, 'm'));
    }
    console.log(`hackclub/dns comments kept beside their records:\n  ${rows.join('\n  ')}\n  all: ${kept} of ${total}`);
    expect(total).toBeGreaterThan(600);
    // hackclub.com alone: the 557 owner comments of the issue.
    expect(sourceComments(readFileSync(join(repo, 'hackclub.com.yaml'), 'utf8'), 'hackclub.com')).toHaveLength(557);
    expect(imported.stdout).toContain('comments: 557 of 557 carried');
  });

  it("the hand-over is a patch git apply takes: octoDNS's zones: entries of the imported zones are gone, the rest of its file as written", () => {
    const before = readFileSync(join(repo, 'config', 'production.yaml'), 'utf8');
    expect(imported.stdout).toContain('Hand over from octoDNS');
    execFileSync('git', ['apply', '--check', 'octodns-handover.patch'], { cwd: repo });
    execFileSync('git', ['apply', 'octodns-handover.patch'], { cwd: repo });
    const after = readFileSync(join(repo, 'config', 'production.yaml'), 'utf8');
    const zonesOf = (text: string) => Object.keys((parse(text) as { zones: Record<string, unknown> }).zones);
    const left = zonesOf(before).filter((z) => !ZONES.includes(z.replace(/\.$/, '')));
    expect(left.length).toBeGreaterThan(0);
    expect(zonesOf(after)).toEqual(left);
    // The providers block (its comments and aligned end-of-line comments) is untouched.
    const providers = (text: string) => text.slice(0, text.indexOf('\nzones:'));
    expect(providers(after)).toBe(providers(before));
    // Put back: the tests below read the team's files as they were.
    execFileSync('git', ['apply', '-R', 'octodns-handover.patch'], { cwd: repo });
    expect(readFileSync(join(repo, 'config', 'production.yaml'), 'utf8')).toBe(before);
  });

  it('plans empty right after the import (--detailed-exitcode exits 0)', async () => {
    const plan = await runCli(['plan', 'zones/', '--detailed-exitcode'], env, repo);
    expect(plan.code, `${plan.stdout}\n${plan.stderr}`).toBe(0);
  }, 300_000);

  it("the README's fragment step works right after it: shared/mail.yaml included as ../shared/mail.yaml, the plan still exits 0", async () => {
    // The README's block, with the records these zones repeat (Google's MX, octoDNS's TTL 600).
    const shared = [
      { content: 'aspmx.l.google.com', priority: 1 },
      { content: 'alt1.aspmx.l.google.com', priority: 5 },
      { content: 'alt2.aspmx.l.google.com', priority: 5 },
    ];
    mkdirSync(join(repo, 'shared'));
    writeFileSync(
      join(repo, 'shared', 'mail.yaml'),
      [
        '# shared/mail.yaml',
        'version: 1',
        'defaults: { ttl: 600 }',
        'records:',
        ...shared.map((r) => `  - { name: "@", type: MX, content: ${r.content}, priority: ${r.priority} }`),
        '',
      ].join('\n'),
    );
    const lineOf = (r: (typeof shared)[number]) => `  - { name: "@", type: MX, content: ${r.content}, priority: ${r.priority} }`;
    const including: string[] = [];
    for (const zone of ZONES) {
      const path = join(repo, 'zones', `${zone}.yaml`);
      const text = readFileSync(path, 'utf8');
      const lines = text.split('\n');
      if (!shared.every((r) => lines.includes(lineOf(r)))) continue;
      // As a person would: delete those records, add the include after `zone:`.
      const edited = lines
        .filter((l) => !shared.some((r) => l === lineOf(r)))
        .flatMap((l) => (l.startsWith('zone: ') ? [l, 'include: [../shared/mail.yaml]'] : [l]));
      writeFileSync(path, edited.join('\n'));
      including.push(zone);
    }
    expect(including.length).toBeGreaterThanOrEqual(2);
    const validate = await runCli(['validate', 'zones/'], env, repo);
    expect(validate.code, `${validate.stdout}\n${validate.stderr}`).toBe(0);
    const plan = await runCli(['plan', 'zones/', '--detailed-exitcode'], env, repo);
    expect(plan.code, `${plan.stdout}\n${plan.stderr}`).toBe(0);
  }, 300_000);
});
