/**
 * A and AAAA records' own checks (src/core/record-types/address.ts).
 */
import { describe, expect, it } from 'vitest';
import { formatProblem } from '../../../src/core/yaml/index.js';
import { errors, expectProblem, load, withRecords } from '../zonefile/helpers.js';
import { expectPresentationReadsBack } from './samples.js';

// withRecords(): line 1 version, 2 zone, 3 `records:`, 4 the first record, 5 the second, ...

describe('A/AAAA content', () => {
  it('rejects an invalid IPv4 address, naming it', () => {
    const { problems } = load(withRecords('{ name: "@", type: A, content: 192.0.2.1 }', '{ name: www, type: A, content: 300.1.1.1 }'));
    const p = expectProblem(problems, { line: 5, message: /"300\.1\.1\.1" is not an IPv4 address/, path: 'records[1].content' });
    expect(formatProblem(p)).toBe('zone.yaml:5:36 records[1].content: "300.1.1.1" is not an IPv4 address');
  });

  it('rejects an IPv6 address in an A record with a hint, and an IPv4 address in AAAA', () => {
    const { problems } = load(withRecords('{ name: a, type: A, content: "2001:db8::1" }', '{ name: b, type: AAAA, content: 192.0.2.1 }'));
    expectProblem(problems, { line: 4, message: /not an IPv4 address \(an IPv6 address belongs in an AAAA record\)/ });
    expectProblem(problems, { line: 5, message: /not an IPv6 address \(an IPv4 address belongs in an A record\)/ });
  });

  it('rejects addresses of the service network (IPv4 and IPv6)', () => {
    const { problems } = load(withRecords('{ name: a, type: A, content: 104.16.1.1 }', '{ name: b, type: AAAA, content: "2606:4700::1" }'));
    expectProblem(problems, { line: 4, message: /104\.16\.1\.1 belongs to the service's own network/ });
    expectProblem(problems, { line: 5, message: /2606:4700::1 belongs to the service's own network/ });
  });

  it('rejects proxying a private, loopback or CGNAT address; documentation ranges are proxiable', () => {
    const { problems } = load(
      withRecords(
        '{ name: a, type: A, content: 10.1.2.3, proxied: true }',
        '{ name: b, type: A, content: 127.0.0.1, proxied: true }',
        '{ name: c, type: A, content: 100.64.0.1, proxied: true }',
        '{ name: d, type: A, content: 192.0.2.1, proxied: true }',
        '{ name: e, type: A, content: 10.1.2.3 }',
      ),
    );
    expectProblem(problems, { line: 4, message: /10\.1\.2\.3 is a private.*cannot be proxied/, path: 'records[0].proxied' });
    expectProblem(problems, { line: 5, message: /127\.0\.0\.1 .*cannot be proxied/ });
    expectProblem(problems, { line: 6, message: /100\.64\.0\.1 .*cannot be proxied/ });
    expect(errors(problems)).toHaveLength(3);
  });
});

describe('A and AAAA presentation form', () => {
  it('A: presentation form reads back as the value it was written from', () => expectPresentationReadsBack('A'));
  it('AAAA: presentation form reads back as the value it was written from', () => expectPresentationReadsBack('AAAA'));
});
