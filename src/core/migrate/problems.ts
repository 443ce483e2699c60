/**
 * Input an importer cannot read: a file of the wrong kind for its `--from`, a file that does not
 * parse, a record type nobody knows. Every problem names its file and line; the importer gathers
 * them all and nothing is written. Pure.
 */
import { ZonectlError } from '../errors.js';
import { printable } from '../text/index.js';
import type { SourceSpot } from './report.js';

export interface InputProblem {
  readonly at: SourceSpot;
  readonly message: string;
}

/** One problem on one line: the file name and the message (which may quote the file) escaped, so that neither can start another line. */
export function problemText(p: InputProblem): string {
  return `${printable(p.at.file)}${p.at.line !== undefined ? `:${p.at.line}` : ''}: ${printable(p.message)}`;
}

/** One error for every problem of an import (exit 1, nothing written). */
export class ImportInvalidError extends ZonectlError {
  readonly problems: readonly InputProblem[];
  constructor(problems: readonly InputProblem[]) {
    const first = problems.slice(0, 50).map(problemText);
    const more = problems.length > 50 ? [`... and ${problems.length - 50} more`] : [];
    super('IMPORT_INVALID', [`nothing imported, nothing written:`, ...first, ...more].join('\n  '));
    this.problems = problems;
  }
}

/** Throws the gathered problems, if any. */
export function throwIfProblems(problems: readonly InputProblem[]): void {
  if (problems.length > 0) throw new ImportInvalidError(problems);
}
