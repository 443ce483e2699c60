/**
 * A 100,000-record zone file loads completely and correctly. How fast is measured by
 * `npm run bench` (bench/validate-bench.ts), not here: a time bound in a test fails on a busy
 * CI machine without saying anything about the code.
 */
import { describe, expect, it } from 'vitest';
import { parseZoneFile } from '../../../src/core/zonefile/index.js';
import { generateLargeZone } from '../../fixtures/zonefile/generate-large-zone.js';

describe('100,000-record zone file', () => {
  it('loads (parse, schema, rules, normalize) without a problem, every record at its line', () => {
    const text = generateLargeZone(100_000);
    const { config, problems } = parseZoneFile({ path: 'big.yaml', text }, {});
    expect(problems).toEqual([]);
    expect(config?.records).toHaveLength(100_000);
    // 7 header lines; records take 4 lines, every fourth (TXT) 3
    expect(config?.records[99_999].line).toBe(8 + 99_999 * 4 - 24_999);
    expect(config?.records[0].line).toBe(8);
  }, 120_000);
});
