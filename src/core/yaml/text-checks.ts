/**
 * Checks on the text of a zone file before it is parsed. The caller decodes the file as UTF-8
 * (Node's decoder turns each invalid byte sequence into U+FFFD): a U+FFFD in the text is
 * taken as a byte that was not UTF-8, since it would otherwise be sent to the API as is.
 */
import type { SourcePosition } from './position-index.js';

const REPLACEMENT = '\uFFFD';

/** Line and column of the first U+FFFD, or undefined. */
export function findReplacementCharacter(text: string): SourcePosition | undefined {
  const at = text.indexOf(REPLACEMENT);
  if (at < 0) return undefined;
  let line = 1;
  let lineStart = 0;
  for (let i = text.indexOf('\n'); i >= 0 && i < at; i = text.indexOf('\n', i + 1)) {
    line += 1;
    lineStart = i + 1;
  }
  return { line, col: at - lineStart + 1 };
}
