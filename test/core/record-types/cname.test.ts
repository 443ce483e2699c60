/**
 * CNAME's own setting, flatten_cname (src/core/record-types/cname.ts).
 */
import { describe, it } from 'vitest';
import { HEADER, expectProblem, load, withRecords } from '../zonefile/helpers.js';
import { expectPresentationReadsBack } from './samples.js';

// withRecords(): line 1 version, 2 zone, 3 `records:`, 4 the first record, 5 the second, ...

const APEX_A = '{ name: "@", type: A, content: 192.0.2.1 }';

describe('per-record settings', () => {
  it('flatten_cname with proxied (also through defaults.proxied) is an error', () => {
    const { problems } = load(
      `${HEADER}defaults: { proxied: true }\nrecords:\n  - ${APEX_A}\n  - { name: c, type: CNAME, content: t.example.net, proxied: true, settings: { flatten_cname: true } }\n  - { name: d, type: CNAME, content: t.example.net, settings: { flatten_cname: true } }\n`,
    );
    expectProblem(problems, {
      line: 6,
      message: /^flatten_cname cannot be used with proxied: true: a proxied CNAME is always flattened, the service ignores the flag/,
      path: 'records[1].settings.flatten_cname',
    });
    expectProblem(problems, { line: 7, message: /flatten_cname cannot be used with proxied: true \(proxied through defaults\.proxied\)/ });
  });

  it('flatten_cname exists on CNAME records only', () => {
    const { problems } = load(withRecords('{ name: "@", type: A, content: 192.0.2.1, settings: { flatten_cname: true } }'));
    expectProblem(problems, {
      line: 4,
      message: /`flatten_cname` applies only to CNAME records, not A/,
      path: 'records[0].settings.flatten_cname',
    });
  });
});

describe('CNAME presentation form', () => {
  it('CNAME: presentation form reads back as the value it was written from', () => expectPresentationReadsBack('CNAME'));
});
