/**
 * The text being edited, by lines: where each line starts, its indentation, whether it is blank
 * or a comment, and the line ending the file uses (new lines are written with it). Lines end at
 * `\n`; a `\r` before it belongs to the ending, never to the content.
 */
export class SourceText {
  readonly text: string;
  /** `\r\n` when the file's first line ends so, else `\n`. */
  readonly eol: string;
  readonly #starts: number[];

  constructor(text: string) {
    this.text = text;
    const first = text.indexOf('\n');
    this.eol = first > 0 && text[first - 1] === '\r' ? '\r\n' : '\n';
    const starts = [0];
    for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
    this.#starts = starts;
  }

  /** How many lines (a final line ending starts an empty last line). */
  get lineCount(): number {
    return this.#starts.length;
  }

  /** The 0-based line holding `offset`. */
  lineOf(offset: number): number {
    let lo = 0;
    let hi = this.#starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.#starts[mid]! <= offset) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }

  lineStart(line: number): number {
    return this.#starts[line] ?? this.text.length;
  }

  /** Where the line's content ends (before `\r\n` or `\n`). */
  contentEnd(line: number): number {
    const next = this.#starts[line + 1];
    if (next === undefined) return this.text.length;
    return this.text[next - 2] === '\r' ? next - 2 : next - 1;
  }

  /** Where the next line starts (the text's end for the last line). */
  nextLineStart(line: number): number {
    return this.#starts[line + 1] ?? this.text.length;
  }

  /** True when the line has a line ending (every line but an unterminated last one). */
  hasEnding(line: number): boolean {
    return this.#starts[line + 1] !== undefined;
  }

  lineText(line: number): string {
    return this.text.slice(this.lineStart(line), this.contentEnd(line));
  }

  column(offset: number): number {
    return offset - this.lineStart(this.lineOf(offset));
  }

  /** Spaces before the line's first other character (its length for a blank line). */
  indentOf(line: number): number {
    const t = this.lineText(line);
    let i = 0;
    while (i < t.length && t[i] === ' ') i += 1;
    return i;
  }

  isBlank(line: number): boolean {
    return this.lineText(line).trim() === '';
  }

  isComment(line: number): boolean {
    return this.lineText(line).trimStart().startsWith('#');
  }

  /** True when only spaces stand before `offset` on its line. */
  startsLine(offset: number): boolean {
    return this.text.slice(this.lineStart(this.lineOf(offset)), offset).trim() === '';
  }

  /** `offset` moved back over spaces, tabs and line endings (never before `floor`). */
  trimBack(offset: number, floor = 0): number {
    let i = offset;
    while (i > floor && /[\s]/.test(this.text[i - 1]!)) i -= 1;
    return i;
  }
}
