/**
 * A delegation shares its name only with DS (src/core/zonefile/rules/delegation.ts).
 */
import { describe, expect, it } from 'vitest';
import { formatProblem } from '../../../../src/core/yaml/index.js';
import { errors, expectProblem, load, withRecords } from '../helpers.js';

// withRecords(): line 1 version, 2 zone, 3 `records:`, 4 the first record, 5 the second, ...

const APEX_A = '{ name: "@", type: A, content: 192.0.2.1 }';

describe('the delegation rule', () => {
  // The official SDK's notes: "NS records cannot exist on the same name as any other record type"; 81056 (issue 19, item 5).
  it('a record beside a delegation (but DS) is kept by the service, shadowed: a warning with its line, no error', () => {
    const { problems } = load(
      withRecords(
        APEX_A,
        '{ name: sub, type: NS, content: ns1.example.net }',
        '{ name: sub, type: A, content: 192.0.2.7 }',
        '{ name: sub, type: DS, data: { key_tag: 2371, algorithm: 13, digest_type: 2, digest: 1F987CC6583E92DF0890718C42AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA } }',
        '{ name: "@", type: NS, content: ns2.example.net }',
      ),
    );
    expectProblem(problems, {
      line: 6,
      severity: 'warning',
      message:
        /sub\.example\.com has NS records \(a delegation, records\[1\] \(line 5\)\): the service keeps this A record beside them, but it is shadowed/,
    });
    expect(errors(problems).map(formatProblem)).toEqual([]);
  });
});
