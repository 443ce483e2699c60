/**
 * YAML 1.1 merge keys (`<<: *a`, `<<: [*a, *b]`) in zone files: merged like js-yaml's default
 * schema does (explicit keys win, earlier sources win over later), with each value's position at
 * the line that supplied it, and bounded like aliases.
 */
import { describe, expect, it } from 'vitest';
import { parseYaml } from '../../../src/core/yaml/index.js';
import { HEADER, expectProblem, expectValid, load } from '../zonefile/helpers.js';

const TEMPLATES = [
  'x-templates:',
  '  mx: &mx { type: MX, content: mx1.example.net, priority: 10, ttl: 300 }',
  '  slow: &slow { ttl: 3600, comment: slow }',
  '  fast: &fast { ttl: 60, comment: fast }',
].join('\n');

describe('YAML merge keys', () => {
  it('a record merged from an anchor is the record written out (explicit keys win)', () => {
    const config = expectValid(`${HEADER}${TEMPLATES}\nrecords:\n  - { <<: *mx, name: "@" }\n  - { <<: *mx, name: mail, priority: 20 }\n`);
    expect(config.records.map((r) => [r.record.name, r.record.type, r.record.content, r.record.priority, r.record.ttl])).toEqual([
      ['example.com', 'MX', 'mx1.example.net', 10, 300],
      ['mail.example.com', 'MX', 'mx1.example.net', 20, 300],
    ]);
  });

  it('an explicit key written before the merge key still wins', () => {
    const config = expectValid(`${HEADER}${TEMPLATES}\nrecords:\n  - priority: 30\n    <<: *mx\n    name: "@"\n`);
    expect(config.records[0].record.priority).toBe(30);
  });

  it('in a list of sources the earlier one wins', () => {
    const config = expectValid(
      `${HEADER}${TEMPLATES}\nrecords:\n  - { <<: [*fast, *slow], name: a, type: A, content: 192.0.2.1 }\n  - { <<: [*slow, *fast], name: b, type: A, content: 192.0.2.2 }\n`,
    );
    expect(config.records.map((r) => [r.record.ttl, r.record.comment])).toEqual([
      [60, 'fast'],
      [3600, 'slow'],
    ]);
  });

  it('a merged value that is wrong is reported at the anchor line that supplied it', () => {
    const text = `${HEADER}x-bad: &bad { type: A, content: not-an-address }\nrecords:\n  - { <<: *bad, name: www }\n`;
    expectProblem(load(text).problems, { line: 3, message: /not-an-address|IPv4/ });
  });

  it('positions of merged values point at the source mapping; explicit ones at their own line', () => {
    const text = ['base: &base', '  a: 1', '  b: 2', 'other: &other', '  b: 3', '  c: 4', 'item:', '  <<: [*base, *other]', '  a: 5'].join(
      '\n',
    );
    const r = parseYaml(text);
    if (!r.ok) throw new Error(r.message);
    expect(r.value).toMatchObject({ item: { a: 5, b: 2, c: 4 } });
    expect(r.positions.positionOf(['item', 'a'])).toEqual({ line: 9, col: 6 });
    expect(r.positions.positionOf(['item', 'b'])).toEqual({ line: 3, col: 6 });
    expect(r.positions.positionOf(['item', 'c'])).toEqual({ line: 6, col: 6 });
    expect(r.positions.keyPositionOf(['item', 'c'])).toEqual({ line: 6, col: 3 });
  });

  it('a merge inside a merged anchor is followed too', () => {
    const text = 'a: &a { x: 1 }\nb: &b { <<: *a, y: 2 }\nc: { <<: *b }\n';
    const r = parseYaml(text);
    if (!r.ok) throw new Error(r.message);
    expect(r.value).toMatchObject({ c: { x: 1, y: 2 } });
    expect(r.positions.positionOf(['c', 'x']).line).toBe(1);
    expect(r.positions.positionOf(['c', 'y']).line).toBe(2);
  });

  it('merging something that is not a mapping is a YAML error with a line', () => {
    const p = load(`${HEADER}x-list: &l [1, 2]\nrecords:\n  - { <<: *l, name: a, type: A, content: 192.0.2.1 }\n`).problems;
    expect(p).toHaveLength(1);
    expect(p[0]).toMatchObject({ code: 'yaml.syntax', line: 5 });
  });

  it('merge keys cannot multiply the work: nested merges of wide aliases are refused as an alias bomb', () => {
    const lines = [
      HEADER.trimEnd(),
      'x-bomb:',
      `  l0: &l0 { ${Array.from({ length: 10 }, (_, i) => `k${i}: [${Array(10).fill('"v"').join(', ')}]`).join(', ')} }`,
    ];
    for (let i = 1; i < 9; i += 1) {
      lines.push(`  l${i}: &l${i} { ${Array.from({ length: 10 }, (_, j) => `m${j}: { <<: *l${i - 1} }`).join(', ')} }`);
    }
    lines.push('records: [{ name: "@", type: A, content: 192.0.2.1 }]');
    const p = load(`${lines.join('\n')}\n`).problems;
    expect(p).toHaveLength(1);
    expect(p[0].code).toBe('yaml.alias-bomb');
  });
});
