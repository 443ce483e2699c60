/**
 * The same record written twice (src/core/zonefile/rules/duplicates.ts).
 */
import { describe, expect, it } from 'vitest';
import { errors, expectProblem, load, withRecords } from '../helpers.js';

// withRecords(): line 1 version, 2 zone, 3 `records:`, 4 the first record, 5 the second, ...

describe('duplicates', () => {
  it('the same record written two ways is an error naming both lines', () => {
    const { problems } = load(
      withRecords(
        '{ name: www, type: A, content: 192.0.2.1 }',
        '{ name: "@", type: A, content: 192.0.2.1 }',
        '{ name: WWW.example.com., type: A, content: 192.0.2.1, ttl: 300 }',
      ),
    );
    expectProblem(problems, {
      line: 6,
      message: /duplicate record: A www\.example\.com with the same value is already at records\[0\] \(line 4\)/,
    });
  });

  it('identity includes priority and data', () => {
    const { problems } = load(
      withRecords(
        '{ name: "@", type: A, content: 192.0.2.1 }',
        '{ name: "@", type: MX, content: mx.example.net, priority: 10 }',
        '{ name: "@", type: MX, content: MX.example.net., priority: 20 }',
        '{ name: "@", type: CAA, data: { flags: 0, tag: issue, value: a.example } }',
        '{ name: "@", type: CAA, data: { flags: 0, tag: issue, value: b.example } }',
        '{ name: "@", type: CAA, data: { flags: 0, tag: ISSUE, value: b.example } }',
      ),
    );
    expect(errors(problems).map((p) => p.line)).toEqual([9]);
  });

  it('IPv6 forms are compared compressed', () => {
    const { problems } = load(
      withRecords('{ name: v6, type: AAAA, content: "2001:db8::1" }', '{ name: v6, type: AAAA, content: "2001:0DB8:0:0:0:0:0:1" }'),
    );
    expectProblem(problems, { line: 5, message: /duplicate record: AAAA v6\.example\.com/ });
  });
});
