/**
 * Shared fragments (`include:`) read from disk: names relative to the including zone, errors in
 * the fragment's own file and line naming the zone, confinement to the repository (absolute
 * paths, `..` above the root, symlinks leading out), cycles, repeats, a record both in a zone and
 * in a fragment, and `validate` of a fragment alone.
 */
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterEach, describe, expect, it } from 'vitest';
import { checkZoneFiles } from '../../../src/app/files/load-zone-files.js';
import { SCHEMA_FILE } from '../../fixtures/zonefile/write-schema.js';
import { runValidateCli } from './helpers.js';
import { lintZone } from '../../../src/core/lint/index.js';
import { formatProblem } from '../../../src/core/yaml/index.js';
import { tempDir } from '../../support/temp-dir.js';

/** A repository one level inside a temp directory (a `.git` directory marks its root; the level above is the test's too). */
function repo(files: Record<string, string>): string {
  const root = join(tempDir('fragments'), 'repo');
  mkdirSync(join(root, '.git'), { recursive: true });
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, name)), { recursive: true });
    writeFileSync(join(root, name), text);
  }
  return root;
}

const MAIL =
  'version: 1\ndefaults: { ttl: 3600 }\nrecords:\n  - { name: "@", type: MX, content: mx1.example.net, priority: 10 }\n  - { name: "@", type: TXT, content: "v=spf1 include:example.net -all" }\nmanage: { ignore: [{ type: CNAME, content: "*.acm-validations.aws" }] }\n';
const zone = (name: string, include: string, records = '  - { name: www, type: A, content: 192.0.2.1 }'): string =>
  `version: 1\nzone: ${name}\ninclude: [${include}]\nrecords:\n${records}\n`;

async function load(root: string, paths: string[]) {
  return checkZoneFiles(
    paths.map((p) => join(root, p)),
    {},
  );
}

const lines = (files: Awaited<ReturnType<typeof load>>, root: string): string[] =>
  files.flatMap((f) => f.problems.map((p) => formatProblem(p).split(`${root}/`).join('')));

