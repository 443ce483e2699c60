import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sameValueKey, valueKey } from '../../../src/core/model/keys.js';
import type { CanonicalRecord } from '../../../src/core/model/record.js';
import type { RecordType } from '../../../src/core/record-types/index.js';

type Value = Pick<CanonicalRecord, 'type' | 'content' | 'data' | 'priority'>;

const contentTypes: RecordType[] = ['A', 'AAAA', 'CNAME', 'TXT', 'MX', 'NS', 'PTR'];
const dataTypes: RecordType[] = ['CAA', 'SRV', 'URI'];

const value: fc.Arbitrary<Value> = fc.oneof(
  fc.record(
    {
      type: fc.constantFrom(...contentTypes),
      content: fc.constantFrom('a', 'b', '', '1.2.3.4', '"q"', '\\'),
      priority: fc.constantFrom(0, -0, 10, 20, Number.NaN),
    },
    { requiredKeys: ['type'] },
  ),
  fc.record(
    {
      type: fc.constantFrom(...dataTypes),
      data: fc.record(
        {
          flags: fc.constantFrom(0, 128, '0'),
          tag: fc.constantFrom('issue', 'iodef'),
          weight: fc.constantFrom(1, 2),
          target: fc.constantFrom('x', 'y'),
        },
        { requiredKeys: [] },
      ),
      priority: fc.constantFrom(10, 20),
    },
    { requiredKeys: ['type'] },
  ),
);

describe('sameValueKey', () => {
  it('answers valueKey(a) === valueKey(b) on generated values of every shape', () => {
    fc.assert(
      fc.property(value, value, (a, b) => {
        expect(sameValueKey(a, b)).toBe(valueKey(a) === valueKey(b));
        expect(sameValueKey(a, { ...a })).toBe(true);
      }),
      { numRuns: 20000, seed: 5 },
    );
  });
});
