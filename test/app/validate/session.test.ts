/**
 * The validate session in process (src/app/validate/session.ts): zone files on disk and a
 * recording output instead of a terminal. Validate calls no API (its request has no connection):
 * what it tells is one `file-checked` event per file, with the problems that name file, line and
 * path, and a result that says whether every file is valid.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runValidate, type ValidateEvent, type ValidateRequest } from '../../../src/app/validate/index.js';
import { tempDir } from '../../support/temp-dir.js';

function recording(): { events: ValidateEvent[]; emit(event: ValidateEvent): void } {
  const events: ValidateEvent[] = [];
  return { events, emit: (event) => void events.push(event) };
}

const ZONE = (records: string): string => `version: 1\nzone: example.com\nrecords:\n${records}`;

describe('the validate session in process', () => {
  const setup = (text: string): { file: string; request: (more?: Partial<ValidateRequest>) => ValidateRequest } => {
    const dir = tempDir('validate-session');
    const file = join(dir, 'example.com.yaml');
    writeFileSync(file, text);
    return { file, request: (more = {}) => ({ paths: [file], strict: false, env: {}, ...more }) };
  };

  it('a valid file: one file-checked event with the loaded zone and no problem; the run is valid', async () => {
    const { file, request } = setup(ZONE('  - { name: www, type: A, content: 192.0.2.10 }\n'));
    const out = recording();
    const result = await runValidate(request(), out);
    expect(result.valid).toBe(true);
    expect(out.events.map((e) => [e.kind, e.file.path, e.file.config?.zone, e.file.problems])).toEqual([
      ['file-checked', file, 'example.com', []],
    ]);
    expect(result.files).toEqual(out.events.map((e) => e.file));
    expect(result.lintErrors.size).toBe(0);
  });

  it('a bad address: the problem names file, line and field; the run is not valid', async () => {
    const { file, request } = setup(
      ZONE('  - { name: ok, type: A, content: 192.0.2.1 }\n  - { name: www, type: A, content: 999.0.0.1 }\n'),
    );
    const out = recording();
    const result = await runValidate(request(), out);
    expect(result.valid).toBe(false);
    expect(out.events).toHaveLength(1);
    const errors = out.events[0]!.file.problems.filter((p) => p.severity === 'error');
    expect(errors.map((p) => [p.file, p.line, p.path])).toEqual([[file, 5, 'records[1].content']]);
    expect(errors[0]!.message).toMatch(/999\.0\.0\.1/);
  });

  it('a lint finding is a warning (the run stays valid), and an error with strict', async () => {
    const { file, request } = setup(ZONE('  - { name: "@", type: TXT, content: "v=spf1 mx +all" }\n'));
    const lenient = recording();
    expect((await runValidate(request(), lenient)).valid).toBe(true);
    const [warned] = lenient.events[0]!.file.problems;
    expect([warned?.severity, warned?.file, warned?.line, warned?.path]).toEqual(['warning', file, 4, 'records[0].content']);
    expect(warned?.message).toMatch(/\[SPF_PERMISSIVE_ALL\]$/);

    const strict = recording();
    expect((await runValidate(request({ strict: true }), strict)).valid).toBe(false);
    expect(strict.events[0]!.file.problems.map((p) => p.severity)).toEqual(['error']);
  });
});
