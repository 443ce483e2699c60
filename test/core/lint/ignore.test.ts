/** src/core/lint/ignore.ts: `lint: { ignore: [...] }` silences lint checks by id, and only them (issue 33). */
import { describe, expect, it } from 'vitest';
import { checkLintIgnore, lintZone, withoutIgnored } from '../../../src/core/lint/index.js';
import { formatProblem, type Problem } from '../../../src/core/yaml/index.js';
import { parseRepoConfig, parseZoneFile, type LintIgnoreEntry } from '../../../src/core/zonefile/index.js';

const entry = (id: string, line = 3): LintIgnoreEntry => ({ id, file: 'z.yaml', line, col: 13, path: 'lint.ignore[0]' });

describe('lint.ignore', () => {
  it('a zone file silences the checks it names; the others still report', () => {
    const text =
      'version: 1\nzone: example.com\nlint: { ignore: [lint.spf-ptr] }\nrecords:\n  - { name: "@", type: TXT, content: "v=spf1 ptr -all" }\n  - { name: "*", type: A, content: 192.0.2.1 }\n';
    const { config, problems } = parseZoneFile({ path: 'z.yaml', text }, {});
    expect(problems).toEqual([]);
    expect(config?.lintIgnore).toEqual([{ id: 'lint.spf-ptr', file: 'z.yaml', line: 3, col: 18, path: 'lint.ignore[0]' }]);
    expect(lintZone(config!).map((p) => p.code)).toEqual(['lint.wildcard-apex']);
    // The repository's list (zonectl.yaml) adds to the zone's.
    expect(lintZone(config!, { ignore: [entry('lint.wildcard-apex')] })).toEqual([]);
  });

  it('an id that is no lint check is a warning at its line and silences nothing; a zone-file rule id says it is never silenced', () => {
    expect(checkLintIgnore([entry('lint.spf-ptr'), entry('lint.spf-pointer', 4), entry('record.duplicate', 5)]).map(formatProblem)).toEqual(
      [
        'z.yaml:4:13 lint.ignore[0]: warning: "lint.spf-pointer" is not a lint check id; use an id that `zonectl lint --list` shows (lint.spf-ptr) [IGNORE_UNKNOWN]',
        'z.yaml:5:13 lint.ignore[0]: warning: "record.duplicate" is a zone-file rule, not a lint check: lint.ignore silences lint checks only (a validate error is never silenced); use an id that `zonectl lint --list` shows (lint.spf-ptr) [IGNORE_UNKNOWN]',
      ],
    );
    const refusal: Problem = {
      severity: 'error',
      file: 'z.yaml',
      line: 6,
      col: 5,
      path: 'records[1]',
      message: 'duplicate',
      code: 'record.duplicate',
    };
    expect(withoutIgnored([refusal], [entry('record.duplicate')])).toEqual([refusal]);
  });

  it('the schema takes lint.ignore as a list of strings, in a zone file and in zonectl.yaml', () => {
    const bad = parseZoneFile({ path: 'z.yaml', text: 'version: 1\nzone: example.com\nlint: { ignore: lint.spf-ptr }\n' }, {});
    expect(bad.problems.map(formatProblem)).toEqual([expect.stringMatching(/^z\.yaml:3:17 lint\.ignore: must be a list/)]);
    const unknownKey = parseZoneFile({ path: 'z.yaml', text: 'version: 1\nzone: example.com\nlint: { silence: [lint.spf-ptr] }\n' }, {});
    expect(unknownKey.problems.filter((p) => p.severity === 'error')).toHaveLength(1);
    const repo = parseRepoConfig({ path: 'zonectl.yaml', text: 'version: 1\nlint:\n  ignore:\n    - lint.spf-ptr\n' }, {});
    expect(repo.problems).toEqual([]);
    expect(repo.config?.lintIgnore).toEqual([{ id: 'lint.spf-ptr', file: 'zonectl.yaml', line: 4, col: 7, path: 'lint.ignore[0]' }]);
    const repoBad = parseRepoConfig({ path: 'zonectl.yaml', text: 'version: 1\nlint: { ignore: [1] }\n' }, {});
    expect(repoBad.problems.map(formatProblem)).toEqual([expect.stringMatching(/^zonectl\.yaml:2:18 lint\.ignore\[0\]: /)]);
  });
});
