import { describe, expect, it } from 'vitest';
import { parseYaml } from '../../../src/core/yaml/index.js';
import { expectProblem, load } from '../zonefile/helpers.js';

describe('parseYaml positions', () => {
  const text = [
    '# comment',
    'version: 1',
    'zone: example.com',
    'records:',
    '  - { name: "@", type: A, content: 192.0.2.10 }',
    '  - name: www',
    '    type: CNAME',
    '    content:',
    '      example.com',
    '  -',
    '    name: x',
    'tokens:',
    '  - condition: { request.ip: { in: [192.0.2.0/24, "2001:db8::/32"] } }',
  ].join('\n');
  const r = parseYaml(text);
  if (!r.ok) throw new Error('parse failed');

  it.each([
    [['version'], 2, 10],
    [['records'], 5, 3],
    [['records', 0], 5, 5],
    [['records', 0, 'content'], 5, 36],
    [['records', 1], 6, 5],
    [['records', 1, 'type'], 7, 11],
    [['records', 1, 'content'], 9, 7],
    [['records', 2, 'name'], 11, 11],
    [['tokens', 0, 'condition', 'request.ip', 'in', 1], 13, 51],
  ] as const)('%j is at %i:%i', (path, line, col) => {
    expect(r.positions.positionOf(path)).toEqual({ line, col });
  });

  // YAML ends a line at CRLF, LF or a lone CR (YAML 1.2.2, 5.4, https://yaml.org/spec/1.2.2/#54-line-break-characters),
  // and js-yaml counts lines so: a file with CR line ends (old Mac editors) gets the same positions.
  it.each([
    ['CRLF', '\r\n'],
    ['CR alone', '\r'],
  ])('with lines ended by %s, every position is the same', (_, end) => {
    const other = parseYaml(text.replace(/\n/g, end));
    if (!other.ok) throw new Error('parse failed');
    for (const path of [
      ['version'],
      ['records'],
      ['records', 0],
      ['records', 1, 'type'],
      ['records', 1, 'content'],
      ['records', 2, 'name'],
    ])
      expect(other.positions.positionOf(path), JSON.stringify(path)).toEqual(r.positions.positionOf(path));
    expect(other.positions.keyPositionOf(['records', 1, 'content'])).toEqual({ line: 8, col: 5 });
    // A block value below a comment line and a blank line.
    const below = parseYaml(['a:', '  # c', '', '  - x', ''].join(end));
    expect(below.ok && below.positions.positionOf(['a'])).toEqual({ line: 4, col: 3 });
    // A block scalar ends at the line break before a key that starts with a colon (simple-yaml.test.ts).
    const scalar = parseYaml(['a: |', '  a', ':t: 1', ''].join(end));
    expect(scalar.ok && scalar.positions.positionOf([':t'])).toEqual({ line: 3, col: 5 });
  });

  it('keys have their own position', () => {
    expect(r.positions.keyPositionOf(['records', 1, 'content'])).toEqual({ line: 8, col: 5 });
  });

  it('itemPositionsOf gives every item of a list its positionOf, in one pass', () => {
    expect(r.positions.itemPositionsOf(['records'])).toEqual([0, 1, 2].map((i) => r.positions.positionOf(['records', i])));
    expect(r.positions.itemPositionsOf(['tokens', 0, 'condition', 'request.ip', 'in'])).toEqual([
      { line: 13, col: 37 },
      { line: 13, col: 51 },
    ]);
    expect(r.positions.itemPositionsOf(['version'])).toBeUndefined();
    expect(r.positions.itemPositionsOf(['nope'])).toBeUndefined();
  });

  it('an unknown path falls back to its nearest ancestor', () => {
    expect(r.positions.positionOf(['records', 0, 'nope'])).toEqual({ line: 5, col: 5 });
  });

  it('timestamps stay strings, on/off/yes stay strings (YAML 1.2 core schema)', () => {
    const p = parseYaml('a: 2026-01-01T00:00:00Z\nb: on\nc: yes\nd: 0x10\n');
    expect(p.ok && p.value).toEqual({ a: '2026-01-01T00:00:00Z', b: 'on', c: 'yes', d: 16 });
  });
});

describe('YAML errors become problems', () => {
  it('a syntax error has a line and column, no stack trace', () => {
    const { problems, config } = load('version: 1\nzone: example.com\nrecords:\n  - { name: a, type: A\n  - b\n');
    expect(config).toBeUndefined();
    expect(problems).toHaveLength(1);
    expect(problems[0].message).toMatch(/^YAML syntax error: /);
    expect(problems[0].message).not.toMatch(/\n\s+at /);
    expect(problems[0].line).toBeGreaterThanOrEqual(4);
  });

  it('a duplicate key is an error at its line', () => {
    const { problems } = load('version: 1\nzone: example.com\nzone: example.org\n');
    expectProblem(problems, { line: 3, message: /duplicated mapping key/ });
  });

  it('bad indentation', () => {
    const { problems } = load('version: 1\nzone: example.com\nrecords:\n  - name: a\n   type: A\n');
    expect(problems[0].code).toBe('yaml.syntax');
    expect(problems[0].line).toBe(5);
  });
});
