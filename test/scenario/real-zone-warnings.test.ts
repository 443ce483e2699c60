/**
 * Every warning has a source (issue 43, item 9): `zonectl validate` over the real zones of the
 * fixtures (test/fixtures/real-zones: a team's octoDNS zones imported with `zonectl import --from
 * octodns`, DNSControl zones, a zone export made by the service) lists each warning with the
 * source its check is registered with. The list is pinned, per check, so that a new warning on
 * real zones is a decision, not an accident; none of them may lack a source (the registry's type
 * wants one), and none is a guess: the digit-first labels (`3d`, RFC 1123 §2.1 allows them) and
 * the relative names "like another domain" (`docs.ai`) that the large zone drew before print
 * nothing now.
 */
import { readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHECKS } from '../../src/core/checks/registry.js';
import { describeSource } from '../../src/core/checks/check.js';
import { runCliInProcess as runCli } from '../support/run-cli-in-process.js';
import { tempDir } from '../support/temp-dir.js';

const FIXTURES = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'real-zones');

interface ValidateJson {
  files: Array<{ file: string; problems: Array<{ severity: string; code: string; line: number; message: string }> }>;
}

/** Warnings by zone file name and check id. */
async function warningsOf(dir: string): Promise<Array<{ zone: string; code: string; message: string }>> {
  const r = await runCli(['validate', dir, '--format', 'json']);
  expect(r.code, r.stderr).toBe(0);
  const doc = JSON.parse(r.stdout) as ValidateJson;
  return doc.files.flatMap((f) =>
    f.problems
      .filter((p) => p.severity === 'warning')
      .map((p) => ({
        zone: f.file
          .split('/')
          .pop()!
          .replace(/\.yaml$/, ''),
        code: p.code,
        message: p.message,
      })),
  );
}

let tmp: string;
let all: Array<{ zone: string; code: string; message: string }>;

beforeAll(async () => {
  tmp = tempDir('real-zone-warnings');
  const octodns = join(tmp, 'octodns');
  const imported = await runCli(
    ['import', '--from', 'octodns', 'config-production.yaml', '--out', octodns],
    {},
    join(FIXTURES, 'octodns-hackclub'),
  );
  expect(imported.code, imported.stderr).toBe(0);
  const exported = join(tmp, 'exports');
  const gary = await runCli([
    'import',
    join(FIXTURES, 'cloudflare-exports', 'garygigabytes.com.txt'),
    '--zone',
    'garygigabytes.com',
    '--out',
    join(exported, 'garygigabytes.com.yaml'),
  ]);
  expect(gary.code, gary.stderr).toBe(0);
  all = [...(await warningsOf(octodns)), ...(await warningsOf(join(FIXTURES, 'dnscontrol'))), ...(await warningsOf(exported))];
}, 180_000);
afterAll(() => {
  if (tmp !== undefined) rmSync(tmp, { recursive: true, force: true });
});

describe('validate over the real zones: every warning with its source', () => {
  it('lists every warning, each of a registered check with a source', () => {
    const byId = new Map(CHECKS.map((c) => [c.id, c]));
    const table = new Map<string, number>();
    for (const w of all) {
      const check = byId.get(w.code);
      expect(check, `${w.zone}: ${w.code} is a registered check`).toBeDefined();
      const line = `${w.code} (${describeSource(check!.source)})`;
      table.set(line, (table.get(line) ?? 0) + 1);
    }
    expect(Object.fromEntries([...table].sort(([a], [b]) => a.localeCompare(b)))).toEqual({
      'cname.unflattened (what resolvers do: RFC 1034 §3.6.2)': 2,
      'lint.dkim-key (protocol: RFC 6376 §6.1.2)': 6,
      'lint.dkim-revoked (what resolvers do: RFC 6376 §3.6.1)': 4,
      'lint.dkim-weak-key (what resolvers do: RFC 8301 §3.2)': 15,
      'lint.occluded (what resolvers do: RFC 1034 §4.2.1)': 1,
      'lint.wildcard-apex (what resolvers do: RFC 4592 §2.1)': 2,
      'ns.delegation-alone (documented: https://developers.cloudflare.com/dns/manage-dns-records/reference/shadowed-records/)': 6,
    });
  });

  it('the large zone (hackclub.com) no longer warns of digit-first labels or of names "like another domain"', () => {
    const big = all.filter((w) => w.zone === 'hackclub.com');
    expect(
      big
        .filter((w) => !w.code.startsWith('lint.'))
        .map((w) => w.code)
        .sort(),
    ).toEqual(['cname.unflattened', 'cname.unflattened', ...Array<string>(6).fill('ns.delegation-alone')]);
    expect(all.map((w) => w.message).join('\n')).not.toMatch(/starts with a digit|looks like a name in another domain/);
    // The names that drew those warnings are in the zone, and valid.
    const text = readFileSync(join(tmp, 'octodns', 'hackclub.com.yaml'), 'utf8');
    expect(text).toMatch(/name: docs\.ai\b/);
  });
});
