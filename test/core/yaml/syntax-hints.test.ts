/**
 * A record appended after `records: []` (issue 33 item 7): the syntax error names the file, the
 * line of the item and the line of `records: []`, and says to remove the `[]`.
 */
import { describe, expect, it } from 'vitest';
import { formatProblem } from '../../../src/core/yaml/index.js';
import { parseZoneFile } from '../../../src/core/zonefile/index.js';

const head = 'version: 1\nzone: example.com\n';
const problemsOf = (text: string): string[] => parseZoneFile({ path: 'zones/example.com.yaml', text }, {}).problems.map(formatProblem);

describe('a YAML syntax error after `key: []`', () => {
  it.each([
    ['indented under it', `${head}records: []\n  - { name: www, type: A, content: 192.0.2.1 }\n`, 4, 3],
    [
      'at the key’s column, after a blank line and a comment',
      `${head}records: []   # none\n\n# web\n- { name: www, type: A, content: 192.0.2.1 }\n`,
      6,
      1,
    ],
    // Lines as js-yaml counts them (the error's line): CRLF once, a lone CR (old Mac files) too.
    ['with CRLF line ends', `${head}records: []\n  - { name: www, type: A, content: 192.0.2.1 }\n`.replace(/\n/g, '\r\n'), 4, 3],
    ['with lines ended by CR alone', `${head}records: []\n  - { name: www, type: A, content: 192.0.2.1 }\n`.replace(/\n/g, '\r'), 4, 3],
  ])('%s: the error at the item hints at removing `[]`, naming the line of `records: []`', (_, text, line, col) => {
    const problems = problemsOf(text);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(new RegExp(`^zones/example\\.com\\.yaml:${line}:${col}: YAML syntax error: `));
    expect(problems[0]).toContain(
      '`records: []` on line 3 is an empty list, which cannot take `- ` items: remove the `[]` (write `records:`)',
    );
  });

  it('removing the `[]` as the hint says makes the file valid', () => {
    const fixed = parseZoneFile({ path: 'z.yaml', text: `${head}records:\n  - { name: www, type: A, content: 192.0.2.1 }\n` }, {});
    expect(fixed.problems).toEqual([]);
    expect(fixed.config?.records).toHaveLength(1);
  });

  it('no such hint for other syntax errors, nor for an item under a key that is not `[]`', () => {
    for (const text of [
      `${head}records:\n  - { name: www, type: A content: 192.0.2.1 }\n`,
      `${head}tokens: [ ]\nrecords: [x\n`,
      `${head}settings: {}\n  - { name: www, type: A, content: 192.0.2.1 }\n`,
    ]) {
      const problems = problemsOf(text);
      expect(problems.length, text).toBeGreaterThan(0);
      for (const p of problems) expect(p).not.toContain('remove the `[]`');
    }
  });
});
