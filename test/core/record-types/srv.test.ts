/**
 * SRV records' own checks (src/core/record-types/srv.ts).
 */
import { describe, it } from 'vitest';
import { expectProblem, load, withRecords } from '../zonefile/helpers.js';
import { expectPresentationReadsBack } from './samples.js';

// withRecords(): line 1 version, 2 zone, 3 `records:`, 4 the first record, 5 the second, ...

describe('SRV retired data fields', () => {
  it('rejects data.service/proto/name naming the replacement', () => {
    const { problems } = load(
      withRecords(
        '{ name: "@", type: A, content: 192.0.2.1 }',
        '{ name: "@", type: SRV, data: { priority: 1, weight: 1, port: 5060, target: sip.example.com, service: _sip, proto: _tcp, name: example.com } }',
      ),
    );
    expectProblem(problems, {
      line: 5,
      message: /SRV `data\.service` is retired.*top-level name, e\.g\. `name: _sip\._tcp`/,
      path: 'records[1].data.service',
    });
    expectProblem(problems, { line: 5, message: /SRV `data\.proto` is retired/ });
    expectProblem(problems, { line: 5, message: /SRV `data\.name` is retired/ });
  });
});

describe('SRV presentation form', () => {
  it('SRV: presentation form reads back as the value it was written from', () => expectPresentationReadsBack('SRV'));
});
