/** What apply says when it stops: never "none applied" when the outcome is unknown. */
import { describe, expect, it } from 'vitest';
import type { ExecuteResult } from '../../../../src/api/execute.js';
import { OutcomeUnknownError } from '../../../../src/api/errors.js';
import type { ZoneApplyOutcome } from '../../../../src/app/apply/zone-outcome.js';
import type { ZoneRun } from '../../../../src/app/engine/plan-zone-run.js';
import { describeApplyFailure } from '../../../../src/cli/views/apply/describe.js';
import { errorCode, errorLine } from '../../../../src/cli/output/error-line.js';

const run = { config: { zone: 'example.com' }, plan: { operations: new Array(30).fill({}) } } as unknown as ZoneRun;
const result = (extra: Partial<ExecuteResult>): ExecuteResult => ({
  ok: false,
  applied: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
  failed: [],
  notApplied: [],
  outcomeUnknown: false,
  tokenValues: {},
  createdIds: {},
  calls: 2,
  notes: [],
  interrupted: false,
  written: {},
  ...extra,
});

describe('describeApplyFailure', () => {
  it('a known failure: how many were applied, and why', () => {
    const o: ZoneApplyOutcome = {
      run,
      result: result({ failed: [10], error: new Error('POST /zones/z/dns_records: 400 9005 bad content') }),
    };
    expect(describeApplyFailure(o)).toBe(
      'example.com: apply failed after 10 of 30 operations: POST /zones/z/dns_records: 400 9005 bad content',
    );
  });

  it('an unknown outcome: says some may have been applied, and the closing line carries the code', () => {
    const error = new OutcomeUnknownError('POST', '/zones/z/dns_records/batch', 'the answer was lost', undefined);
    const o: ZoneApplyOutcome = { run, result: result({ failed: [10, 11, 12], outcomeUnknown: true, error }) };
    const line = errorLine(errorCode(o.result.error), describeApplyFailure(o));
    expect(line).toMatch(
      /^zonectl: error\[OUTCOME_UNKNOWN\]: example\.com: apply failed after 10 of 30 operations; the outcome of 3 more is unknown \(some may have been applied\): .*; run plan to see the zone as it is$/,
    );
    expect(line).not.toMatch(/none applied/);
  });
});
