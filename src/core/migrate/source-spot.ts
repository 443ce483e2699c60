/** Where something was read from the old tool's files (its own file: the report and the comment readers both name places, and neither depends on the other for it). */

/** Where something was read: a file and, when known, its line (1-based). */
export interface SourceSpot {
  readonly file: string;
  readonly line?: number;
}
