/**
 * Bounded concurrency, the one pool of zonectl: pages of a list (paging.ts), the calls of one
 * step of an apply (execute.ts), the zones of a run (app/engine/plan-zone-outcomes.ts).
 *
 * - Results come back in the order of the items, whatever order they finish in.
 * - At most `limit` items are in flight at once (a limit below 1 or not a number counts as 1).
 * - No new item starts once `stop()` is true or once an item has failed; the items already in
 *   flight finish, so nothing runs on after the call returns.
 */

export interface BoundedRun<R> {
  /** The result of each item, by index; `undefined` for an item that failed or never started. */
  readonly results: Array<R | undefined>;
  /** The errors of the items that failed, in the order they failed (empty when none did). */
  readonly errors: unknown[];
}

/** Runs `work` over `items` with at most `limit` in flight; stops starting items after a failure or once `stop()`. */
export async function runBounded<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T, index: number) => Promise<R>,
  stop: () => boolean = () => false,
): Promise<BoundedRun<R>> {
  const results = new Array<R | undefined>(items.length);
  const errors: unknown[] = [];
  let next = 0;
  const worker = async (): Promise<void> => {
    while (errors.length === 0 && next < items.length && !stop()) {
      const i = next++;
      try {
        results[i] = await work(items[i]!, i);
      } catch (error) {
        errors.push(error);
      }
    }
  };
  const width = Math.min(Math.max(1, Math.floor(limit) || 1), items.length);
  await Promise.all(Array.from({ length: width }, worker));
  return { results, errors };
}

/** Every item's result, in the order of `items`; rejects with the first error (once the items in flight finished). */
export async function mapBounded<T, R>(items: readonly T[], limit: number, work: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const { results, errors } = await runBounded(items, limit, work);
  if (errors.length > 0) throw errors[0];
  return results as R[];
}
