/**
 * The codeowners session in process (src/app/codeowners/session.ts): a repository on disk
 * (zonectl.yaml with `owners:`, zone files) and a recording output instead of a terminal.
 * Codeowners calls no API (its request has no connection) and writes nothing: it returns the
 * CODEOWNERS lines, with `check` the lines a CODEOWNERS file lacks; a zonectl.yaml it cannot
 * read tells its problem (file, line, field) and is refused with CODEOWNERS.
 */
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ZonectlError } from '../../../src/core/errors.js';
import { runCodeowners, type CodeownersEvent, type CodeownersRequest } from '../../../src/app/codeowners/index.js';
import { tempDir } from '../../support/temp-dir.js';

function recording(): { events: CodeownersEvent[]; emit(event: CodeownersEvent): void } {
  const events: CodeownersEvent[] = [];
  return { events, emit: (event) => void events.push(event) };
}

const OWNERS =
  'version: 1\nowners:\n  web:\n    files: ["zones/**"]\n    codeowners: ["@acme/web"]\n  payments:\n    files: ["payments/**"]\n    codeowners: ["@acme/payments"]\n';

describe('the codeowners session in process', () => {
  const repo = (config: string): { root: string; request: (more?: Partial<CodeownersRequest>) => CodeownersRequest } => {
    const root = tempDir('codeowners-session');
    writeFileSync(join(root, 'zonectl.yaml'), config);
    for (const dir of ['zones', 'payments', 'other']) mkdirSync(join(root, dir));
    writeFileSync(join(root, 'zones', 'example.com.yaml'), 'version: 1\nzone: example.com\nrecords: []\n');
    writeFileSync(join(root, 'payments', 'pay.example.yaml'), 'version: 1\nzone: pay.example\nrecords: []\n');
    writeFileSync(join(root, 'other', 'nobody.example.yaml'), 'version: 1\nzone: nobody.example\nrecords: []\n');
    return { root, request: (more = {}) => ({ paths: [], config: join(root, 'zonectl.yaml'), env: {}, ...more }) };
  };

  it("each team's files get their owners' line; a file of no team is told in a note; nothing is written", async () => {
    const { root, request } = repo(OWNERS);
    const before = readdirSync(root).sort();
    const out = recording();
    const result = await runCodeowners(request(), out);
    expect(result.missing).toBeUndefined();
    expect(result.lines.filter((l) => l.startsWith('/'))).toEqual([
      '/payments/pay.example.yaml @acme/payments',
      '/zones/example.com.yaml @acme/web',
    ]);
    expect(out.events).toEqual([{ kind: 'note', text: '1 file(s) belong to no team and get no line: other/nobody.example.yaml' }]);
    expect(readdirSync(root).sort()).toEqual(before);
  });

  it('check: the lines a CODEOWNERS file lacks', async () => {
    const { root, request } = repo(OWNERS);
    const codeowners = join(root, 'CODEOWNERS');
    writeFileSync(codeowners, '* @acme/platform\n/zones/example.com.yaml @acme/web\n');
    const result = await runCodeowners(request({ check: codeowners }), recording());
    expect(result.missing).toEqual(['/payments/pay.example.yaml @acme/payments']);
    writeFileSync(codeowners, `* @acme/platform\n${result.lines.join('\n')}\n`);
    expect((await runCodeowners(request({ check: codeowners }), recording())).missing).toEqual([]);
  });

  it('a zonectl.yaml with a bad owners entry: its problem names file, line and field, and the run is refused', async () => {
    const { root, request } = repo('version: 1\nowners:\n  web:\n    files: ["zones/**"]\n    codeowners: 42\n');
    const out = recording();
    const refused = await runCodeowners(request(), out).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ZonectlError);
    expect((refused as ZonectlError).code).toBe('CODEOWNERS');
    expect((refused as ZonectlError).message).toBe(`${join(root, 'zonectl.yaml')} is not valid`);
    const problems = out.events.flatMap((e) => (e.kind === 'problem' ? [e.problem] : []));
    expect(problems.filter((p) => p.severity === 'error').map((p) => [p.file, p.line, p.path])).toEqual([
      [join(root, 'zonectl.yaml'), 5, 'owners.web.codeowners'],
    ]);
  });
});
