import { describe, expect, it } from 'vitest';
import { limitHeapGrowth } from '../../src/cli/heap-growth.js';

// The effect on peak memory is measured by `npm run bench -- bigzone` (bench/README.md), not here:
// V8's collection schedule is no fit for a unit test's assertions.
describe('limitHeapGrowth (apply)', () => {
  it('leaves a heap growing factor the user gave node alone', () => {
    expect(limitHeapGrowth(['--heap-growing-percent=200'])).toBe(false);
    expect(limitHeapGrowth(['--max-old-space-size=4096', '--heap_growing_percent=10'])).toBe(false);
  });

  it('sets it otherwise', () => {
    expect(limitHeapGrowth(['--enable-source-maps', '--max-old-space-size=4096'])).toBe(true);
  });
});
