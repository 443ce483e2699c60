/**
 * Hostile and broken zone files: alias bombs, deep nesting, bytes that are not UTF-8, control
 * characters in keys, files with thousands of problems. Each answer is a problem with a line,
 * never an exception, and the work done is bounded (counted here, not timed).
 */
import { describe, expect, it } from 'vitest';
import { formatProblem, type Problem, PROBLEM_LIMIT } from '../../../src/core/yaml/index.js';
import { parseZoneFile } from '../../../src/core/zonefile/index.js';
import { aliasBomb, manyBadRecords } from '../../fixtures/zonefile/hostile.js';
import { HEADER, errors, expectValid, load } from './helpers.js';

/** An environment that counts its reads: each `${X}` the interpolation visits reads it once. */
function countingEnv(): { env: Record<string, string | undefined>; reads: () => number } {
  let reads = 0;
  const env = new Proxy({} as Record<string, string | undefined>, {
    get(_target, _name) {
      reads += 1;
      return undefined;
    },
  });
  return { env, reads: () => reads };
}

function only(problems: readonly Problem[]): Problem {
  expect(problems.map(formatProblem)).toHaveLength(1);
  return problems[0];
}

describe('YAML alias bombs', () => {
  it('10 levels of 10 aliases (under an x- key the schema ignores) are refused at the line of the value that expands too far, without expanding them', () => {
    const text = aliasBomb(10);
    expect(text.length).toBeLessThan(1000);
    const counter = countingEnv();
    const { problems, config } = parseZoneFile({ path: 'zone.yaml', text }, counter.env);
    const p = only(problems);
    expect(config).toBeUndefined();
    expect(p.code).toBe('yaml.alias-bomb');
    expect(p.message).toMatch(
      /^YAML aliases expand too far: the file writes \d+ values but its aliases expand them to 12,345,679,\d{3} \(at most [\d,]+\)/,
    );
    // l5 (10^6 values) is the smallest value above the limit: line 3 is l0.
    expect(p.line).toBe(8);
    expect(counter.reads()).toBe(0); // refused before the ${VAR} walk
  });

  it.each(['records', 'tokens', 'settings', 'manage'])('is refused whatever key it sits under (%s)', (key) => {
    const p = only(load(aliasBomb(8, 10, key)).problems);
    expect(p.code).toBe('yaml.alias-bomb');
    expect(p.line).toBe(8);
  });

  it('a bomb of wide, shallow aliases is refused too', () => {
    const p = only(load(aliasBomb(3, 400)).problems);
    expect(p.code).toBe('yaml.alias-bomb');
  });

  it('ordinary use of aliases (a shared tag list on many records) is fine, and visited once per use', () => {
    const records = Array.from({ length: 500 }, (_, i) => `  - { name: h${i}, type: A, content: 192.0.2.${i % 250}, tags: *tags }`);
    const text = `${HEADER}x-tags: &tags ["team:\${ZONECTL_TEAM:-web}", "env:prod"]\nrecords:\n${records.join('\n')}\n`;
    const counter = countingEnv();
    const { problems, config } = parseZoneFile({ path: 'zone.yaml', text }, counter.env);
    expect(errors(problems)).toEqual([]);
    expect(config?.records[499].record.tags).toEqual(['env:prod', 'team:web']);
    expect(counter.reads()).toBe(501); // the anchor and each of its 500 uses
  });
});

describe('deep nesting', () => {
  it('nesting deeper than 64 levels is one problem with its line', () => {
    const text = `${HEADER}x-deep: ${'['.repeat(70)}${']'.repeat(70)}\n`;
    const p = only(load(text).problems);
    expect(p.code).toBe('yaml.depth');
    expect(p.line).toBe(3);
    expect(p.message).toMatch(/YAML nesting is deeper than 64 levels/);
  });

  it('10,000 levels: still one problem, no stack overflow', () => {
    const p = only(load(`${HEADER}x-deep: ${'['.repeat(10_000)}\n`).problems);
    expect(p.code).toBe('yaml.depth');
  });
});

