import { describe, expect, it } from 'vitest';
import { mapBounded, runBounded } from '../../src/api/bounded.js';

/** Lets `n` turns of the microtask queue pass (no timer: the order is the same on every run). */
async function turns(n: number): Promise<void> {
  for (let i = 0; i < n; i++) await Promise.resolve();
}

/** Work that records how many items are in flight at once and which items started. */
function tracked(duration: (item: number) => number, fail?: (item: number) => boolean) {
  const seen = { started: [] as number[], finished: [] as number[], inFlight: 0, most: 0 };
  const work = async (item: number): Promise<string> => {
    seen.started.push(item);
    seen.inFlight += 1;
    seen.most = Math.max(seen.most, seen.inFlight);
    await turns(duration(item));
    seen.inFlight -= 1;
    if (fail?.(item)) throw new Error(`item ${item} failed`);
    seen.finished.push(item);
    return `r${item}`;
  };
  return { seen, work };
}

const items = (n: number): number[] => Array.from({ length: n }, (_, i) => i);

describe('bounded concurrency', () => {
  it('returns results in the order of the items, not the order they finish in', async () => {
    const { seen, work } = tracked((i) => 20 - i); // later items finish first
    expect(await mapBounded(items(8), 8, work)).toEqual(items(8).map((i) => `r${i}`));
    expect(seen.finished[0]).toBe(7);
  });

  it('never has more than the limit in flight, and uses all of it', async () => {
    for (const limit of [1, 2, 3, 5]) {
      const { seen, work } = tracked((i) => 1 + ((i * 7) % 5));
      await mapBounded(items(17), limit, work);
      expect(seen.most).toBe(limit);
      expect(seen.started.sort((a, b) => a - b)).toEqual(items(17));
    }
  });

  it('counts a limit below 1 or not a number as 1, and runs nothing for no items', async () => {
    for (const limit of [0, -3, Number.NaN]) {
      const { seen, work } = tracked(() => 2);
      expect(await mapBounded(items(4), limit, work)).toEqual(['r0', 'r1', 'r2', 'r3']);
      expect(seen.most).toBe(1);
    }
    const { seen, work } = tracked(() => 1);
    expect(await runBounded([], 4, work)).toEqual({ results: [], errors: [] });
    expect(seen.started).toEqual([]);
  });

  it('starts no new item once stop() is true; the items in flight finish', async () => {
    const { seen, work } = tracked(() => 3);
    const run = await runBounded(items(10), 2, work, () => seen.started.length >= 4);
    expect(seen.started).toEqual([0, 1, 2, 3]);
    expect(seen.finished.sort()).toEqual([0, 1, 2, 3]);
    expect(run.errors).toEqual([]);
    expect(run.results).toEqual(['r0', 'r1', 'r2', 'r3', ...Array(6).fill(undefined)]);
  });

  it('starts no new item after a failure, lets the items in flight finish, and reports the error', async () => {
    const { seen, work } = tracked(
      (i) => (i === 1 ? 1 : 6),
      (i) => i === 1,
    );
    const run = await runBounded(items(10), 3, work);
    expect(run.errors).toHaveLength(1);
    expect(String(run.errors[0])).toContain('item 1 failed');
    // 0, 1 and 2 started at once; 1 failed first, so nothing after 2 started and 0 and 2 finished.
    expect(seen.started).toEqual([0, 1, 2]);
    expect(seen.finished.sort()).toEqual([0, 2]);
    expect(seen.inFlight).toBe(0);
    expect(run.results).toEqual(['r0', undefined, 'r2', ...Array(7).fill(undefined)]);
  });

  it('mapBounded rejects with the first error only once the items in flight have finished', async () => {
    const { seen, work } = tracked(
      (i) => (i === 0 ? 1 : i === 1 ? 2 : 9),
      (i) => i <= 1,
    );
    await expect(mapBounded(items(6), 3, work)).rejects.toThrow('item 0 failed');
    expect(seen.started).toEqual([0, 1, 2]);
    expect(seen.finished).toEqual([2]);
    expect(seen.inFlight).toBe(0);
  });
});