describe('include: shared fragments', () => {
  it("a fragment's records join each including zone, with names relative to that zone, its defaults and its ignore rules", async () => {
    const root = repo({
      'shared/mail.yaml': MAIL,
      'zones/a.com.yaml': zone('a.com', '../shared/mail.yaml'),
      'zones/b.org.yaml': zone('b.org', '../shared/mail.yaml'),
    });
    const files = await load(root, ['zones', 'shared']);
    expect(lines(files, root)).toEqual([]);
    const [a, b, fragment] = files;
    expect(fragment.fragment).toMatchObject({ records: 2, includes: [] });
    expect(fragment.fragment?.alone?.records.map((r) => r.record.type)).toEqual(['MX', 'TXT']);
    expect(fragment.config).toBeUndefined();
    expect(a.config?.records.map((r) => [r.record.name, r.record.type, r.record.ttl, r.source ?? null, r.line])).toEqual([
      ['www.a.com', 'A', 1, null, 5],
      ['a.com', 'MX', 3600, join(root, 'shared/mail.yaml'), 4],
      ['a.com', 'TXT', 3600, join(root, 'shared/mail.yaml'), 5],
    ]);
    expect(b.config?.records.map((r) => r.record.name)).toEqual(['www.b.org', 'b.org', 'b.org']);
    expect(a.config?.includes).toEqual([join(root, 'shared/mail.yaml')]);
    // Each rule says where it is written: reports name the rule that left a record alone.
    expect(a.config?.manage.ignore).toEqual([
      { type: 'CNAME', content: '*.acm-validations.aws', at: `${join(root, 'shared/mail.yaml')} manage.ignore[0]` },
    ]);
  });

  it("an error in a fragment is placed in the fragment's file and line and names the including zone", async () => {
    const root = repo({
      'shared/bad.yaml': 'version: 1\nrecords:\n  - { name: mail, type: A, content: 300.1.1.1 }\n',
      'zones/a.com.yaml': zone('a.com', '../shared/bad.yaml'),
    });
    const files = await load(root, ['zones/a.com.yaml']);
    expect(files[0].config).toBeUndefined();
    const got = lines(files, root);
    expect(got).toHaveLength(1);
    expect(got[0]).toMatch(
      /^shared\/bad\.yaml:3:37 records\[0\]\.content: .*300\.1\.1\.1.*\(in fragment .*shared\/bad\.yaml, included by .*zones\/a\.com\.yaml\)$/,
    );
  });

  it("a fragment's own defaults are checked like the zone's (a TTL out of range is an error at the fragment's line)", async () => {
    const root = repo({
      'shared/ttl.yaml': 'version: 1\ndefaults: { ttl: 5 }\nrecords:\n  - { name: x, type: A, content: 192.0.2.1 }\n',
      'zones/a.com.yaml': zone('a.com', '../shared/ttl.yaml'),
    });
    const files = await load(root, ['zones/a.com.yaml']);
    expect(files[0].config).toBeUndefined();
    expect(lines(files, root)).toEqual([
      expect.stringMatching(
        /^shared\/ttl\.yaml:2:18 defaults\.ttl: ttl 5 is out of range.*\(in fragment .*ttl\.yaml, included by .*a\.com\.yaml\)$/,
      ),
    ]);
  });

  it("a fragment's records take only the fragment's own defaults, never the including zone's (issue 33)", async () => {
    const root = repo({
      'shared/dkim.yaml':
        'version: 1\ndefaults: { ttl: 3600 }\nrecords:\n  - { name: s1._domainkey, type: CNAME, content: s1.dkim.example.net }\n',
      'shared/bare.yaml': 'version: 1\nrecords:\n  - { name: web2, type: A, content: 192.0.2.2 }\n',
      'zones/a.com.yaml':
        'version: 1\nzone: a.com\ndefaults: { ttl: 300, proxied: true }\ninclude: [../shared/dkim.yaml, ../shared/bare.yaml]\nrecords:\n  - { name: www, type: A, content: 192.0.2.1 }\n',
    });
    const files = await load(root, ['zones/a.com.yaml']);
    expect(files[0].problems.filter((p) => p.severity === 'error')).toEqual([]);
    expect(files[0].config?.records.map((r) => [r.record.name, r.record.type, r.record.ttl, r.record.proxied])).toEqual([
      ['www.a.com', 'A', 1, true], // the zone's own record: its defaults (proxied, so TTL auto)
      ['s1._domainkey.a.com', 'CNAME', 3600, false], // the fragment's ttl; proxied: the built-in false
      ['web2.a.com', 'A', 1, false], // no defaults in the fragment: the built-ins (ttl auto, proxied false)
    ]);
  });

  it('a record written both in the zone and in a fragment is a duplicate error that names both places', async () => {
    const root = repo({
      'shared/mail.yaml': MAIL,
      'zones/a.com.yaml': zone('a.com', '../shared/mail.yaml', '  - { name: "@", type: MX, content: mx1.example.net., priority: 10 }'),
    });
    const got = lines(await load(root, ['zones/a.com.yaml']), root).filter((l) => !l.includes(': warning: '));
    expect(got).toHaveLength(1);
    expect(got[0]).toMatch(
      /^shared\/mail\.yaml:4:5 records\[0\]: duplicate record: MX a\.com with the same value is already at records\[0\] \(.*zones\/a\.com\.yaml line 5\)/,
    );
  });

  it.each([
    ['an absolute path', '/etc/passwd', /cannot include "\/etc\/passwd": absolute paths are not allowed/],
    ['a path above the repository root', '../../outside.yaml', /leads outside the repository/],
    ['a missing file', '../shared/none.yaml', /cannot include "..\/shared\/none.yaml": file not found/],
  ])('%s is refused at the include entry', async (_what, entry, message) => {
    const root = repo({ 'zones/a.com.yaml': zone('a.com', JSON.stringify(entry)) });
    writeFileSync(join(dirname(root), 'outside.yaml'), 'version: 1\nrecords: []\n');
    const got = lines(await load(root, ['zones/a.com.yaml']), root);
    expect(got).toHaveLength(1);
    expect(got[0]).toMatch(/^zones\/a\.com\.yaml:3:\d+ include\[0\]: /);
    expect(got[0]).toMatch(message);
  });

  it('a symlink inside the repository that leads out of it is refused', async () => {
    const outside = tempDir('outside');
    writeFileSync(join(outside, 'frag.yaml'), 'version: 1\nrecords: [{ name: x, type: A, content: 192.0.2.9 }]\n');
    const root = repo({ 'zones/a.com.yaml': zone('a.com', '../shared/link.yaml') });
    mkdirSync(join(root, 'shared'));
    symlinkSync(join(outside, 'frag.yaml'), join(root, 'shared/link.yaml'));
    const got = lines(await load(root, ['zones/a.com.yaml']), root);
    expect(got).toHaveLength(1);
    expect(got[0]).toMatch(/include\[0\]: .*a symlink leads outside the repository/);
  });

  it('cycles and repeats are errors', async () => {
    const root = repo({
      'shared/x.yaml': 'version: 1\ninclude: [y.yaml]\n',
      'shared/y.yaml': 'version: 1\ninclude: [x.yaml]\n',
      'shared/z.yaml': 'version: 1\nrecords: [{ name: z, type: A, content: 192.0.2.3 }]\n',
      'zones/a.com.yaml': zone('a.com', '../shared/x.yaml'),
      'zones/b.com.yaml': zone('b.com', '../shared/z.yaml, ../shared/../shared/z.yaml'),
    });
    const got = lines(await load(root, ['zones/a.com.yaml', 'zones/b.com.yaml']), root);
    expect(got).toHaveLength(2);
    expect(got[0]).toMatch(
      /^shared\/y\.yaml:2:\d+ include\[0\]: include cycle: .*shared\/x\.yaml includes, directly or through other fragments, .*shared\/y\.yaml \(in fragment .*y\.yaml, included by .*a\.com\.yaml\)/,
    );
    expect(got[1]).toMatch(
      /^zones\/b\.com\.yaml:3:\d+ include\[1\]: .*shared\/z\.yaml is already included \(by .*b\.com\.yaml\); include each fragment once/,
    );
  });

  it('a zone file cannot be included as a fragment', async () => {
    const root = repo({ 'zones/b.com.yaml': zone('b.com', 'a.com.yaml'), 'zones/a.com.yaml': 'version: 1\nzone: a.com\n' });
    const got = lines(await load(root, ['zones/b.com.yaml']), root);
    expect(got).toEqual([expect.stringMatching(/include\[0\]: .*a\.com\.yaml is a zone or account file .*not a fragment/)]);
  });
});

