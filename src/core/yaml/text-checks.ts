/**
 * Checks on the text of a zone file before it is parsed. The caller decodes the file as UTF-8
 * (Node's decoder turns each invalid byte sequence into U+FFFD): a U+FFFD in the text is
 * taken as a byte that was not UTF-8, since it would otherwise be sent to the API as is.
 */
import type { SourcePosition } from './position-index.js';

const REPLACEMENT = '\uFFFD';

/**
 * The lines of a text as YAML counts them: CRLF, LF or a lone CR ends one (YAML 1.2.2, 5.4,
 * https://yaml.org/spec/1.2.2/#54-line-break-characters), as js-yaml does for the positions of
 * every other problem of the file, so that one file's positions agree.
 */
export function splitYamlLines(text: string): string[] {
  return text.split(/\r\n?|\n/);
}

/** Line and column of the first U+FFFD, or undefined. */
export function findReplacementCharacter(text: string): SourcePosition | undefined {
  const at = text.indexOf(REPLACEMENT);
  if (at < 0) return undefined;
  const before = splitYamlLines(text.slice(0, at));
  return { line: before.length, col: before[before.length - 1]!.length + 1 };
}
