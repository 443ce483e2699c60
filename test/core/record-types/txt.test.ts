/**
 * TXT records' own checks (src/core/record-types/txt.ts): quotation, escapes, printable ASCII.
 */
import { describe, expect, it } from 'vitest';
import { formatProblem } from '../../../src/core/yaml/index.js';
import { expectProblem, load, withRecords } from '../zonefile/helpers.js';
import { expectPresentationReadsBack } from './samples.js';

// withRecords(): line 1 version, 2 zone, 3 `records:`, 4 the first record, 5 the second, ...

const APEX_A = '{ name: "@", type: A, content: 192.0.2.1 }';

describe('TXT quotation', () => {
  it('rejects inconsistent quotation', () => {
    const { problems } = load(
      withRecords(
        '{ name: "@", type: A, content: 192.0.2.1 }',
        `{ name: t, type: TXT, content: '"abc" def' }`,
        `{ name: u, type: TXT, content: 'abc"' }`,
        `{ name: v, type: TXT, content: '"abc' }`,
      ),
    );
    expectProblem(problems, { line: 5, message: /inconsistent quotation in TXT content: text outside quotes/ });
    expectProblem(problems, { line: 6, message: /inconsistent quotation in TXT content: ends with a double quote/ });
    expectProblem(problems, { line: 7, message: /inconsistent quotation in TXT content: a quoted string is not closed/ });
  });

  it('accepts unquoted text and several quoted strings', () => {
    const { problems } = load(
      withRecords(
        '{ name: "@", type: A, content: 192.0.2.1 }',
        `{ name: t, type: TXT, content: 'v=spf1 -all' }`,
        `{ name: u, type: TXT, content: '"part one" "part two"' }`,
      ),
    );
    expect(problems).toEqual([]);
  });
});

describe('TXT content: printable ASCII, RFC 1035 escapes', () => {
  it('non-ASCII text is an error naming the \\DDD form to write instead', () => {
    const { problems } = load(withRecords(APEX_A, '{ name: t, type: TXT, content: "café" }'));
    const p = expectProblem(problems, {
      line: 5,
      message: /TXT content may contain only printable ASCII \(the service refuses other characters with error 9051\)/,
    });
    expect(p.message).toContain('`é` must be written as the RFC 1035 decimal escape \\195\\169 inside a quoted string');
  });

  it('a control character (tab) is refused too', () => {
    const { problems } = load(withRecords(APEX_A, '{ name: t, type: TXT, content: "a\\tb" }'));
    expectProblem(problems, { line: 5, message: /only printable ASCII .* U\+0009 must be written as the RFC 1035 decimal escape \\009/ });
  });

  it('accepts \\DDD and \\X escapes in quoted strings; refuses \\DDD above 255 and short ones', () => {
    const { problems } = load(
      withRecords(
        APEX_A,
        `{ name: a, type: TXT, content: '"caf\\195\\169 \\"q\\" \\\\ \\;"' }`,
        `{ name: b, type: TXT, content: '"x\\256"' }`,
        `{ name: c, type: TXT, content: '"x\\12y"' }`,
      ),
    );
    expect(problems.filter((p) => p.line === 5).map(formatProblem)).toEqual([]);
    expectProblem(problems, { line: 6, message: /`\\256` is not a byte \(\\DDD is 000\.\.255\)/ });
    expectProblem(problems, { line: 7, message: /`\\12y` is not a \\DDD escape \(exactly three decimal digits\)/ });
  });
});

describe('TXT presentation form', () => {
  it('TXT: presentation form reads back as the value it was written from', () => expectPresentationReadsBack('TXT'));
});
