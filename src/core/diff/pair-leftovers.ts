/**
 * The records of one (name, type) group that no equal value paired, turned into updates: which
 * live record becomes which file record decides how the review reads. Records with a priority
 * (MX, SRV, URI, HTTPS, SVCB) pair by priority first, then by content similarity, so that a changed
 * MX set reads `10 mx1.old → 10 mx1.new` rather than whatever sorts next to it; a priority change
 * of one host pairs it with itself (`10 mx2 → 20 mx2`) when no host of the new priority is left.
 * Other records pair in value order (the content sorted), as before. Pure.
 */
import { valueKey } from '../model/keys.js';
import type { CanonicalRecord } from '../model/record.js';

export interface Leftovers<L, D> {
  readonly updates: ReadonlyArray<readonly [L, D]>;
  readonly creates: readonly D[];
  readonly deletes: readonly L[];
}

/** Above this many candidate pairs, similarity is not searched: value order (linear after the sort). */
const MAX_SEARCHED_PAIRS = 4096;

/** Records sorted by value key (stable), each key built once rather than at every comparison. */
function sortedByValue<T extends CanonicalRecord>(records: readonly T[]): T[] {
  if (records.length < 2) return [...records];
  return records
    .map((r) => ({ r, k: valueKey(r) }))
    .sort((a, b) => (a.k < b.k ? -1 : a.k > b.k ? 1 : 0))
    .map((e) => e.r);
}

function priorityOf(r: CanonicalRecord): number | undefined {
  if (r.priority !== undefined) return r.priority;
  const p = r.data?.priority;
  return typeof p === 'number' ? p : undefined;
}

/** The value without its priority, as compared for likeness. */
function contentOf(r: CanonicalRecord): string {
  if (r.content !== undefined) return r.content;
  const { priority: _priority, ...rest } = r.data ?? {};
  return JSON.stringify(rest);
}

/** Likeness of two values: the characters they share at the start and at the end (`mx1.a.net`, `mx2.a.net`: 8). */
function likeness(a: string, b: string): number {
  const max = Math.min(a.length, b.length);
  let start = 0;
  while (start < max && a[start] === b[start]) start += 1;
  let end = 0;
  while (end < max - start && a[a.length - 1 - end] === b[b.length - 1 - end]) end += 1;
  return start + end;
}

/** The unpaired live record most like `d` among those `fits` allows; the first in value order on a tie. */
function mostLike<L extends CanonicalRecord>(d: CanonicalRecord, live: readonly L[], taken: boolean[], fits: (l: L) => boolean): number {
  const content = contentOf(d);
  let best = -1;
  let bestLikeness = -1;
  for (let i = 0; i < live.length; i += 1) {
    if (taken[i] || !fits(live[i]!)) continue;
    const l = likeness(content, contentOf(live[i]!));
    if (l > bestLikeness) {
      best = i;
      bestLikeness = l;
    }
  }
  return best;
}

export function pairLeftovers<L extends CanonicalRecord, D extends CanonicalRecord>(
  pending: readonly D[],
  liveLeft: readonly L[],
): Leftovers<L, D> {
  const desired = sortedByValue(pending);
  const live = sortedByValue(liveLeft);
  const withPriority = desired.some((d) => priorityOf(d) !== undefined) || live.some((l) => priorityOf(l) !== undefined);
  if (!withPriority || desired.length * live.length > MAX_SEARCHED_PAIRS) {
    const n = Math.min(desired.length, live.length);
    return {
      updates: desired.slice(0, n).map((d, i) => [live[i]!, d] as const),
      creates: desired.slice(n),
      deletes: live.slice(n),
    };
  }
  const taken = live.map(() => false);
  const partner: Array<number | undefined> = desired.map(() => undefined);
  // First the same priority (the likest content among them), then the likest content of any priority.
  const passes: Array<(d: D) => (l: L) => boolean> = [(d) => (l) => priorityOf(l) === priorityOf(d), () => () => true];
  for (const pass of passes) {
    desired.forEach((d, di) => {
      if (partner[di] !== undefined) return;
      const li = mostLike(d, live, taken, pass(d));
      if (li < 0) return;
      taken[li] = true;
      partner[di] = li;
    });
  }
  return {
    updates: desired.flatMap((d, di) => (partner[di] !== undefined ? [[live[partner[di]!]!, d] as const] : [])),
    creates: desired.filter((_, di) => partner[di] === undefined),
    deletes: live.filter((_, li) => !taken[li]),
  };
}