describe('zonectl validate of a fragment alone', () => {
  const runCli = (args: string[]) => runValidateCli(args);
  afterEach(() => {
    process.exitCode = undefined;
  });

  it("says it is a fragment, checks its shape and values, and counts the zone's records from fragments", async () => {
    const root = repo({ 'shared/mail.yaml': MAIL, 'zones/a.com.yaml': zone('a.com', '../shared/mail.yaml') });
    const r = await runCli([join(root, 'shared/mail.yaml'), join(root, 'zones/a.com.yaml')]);
    expect(r.problems).toEqual([]);
    expect(r.out).toEqual([
      `${join(root, 'shared/mail.yaml')}: fragment (2 records); its shape and its records' values are valid; names and the rules between records are checked with each zone file that includes it`,
      `${join(root, 'zones/a.com.yaml')}: valid (3 records, 2 of them from 1 fragment)`,
    ]);
    expect(r.code).toBe(0);
  });

  // Issue 28: a fragment alone used to pass as "shape valid" with a record no zone could hold.
  it("checks its records' values: an address that is none, a bad TTL and TXT outside printable ASCII are errors at their lines", async () => {
    const root = repo({
      'shared/web.yaml': [
        'version: 1',
        'records:',
        '  - { name: www, type: A, content: 300.1.1.1 }',
        '  - { name: api, type: A, content: 192.0.2.1, ttl: 5 }',
        '  - { name: t, type: TXT, content: "café" }',
        '  - { name: ok, type: CNAME, content: c3 }',
        '',
      ].join('\n'),
    });
    const r = await runCli([join(root, 'shared/web.yaml')]);
    expect(r.code).toBe(1);
    const shown = r.problems.join('\n');
    expect(shown).toMatch(/web\.yaml:3:\d+ records\[0\]\.content: .*300\.1\.1\.1.* not an IPv4 address/);
    expect(shown).toMatch(/web\.yaml:4:\d+ records\[1\]\.ttl: ttl 5 is out of range/);
    expect(shown).toMatch(/web\.yaml:5:\d+ records\[2\]\.content: /);
    expect(shown).toMatch(/web\.yaml:6:\d+ records\[3\]\.content: warning: .*did you mean c3\.<zone>\?/);
    expect(shown).not.toMatch(/fragment\.invalid/);
  });

  it('a fragment with a field fragments do not have is an error at its line', async () => {
    const root = repo({ 'shared/bad.yaml': 'version: 1\nsettings: { ns_ttl: 3600 }\n' });
    const r = await runCli([join(root, 'shared/bad.yaml')]);
    expect(r.code).toBe(1);
    expect(r.problems.join('\n')).toMatch(/bad\.yaml:2:1 settings: unknown field `settings`/);
  });
});

