/**
 * A DS record needs a delegation (src/core/zonefile/rules/ds.ts).
 */
import { describe, expect, it } from 'vitest';
import { HEADER, errors, expectProblem, expectValid, load, withRecords } from '../helpers.js';

// withRecords(): line 1 version, 2 zone, 3 `records:`, 4 the first record, 5 the second, ...

const APEX_A = '{ name: "@", type: A, content: 192.0.2.1 }';

describe('DS needs a delegation (NS at the same name)', () => {
  const ds =
    '{ name: sub, type: DS, data: { key_tag: 2371, algorithm: 13, digest_type: 2, digest: AABBCCDDEEFF00112233445566778899AABBCCDDEEFF00112233445566778899 } }';

  it('with the NS in the file: fine', () => {
    expectValid(withRecords(APEX_A, '{ name: sub, type: NS, content: ns1.example.net }', ds));
  });

  it('without it, manage.unmanaged: keep: a warning (the NS may live outside the file)', () => {
    const { problems } = load(`${HEADER}manage: { unmanaged: keep }\nrecords:\n  - ${APEX_A}\n  - ${ds}\n`);
    expectProblem(problems, {
      line: 6,
      severity: 'warning',
      message: /DS record needs NS records at the same name \(sub\.example\.com\); the file has none/,
    });
  });

  it('without it, manage.unmanaged: delete: an error, unless manage.ignore keeps NS there', () => {
    const del = load(`${HEADER}manage: { unmanaged: delete }\nrecords:\n  - ${APEX_A}\n  - ${ds}\n`);
    expectProblem(del.problems, {
      line: 6,
      message: /the service refuses a DS without a delegation, and with manage\.unmanaged: delete no NS there is kept/,
    });
    const ignored = load(`${HEADER}manage: { unmanaged: delete, ignore: [{ name: sub, type: NS }] }\nrecords:\n  - ${APEX_A}\n  - ${ds}\n`);
    expect(errors(ignored.problems)).toEqual([]);
    expectProblem(ignored.problems, { line: 6, severity: 'warning', message: /DS record needs NS records/ });
  });
});
