/**
 * The lint session in process (src/app/lint/session.ts): zone files on disk and a recording
 * output instead of a terminal. Lint calls no API (its request has no connection): it tells one
 * `file-linted` event per file, with the findings (file, line, field, check code) at the checks'
 * own severities, and fails on a file that does not load or a finding that is an error.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runLint, type LintEvent, type LintRequest } from '../../../src/app/lint/index.js';
import { tempDir } from '../../support/temp-dir.js';

function recording(): { events: LintEvent[]; emit(event: LintEvent): void } {
  const events: LintEvent[] = [];
  return { events, emit: (event) => void events.push(event) };
}

const ZONE = (records: string): string => `version: 1\nzone: example.com\nrecords:\n${records}`;

describe('the lint session in process', () => {
  const setup = (text: string): { file: string; request: (more?: Partial<LintRequest>) => LintRequest } => {
    const dir = tempDir('lint-session');
    const file = join(dir, 'example.com.yaml');
    writeFileSync(file, text);
    return { file, request: (more = {}) => ({ paths: [file], strict: false, env: {}, ...more }) };
  };

  it('a clean zone: one file-linted event, no errors, no findings; the run does not fail', async () => {
    const { file, request } = setup(ZONE('  - { name: "@", type: TXT, content: "v=spf1 mx -all" }\n'));
    const out = recording();
    const result = await runLint(request(), out);
    expect(result).toEqual({ failed: false, files: [{ path: file, zone: 'example.com', errors: [], findings: [] }] });
    expect(out.events).toEqual([{ kind: 'file-linted', file: result.files[0] }]);
  });

  it('findings keep their severities: a warning alone does not fail the run, strict makes it an error', async () => {
    const { file, request } = setup(ZONE('  - { name: "@", type: TXT, content: "v=spf1 mx +all" }\n'));
    const lenient = recording();
    expect((await runLint(request(), lenient)).failed).toBe(false);
    const findings = lenient.events[0]!.file.findings;
    expect(findings.map((p) => [p.severity, p.file, p.line, p.path])).toEqual([['warning', file, 4, 'records[0].content']]);
    expect(findings[0]!.message).toMatch(/\[SPF_PERMISSIVE_ALL\]$/);

    const strict = recording();
    expect((await runLint(request({ strict: true }), strict)).failed).toBe(true);
    expect(strict.events[0]!.file.findings.map((p) => p.severity)).toEqual(['error']);
  });

  it('an SPF error (permerror for every receiver) fails the run without strict', async () => {
    const { file, request } = setup(ZONE('  - { name: "@", type: TXT, content: "v=spf1 include: -all" }\n'));
    const out = recording();
    expect((await runLint(request(), out)).failed).toBe(true);
    expect(out.events[0]!.file.findings.map((p) => [p.severity, p.file, p.line, p.path, /\[SPF_SYNTAX\]$/.test(p.message)])).toEqual([
      ['error', file, 4, 'records[0].content', true],
    ]);
  });

  it('a file that does not load: its errors name file, line and field, it is not linted, and the run fails', async () => {
    const { file, request } = setup(
      ZONE('  - { name: "@", type: TXT, content: "v=spf1 mx +all" }\n  - { name: www, type: A, content: 999.0.0.1 }\n'),
    );
    const out = recording();
    const result = await runLint(request(), out);
    expect(result.failed).toBe(true);
    expect(out.events).toHaveLength(1);
    const [linted] = out.events.map((e) => e.file);
    expect(linted?.findings).toEqual([]);
    expect(linted?.errors.map((p) => [p.file, p.line, p.path])).toEqual([[file, 5, 'records[1].content']]);
  });
});
