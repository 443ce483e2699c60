/**
 * How far V8 lets the heap grow beyond what a full collection found alive, during `apply`.
 *
 * V8 sets the next full-collection limit at up to 4 times the live heap when collections have
 * been cheap. An apply of a 100,000-record zone keeps about 130 MB alive (heap snapshot), but
 * it produces short- and middle-lived garbage for seconds (batch answers, the check afterwards
 * re-reading the zone), so its peak RSS reached 540-650 MB, mostly garbage nobody had collected
 * yet. With the growing factor at 1.5 (V8's `--heap-growing-percent=50`, read each time the
 * limit is computed, so setting it at start-up takes effect) the same apply peaks near 400 MB,
 * for about 20 % more CPU in the collector (bench/README.md): an apply waits on the API far
 * longer than that, and CI runners often have little memory to spare.
 *
 * A value given by the user (`node --heap-growing-percent=N zonectl ...`; Node refuses the flag in
 * NODE_OPTIONS) is left alone.
 */
import { setFlagsFromString } from 'node:v8';

export const APPLY_HEAP_GROWING_PERCENT = 50;

/** Caps heap growth for this process (see above); false when the user set the flag. */
export function limitHeapGrowth(execArgv: readonly string[] = process.execArgv): boolean {
  if (execArgv.some((arg) => /^--heap[-_]growing[-_]percent\b/.test(arg))) return false;
  setFlagsFromString(`--heap-growing-percent=${APPLY_HEAP_GROWING_PERCENT}`);
  return true;
}
