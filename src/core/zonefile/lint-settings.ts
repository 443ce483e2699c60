/**
 * `lint: { ignore: [ID, ...] }`, in a zone file or in zonectl.yaml (as octoDNS's `lenient`): the
 * lint checks a team silences, each kept with where it is written so that an id that is not a
 * lint check can be reported at its line (src/core/lint/ignore.ts). Pure.
 */
import type { PositionIndex } from '../yaml/index.js';
import type { LintIgnoreEntry } from './types.js';

/** The ids of `lint.ignore` in `doc` (already checked by the schema: a list of strings), with their places. */
export function lintIgnoreOf(file: string, doc: unknown, positions: PositionIndex): LintIgnoreEntry[] {
  const ignore = (doc as { lint?: { ignore?: unknown } } | null)?.lint?.ignore;
  if (!Array.isArray(ignore)) return [];
  return ignore.flatMap((id, i) => {
    if (typeof id !== 'string') return [];
    const { line, col } = positions.positionOf(['lint', 'ignore', i]);
    return [{ id: id.trim(), file, line, col, path: `lint.ignore[${i}]` }];
  });
}
