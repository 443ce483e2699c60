/**
 * Checks on the text of a zone file before it is parsed. The caller decodes the file as UTF-8
 * (Node's decoder turns each invalid byte sequence into U+FFFD): a U+FFFD in the text is
 * taken as a byte that was not UTF-8, since it would otherwise be sent to the API as is.
 */
import type { SourcePosition } from './position-index.js';

const REPLACEMENT = '\uFFFD';

/** A line break as YAML counts one: CRLF, LF or a lone CR (YAML 1.2.2, 5.4, https://yaml.org/spec/1.2.2/#54-line-break-characters). */
const LINE_BREAK = /\r\n?|\n/g;

/**
 * Line and column of the first U+FFFD, or undefined. Lines are counted as js-yaml counts them for
 * every other problem of the file (a lone CR ends a line too), so that one file's positions agree.
 */
export function findReplacementCharacter(text: string): SourcePosition | undefined {
  const at = text.indexOf(REPLACEMENT);
  if (at < 0) return undefined;
  let line = 1;
  let lineStart = 0;
  LINE_BREAK.lastIndex = 0;
  for (let m = LINE_BREAK.exec(text); m !== null && m.index < at; m = LINE_BREAK.exec(text)) {
    line += 1;
    lineStart = m.index + m[0].length;
  }
  return { line, col: at - lineStart + 1 };
}