describe('text that is not UTF-8', () => {
  it('a byte that was not UTF-8 (decoded as U+FFFD) is an error naming its line and column', () => {
    const bytes = Buffer.concat([
      Buffer.from(`${HEADER}records:\n  - { name: "@", type: TXT, content: "a`),
      Buffer.from([0xff]),
      Buffer.from('" }\n'),
    ]);
    const p = only(load(bytes.toString('utf8')).problems);
    expect(p).toMatchObject({ code: 'file.utf8', line: 4, col: 40 });
    expect(p.message).toMatch(/not valid UTF-8/);
  });

  it('its line is counted as YAML counts lines, a lone CR ending one (as js-yaml does for every other problem)', () => {
    // Lines ended by CR alone (as old Mac editors wrote them), then a line of the same file js-yaml refuses.
    const head = `${HEADER}records:\n  - { name: "@", type: TXT, content: "a`.replace(/\n/g, '\r');
    const bytes = Buffer.concat([Buffer.from(head), Buffer.from([0xff]), Buffer.from('" }\r')]);
    expect(only(load(bytes.toString('utf8')).problems)).toMatchObject({ code: 'file.utf8', line: 4, col: 40 });
    // js-yaml puts a syntax error on that same line 4 (a `}` too many after the record).
    expect(only(load(`${head}" }}\r`).problems)).toMatchObject({ code: 'yaml.syntax', line: 4, col: 43 });
    // CRLF counts once.
    const crlf = Buffer.concat([Buffer.from(head.replace(/\r/g, '\r\n')), Buffer.from([0xff])]);
    expect(only(load(crlf.toString('utf8')).problems)).toMatchObject({ code: 'file.utf8', line: 4, col: 40 });
  });
});

describe('control characters never reach a problem line raw', () => {
  it('a key that tries to forge another problem line is shown escaped, on one line', () => {
    const text = `${HEADER}records:\n  - { name: "@", type: A, content: 192.0.2.1, "a\\nb.yaml:1:1 forged": 1 }\n`;
    const lines = load(text).problems.map(formatProblem);
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) {
      expect(line).not.toMatch(/[\u0000-\u001f\u007f]/);
      expect(line.startsWith('zone.yaml:')).toBe(true);
    }
    expect(lines.join('\n')).toContain('a\\nb.yaml:1:1 forged');
  });

  it('control characters in values and in the file name are escaped as well', () => {
    const { problems } = parseZoneFile(
      { path: 'evil\r\nname.yaml', text: `${HEADER}records:\n  - { name: "a\\u001b[2Jb", type: A, content: 192.0.2.1 }\n` },
      {},
    );
    const lines = problems.map(formatProblem);
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) {
      expect(line).not.toMatch(/[\u0000-\u001f]/);
      expect(line.startsWith('evil\\r\\nname.yaml:')).toBe(true);
    }
  });
});

describe('files with thousands of problems', () => {
  it(`keeps the first ${PROBLEM_LIMIT} problems sorted by line and counts the rest (rule errors)`, () => {
    const n = 5000;
    const { problems, config } = load(manyBadRecords(n));
    expect(config).toBeUndefined();
    expect(problems).toHaveLength(PROBLEM_LIMIT + 1);
    const kept = problems.slice(0, PROBLEM_LIMIT);
    expect(kept.map((p) => p.line)).toEqual(Array.from({ length: PROBLEM_LIMIT }, (_, i) => 4 + i));
    const closing = problems[PROBLEM_LIMIT];
    expect(closing.code).toBe('problems.omitted');
    expect(closing.omitted).toEqual({ errors: n - PROBLEM_LIMIT, warnings: 0, complete: true });
    expect(closing.message).toMatch(/^4000 more problems not listed/);
  });

  it('schema errors: stops looking after the limit and says that there are at least that many', () => {
    const n = 3000;
    const lines = Array.from({ length: n }, (_, i) => `  - { name: h${i}, type: A, contnet: 192.0.2.1 }`);
    const { problems } = load(`${HEADER}records:\n${lines.join('\n')}\n`);
    const closing = problems[problems.length - 1];
    expect(closing.omitted?.complete).toBe(false);
    expect(closing.message).toMatch(/^checking stopped after 1000 problems: the records and tokens after this point were not checked/);
    expect(problems.length).toBeLessThanOrEqual(PROBLEM_LIMIT + 1);
    expect(problems[0]).toMatchObject({ line: 4, path: 'records[0].contnet' });
  });

  it('a valid file is unaffected by the limit', () => {
    const lines = Array.from({ length: 2000 }, (_, i) => `  - { name: h${i}, type: A, content: 192.0.2.${i % 250} }`);
    expect(expectValid(`${HEADER}records:\n${lines.join('\n')}\n`).records).toHaveLength(2000);
  });
});
