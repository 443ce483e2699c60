/** BIND import and export: a realistic zone (golden), the service's own export form, the CLI. */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseRecordAttributes, formatRecordAttributes } from '../../../src/core/bind/cf-tags.js';
import { importBindZone } from '../../../src/core/bind/import-zone.js';
import { parseMasterFile } from '../../../src/core/bind/parse-master-file.js';
import { renderExportYaml } from '../../../src/core/export/render-export.js';
import { parseZoneFile } from '../../../src/core/zonefile/index.js';
import { runCli } from '../../support/run-cli.js';
import { tempDir } from '../../support/temp-dir.js';

const fixture = (name: string): string => readFileSync(join(__dirname, '..', '..', 'fixtures', 'bind', name), 'utf8');

describe('BIND import', () => {
  it('a realistic zone imports to the expected zone file, reporting what it cannot import by line', () => {
    const result = importBindZone(fixture('realistic.zone'), { zone: 'example.com', soa: true, proxied: false });
    expect(renderExportYaml(result.export, { schemaRef: 'zone.schema.json' })).toBe(fixture('realistic.expected.yaml'));
    expect(result.problems.map((p) => p.line)).toEqual([36, 37, 38]);
    expect(result.imported).toBe(21);
    const loaded = parseZoneFile({ path: 'out.yaml', text: fixture('realistic.expected.yaml') }, {});
    expect(loaded.problems.filter((p) => p.severity === 'error')).toEqual([]);
  });

  it('without --soa the SOA goes into a comment, not into settings', () => {
    const result = importBindZone(fixture('realistic.zone'), { zone: 'example.com', soa: false, proxied: false });
    expect(result.export.file.settings).toBeUndefined();
    expect(renderExportYaml(result.export, { schemaRef: 's' })).toMatch(
      /# SOA in the imported file \(not applied; import with --soa.*"refresh":7200/,
    );
  });

  it("reads the service's own export: the SOA owner without a dot, cf_tags comments, tags, proxied and flatten_cname", () => {
    const result = importBindZone(fixture('cloudflare-export.zone'), { zone: 'example.com', soa: true, proxied: false });
    expect(result.problems).toEqual([]);
    expect(result.export.file.settings).toEqual({
      soa: {
        mname: 'ada.ns.cloudflare.com',
        rname: 'dns.cloudflare.com',
        refresh: 10000,
        retry: 2400,
        expire: 604800,
        min_ttl: 3600,
        ttl: 3600,
      },
    });
    const byName = Object.fromEntries(result.export.file.records.map((r) => [`${r.name} ${r.type}`, r]));
    expect(byName['@ A']).toMatchObject({ content: '192.0.2.2', proxied: true });
    expect(byName['auth A']).toMatchObject({ comment: 'authentication dash', proxied: true });
    expect(byName['tagged A']).toMatchObject({ tags: ['tag1', 'tag2:value2', 'tag3:value,with,commas'], ttl: 60 });
    expect(byName['noted A']).toMatchObject({ comment: 'this comment contains cf_tags= as text' });
    expect(byName['a CNAME']).toMatchObject({ content: 'example.net', tags: ['test:1'], settings: { flatten_cname: true } });
    expect(byName['www CNAME']).toMatchObject({ content: 'example.com' });
    expect(byName['plain A'].ttl).toBe(300);
    const yaml = renderExportYaml(result.export, { schemaRef: 's' });
    expect(yaml).toContain('apex NS ada.ns.cloudflare.com, bob.ns.cloudflare.com');
  });

  it('parses the master file forms: parentheses, escapes, TTL units, class and TTL in either order, inherited owner', () => {
    const parsed = parseMasterFile(
      '$ORIGIN example.net.\n$TTL 2h\na IN 1d A 192.0.2.1\n  AAAA ::1\nt 1h30m TXT ( "x\\065" \n "y" ) ; c\n',
      'example.net',
    );
    expect(parsed.problems).toEqual([]);
    expect(parsed.records.map((r) => [r.owner, r.ttl, r.type, r.line])).toEqual([
      ['a.example.net', 86400, 'A', 3],
      ['a.example.net', 7200, 'AAAA', 4],
      ['t.example.net', 5400, 'TXT', 5],
    ]);
    expect(new TextDecoder().decode(parsed.records[2].rdata[0].bytes)).toBe('xA');
    expect(parsed.records[2].comment).toBe('c');
    expect(parseMasterFile('a A "unclosed\n', 'x').problems).toEqual([{ line: 1, message: 'a quoted string is not closed' }]);
    expect(parseMasterFile('a TXT ( "x"\n', 'x').problems).toEqual([{ line: 1, message: 'a "(" is not closed' }]);
  });

  it('cf_tags round-trip through the comment form', () => {
    const attrs = { comment: 'note with cf_tags= as text', tags: ['owner:ops, eu', 'bare'], proxied: true, flattenCname: false };
    const text = formatRecordAttributes(attrs);
    expect(text).toBe('note with cf_tags= as text cf_tags=owner:"ops, eu",bare,cf-proxied:true');
    expect(parseRecordAttributes(text)).toEqual(attrs);
    expect(parseRecordAttributes(formatRecordAttributes({ comment: 'has cf_tags= inside', tags: [], flattenCname: false }))).toEqual({
      comment: 'has cf_tags= inside',
      tags: [],
      flattenCname: false,
    });
  });
});

describe('zonectl import (CLI)', () => {
  it('writes a valid zone file, warns with file:line, and --strict fails on what it could not import', async () => {
    const dir = tempDir('import');
    const src = join(dir, 'old.zone');
    writeFileSync(src, fixture('realistic.zone'));
    const out = join(dir, 'zone.yaml');
    const ok = await runCli(['import', src, '--zone', 'example.com', '--out', out]);
    expect(ok.code).toBe(0);
    expect(ok.stderr).toContain(`${src}:37: warning: old.example.com SPF: type SPF is not one zonectl manages: not imported`);
    expect(ok.stderr).toMatch(/21 record\(s\) imported, 3 warning\(s\)/);
    expect((await runCli(['validate', out])).code).toBe(0);
    const strict = await runCli(['import', src, '--zone', 'example.com', '--out', join(dir, 'strict.yaml'), '--strict']);
    expect(strict.code).toBe(1);
    const again = await runCli(['import', src, '--zone', 'example.com', '--out', out]);
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/exists; zonectl import does not overwrite/);
  });
  it('a record zonectl refuses: exit 1 and nothing written; --force edits the existing file, its comments kept', async () => {
    const dir = tempDir('import');
    const src = join(dir, 'old.zone');
    writeFileSync(src, '$ORIGIN example.com.\n$TTL 3600\nwww IN A 192.0.2.10\nbad IN A 999.0.0.1\n');
    const out = join(dir, 'zone.yaml');
    const refused = await runCli(['import', src, '--zone', 'example.com', '--out', out]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`nothing was written to ${out}`);
    expect(existsSync(out)).toBe(false);
    writeFileSync(src, '$ORIGIN example.com.\n$TTL 3600\nwww IN A 192.0.2.10\n');
    const kept =
      'version: 1\nzone: example.com\nrecords:\n  # the website\n  - { name: www, type: A, content: 192.0.2.1, ttl: 3600 }   # origin\n';
    writeFileSync(out, kept);
    const edited = await runCli(['import', src, '--zone', 'example.com', '--out', out, '--force']);
    expect(edited.code, edited.stderr).toBe(0);
    expect(readFileSync(out, 'utf8')).toBe(kept.replace('192.0.2.1,', '192.0.2.10,'));
  });
});