describe('lint of a zone with fragments', () => {
  it('a finding about a fragment record is placed in the fragment', async () => {
    const root = repo({
      'shared/spf.yaml': 'version: 1\nrecords:\n  - { name: "@", type: TXT, content: "v=spf1 +all" }\n',
      'zones/a.com.yaml': zone('a.com', '../shared/spf.yaml'),
    });
    const [loaded] = await load(root, ['zones/a.com.yaml']);
    if (!loaded.config) throw new Error(lines([loaded], root).join('\n'));
    const found = lintZone(loaded.config).filter((p) => p.code === 'lint.spf-permissive-all');
    expect(found.map((p) => [p.file, p.line])).toEqual([[join(root, 'shared/spf.yaml'), 3]]);
  });
});

describe('the published schema describes include and fragments', () => {
  const schema = JSON.parse(readFileSync(SCHEMA_FILE, 'utf8')) as Record<string, unknown>;
  const ajv = new Ajv2020({ strict: false, allowUnionTypes: true });
  const valid = ajv.compile(schema);
  it.each([
    ['a zone file with include', { version: 1, zone: 'a.com', include: ['../shared/mail.yaml'] }, true],
    [
      'a fragment',
      {
        version: 1,
        include: ['caa.yaml'],
        defaults: { ttl: 3600 },
        records: [{ name: '@', type: 'MX', content: 'mx.example.net', priority: 10 }],
        manage: { ignore: [{ type: 'CNAME', content: '*.acm-validations.aws' }] },
      },
      true,
    ],
    ['a fragment with a zone-only field', { version: 1, settings: { ns_ttl: 3600 } }, false],
    ['a fragment with manage fields other than ignore', { version: 1, manage: { unmanaged: 'keep' } }, false],
    ['an include that is not a list of paths', { version: 1, zone: 'a.com', include: '../shared/mail.yaml' }, false],
  ])('%s: %s', (_what, doc, want) => {
    expect(valid(doc)).toBe(want);
  });
});
