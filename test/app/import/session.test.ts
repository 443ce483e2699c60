/**
 * The import session in process (src/app/import/session.ts): another tool's files on disk and a
 * recording output instead of a terminal. Import calls no API (its request has no connection).
 * A BIND zone file becomes a zone file that zonectl loads, a line it cannot take is a warning
 * naming file and line (and the import is not complete), and an existing output is refused
 * before anything is written. An import whose result zonectl refuses writes nothing (no zone
 * file, no schema); `--force` over a zone file that exists edits it through the editor, as
 * `import --from ... --force` does, its comments and layout kept.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ZonectlError } from '../../../src/core/errors.js';
import { parseZoneFile } from '../../../src/core/zonefile/index.js';
import { runImport, type ImportEvent, type ImportRequest } from '../../../src/app/import/index.js';
import { tempDir } from '../../support/temp-dir.js';

function recording(): { events: ImportEvent[]; emit(event: ImportEvent): void; texts(kind: 'note' | 'warning'): string[] } {
  const events: ImportEvent[] = [];
  return {
    events,
    emit: (event) => void events.push(event),
    texts: (kind) => events.flatMap((e) => (e.kind === kind ? [e.text] : [])),
  };
}

const BIND = (extra = ''): string =>
  ['$ORIGIN example.com.', '$TTL 3600', 'www IN A 192.0.2.10', 'mail 600 IN MX 10 mx.example.net.', extra, ''].join('\n');

describe('the import session in process', () => {
  const setup = (bind: string): { source: string; out: string; request: (more?: Partial<ImportRequest>) => ImportRequest } => {
    const dir = tempDir('import-session');
    const source = join(dir, 'example.com.zone');
    writeFileSync(source, bind);
    const out = join(dir, 'example.com.yaml');
    return {
      source,
      out,
      request: (more = {}) =>
        ({
          from: 'bind',
          file: source,
          zone: 'example.com',
          out,
          soa: false,
          proxied: false,
          force: false,
          version: '0.0.0-test',
          ...more,
        }) as ImportRequest,
    };
  };

  it('a BIND file: written as a zone file zonectl loads with every record, and counted in a note', async () => {
    const { source, out, request } = setup(BIND());
    const rec = recording();
    expect(await runImport(request(), rec)).toEqual({ valid: true, complete: true });
    expect(rec.events.filter((e) => e.kind !== 'note')).toEqual([]);
    expect(rec.texts('note')).toContain(`${source}: 2 record(s) imported, 0 warning(s)`);
    const { config, problems } = parseZoneFile({ path: out, text: readFileSync(out, 'utf8') }, {});
    expect(problems.filter((p) => p.severity === 'error')).toEqual([]);
    expect(config?.zone).toBe('example.com');
    expect(config?.records.map(({ record: r }) => [r.name, r.type, r.content, r.ttl]).sort()).toEqual([
      ['mail.example.com', 'MX', 'mx.example.net', 600],
      ['www.example.com', 'A', '192.0.2.10', 3600],
    ]);
  });

  it('a line it cannot take: a warning naming file and line, the rest imported, the import not complete', async () => {
    const { source, out, request } = setup(BIND('other.example.org. IN A 192.0.2.1'));
    const rec = recording();
    expect(await runImport(request(), rec)).toEqual({ valid: true, complete: false });
    const warnings = rec.texts('warning');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(new RegExp(`^${source.replace(/[.]/g, '\\.')}:5: warning: `));
    expect(rec.texts('note')).toContain(`${source}: 2 record(s) imported, 1 warning(s)`);
    expect(warnings[0]).toMatch(/other\.example\.org.* is outside the zone example\.com: not imported$/);
    // The file keeps what was left out as a comment, and only the zone's records.
    const text = readFileSync(out, 'utf8');
    expect(text).toContain('#   line 5: other.example.org is outside the zone example.com: not imported');
    const { config } = parseZoneFile({ path: out, text }, {});
    expect(config?.records.map(({ record: r }) => r.name).sort()).toEqual(['mail.example.com', 'www.example.com']);
  });

  it('a record zonectl refuses: its problem names the written file, line and field, and the result is not valid', async () => {
    const { out, request } = setup(BIND('bad IN A 999.0.0.1'));
    const rec = recording();
    expect(await runImport(request(), rec)).toEqual({ valid: false, complete: true });
    const problems = rec.events.flatMap((e) => (e.kind === 'problem' ? [e.problem] : []));
    expect(problems.filter((p) => p.severity === 'error').map((p) => [p.file, p.path, /999\.0\.0\.1/.test(p.message)])).toEqual([
      [out, expect.stringMatching(/^records\[\d\]\.content$/), true],
    ]);
    expect(problems[0]!.line).toBeGreaterThan(0);
  });

  it('an output file that exists: refused with OUTPUT_EXISTS, nothing told, the file untouched', async () => {
    const { out, request } = setup(BIND());
    writeFileSync(out, 'mine\n');
    const rec = recording();
    const refused = await runImport(request(), rec).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ZonectlError);
    expect((refused as ZonectlError).code).toBe('OUTPUT_EXISTS');
    expect((refused as ZonectlError).message).toBe(
      `${out} exists; zonectl import does not overwrite a zone file (use --force, or another --out)`,
    );
    expect(rec.events).toEqual([]);
    expect(readFileSync(out, 'utf8')).toBe('mine\n');
  });
  it('a record zonectl refuses: nothing is written, neither the zone file nor the repository schema', async () => {
    const { source, out, request } = setup(BIND('bad IN A 999.0.0.1'));
    const dir = join(out, '..');
    mkdirSync(join(dir, '.git'));
    const rec = recording();
    expect(await runImport(request(), rec)).toEqual({ valid: false, complete: true });
    expect(existsSync(out)).toBe(false);
    expect(readdirSync(dir).sort()).toEqual(['.git', 'example.com.zone']);
    expect(rec.texts('note').some((t) => t.startsWith('wrote'))).toBe(false);
    expect(rec.texts('note')).toContain(
      `${source}: 3 record(s) read, 0 warning(s), 1 error(s) in the result; nothing was written to ${out}`,
    );
  });

  it('a record zonectl refuses, to stdout: no zone text is printed', async () => {
    const { request } = setup(BIND('bad IN A 999.0.0.1'));
    const rec = recording();
    expect(await runImport(request({ out: undefined }), rec)).toEqual({ valid: false, complete: true });
    expect(rec.events.filter((e) => e.kind === 'zone-text')).toEqual([]);
  });

  it("--force over a zone file that exists: edited through the editor, its comments and the team's layout kept", async () => {
    const { out, request } = setup(BIND('api 300 IN A 192.0.2.7'));
    const kept = [
      '# Owned by the web team.',
      'version: 1',
      'zone: example.com',
      'records:',
      '  # the website',
      '  - { name: www, type: A, content: 192.0.2.1, ttl: 3600 }   # origin',
      '  - { name: old, type: A, content: 192.0.2.99, ttl: 3600 }',
      '',
    ].join('\n');
    writeFileSync(out, kept);
    const rec = recording();
    expect(await runImport(request({ force: true }), rec)).toEqual({ valid: true, complete: true });
    const text = readFileSync(out, 'utf8');
    expect(text).toContain('# Owned by the web team.');
    expect(text).toContain('# the website');
    expect(text).toContain('# origin');
    expect(text).toContain('192.0.2.10');
    expect(text).not.toContain('192.0.2.1,');
    expect(text).not.toContain('192.0.2.99');
    expect(text).not.toContain('Imported by zonectl');
    const { config, problems } = parseZoneFile({ path: out, text }, {});
    expect(problems.filter((p) => p.severity === 'error')).toEqual([]);
    expect(config?.records.map(({ record: r }) => [r.name, r.type, r.content, r.ttl]).sort()).toEqual([
      ['api.example.com', 'A', '192.0.2.7', 300],
      ['mail.example.com', 'MX', 'mx.example.net', 600],
      ['www.example.com', 'A', '192.0.2.10', 3600],
    ]);
    expect(rec.texts('note')).toContain(`wrote ${out}`);
  });

  it("--force over another zone's file: refused with EDIT_REFUSED, the file untouched", async () => {
    const { out, request } = setup(BIND());
    const other = 'version: 1\nzone: example.org\nrecords: []\n';
    writeFileSync(out, other);
    const refused = await runImport(request({ force: true }), recording()).catch((e: unknown) => e);
    expect((refused as ZonectlError).code).toBe('EDIT_REFUSED');
    expect(readFileSync(out, 'utf8')).toBe(other);
  });

  it('--force with a record zonectl refuses: the existing file untouched', async () => {
    const { out, request } = setup(BIND('bad IN A 999.0.0.1'));
    const kept = 'version: 1\nzone: example.com\nrecords:\n  - { name: www, type: A, content: 192.0.2.1 }\n';
    writeFileSync(out, kept);
    expect(await runImport(request({ force: true }), recording())).toEqual({ valid: false, complete: true });
    expect(readFileSync(out, 'utf8')).toBe(kept);
  });
});
