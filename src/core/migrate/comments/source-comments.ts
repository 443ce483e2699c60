/**
 * The comments of an old tool's files, carried across an import (issue 40 item 1): each comment
 * of a source file, then what it annotates, read off the lines the file's elements start on
 * (anchors). The rules, the same for every tool:
 * - A comment at a line's end annotates the element written on that line: the innermost one
 *   started at or before it (the last anchor at or above its line).
 * - A run of whole-line comments (one block: no blank line between them) annotates the element
 *   that follows it (the first anchor below it); with `indentation`, a block written deeper than
 *   that element belongs to the element above it (YAML: still inside it).
 * - A block before the first element, a blank line between them, is about the file; so is a
 *   block after the last element, and a comment before the document starts (`---`).
 * The importer maps each target to what it wrote (a record, an ignore rule) or to what it did not
 * import (listed in the report). Pure.
 */
import type { SourceSpot } from '../source-spot.js';

/** One comment as the file writes it: `text` is what follows `#` (or `//`, or a line of a `/* *\/` block). */
export interface SourceComment {
  readonly file: string;
  /** 1-based. */
  readonly line: number;
  readonly text: string;
  /** Written after something else on its line (at the line's end). */
  readonly inline: boolean;
}

/** A line an element of the file starts on (or, for a block, every line it covers), and what the element is. */
export interface Anchor<T> {
  readonly file: string;
  readonly line: number;
  /** Undefined: an element that is not the importer's concern (a provider, a variable): its comments are the old tool's. */
  readonly target: T | undefined;
}

export type CommentTarget<T> =
  | { readonly kind: 'element'; readonly target: T }
  /** About the file: written at the top of what the import writes from it. */
  | { readonly kind: 'file'; readonly where: 'top' | 'end' }
  /** Beside an element of the old tool's own configuration, not a zone's. */
  | { readonly kind: 'configuration' };

export interface AttributedComment<T> {
  readonly comment: SourceComment;
  readonly to: CommentTarget<T>;
}

export interface AttributeOptions {
  /** The lines of each file (to see blank lines and indentation), by file. */
  readonly lines: ReadonlyMap<string, readonly string[]>;
  /** YAML: a whole-line block indented deeper than the element after it belongs to the element before it. */
  readonly indentation?: boolean;
  /** Lines on which each file's document starts (`---`): comments above are about the file. */
  readonly documentStart?: ReadonlyMap<string, number>;
}

const indentOf = (line: string | undefined): number => (line === undefined ? 0 : line.length - line.trimStart().length);

/** Each comment with what it annotates. Comments of a file no anchor names are about that file. */
export function attributeComments<T>(
  comments: readonly SourceComment[],
  anchors: readonly Anchor<T>[],
  options: AttributeOptions,
): AttributedComment<T>[] {
  const byFile = new Map<string, Anchor<T>[]>();
  for (const a of anchors) byFile.set(a.file, [...(byFile.get(a.file) ?? []), a]);
  for (const list of byFile.values()) list.sort((x, y) => x.line - y.line);
  const commentsByFile = new Map<string, SourceComment[]>();
  for (const c of comments) commentsByFile.set(c.file, [...(commentsByFile.get(c.file) ?? []), c]);
  const out: AttributedComment<T>[] = [];
  for (const [file, list] of commentsByFile) {
    const sorted = [...list].sort((x, y) => x.line - y.line);
    const fileAnchors = byFile.get(file) ?? [];
    const lines = options.lines.get(file) ?? [];
    const start = options.documentStart?.get(file) ?? 0;
    const blank = (l: number): boolean => (lines[l - 1] ?? '').trim() === '';
    const last = (line: number): Anchor<T> | undefined => {
      let found: Anchor<T> | undefined;
      for (const a of fileAnchors) {
        if (a.line > line) break;
        found = a;
      }
      return found;
    };
    const next = (line: number): Anchor<T> | undefined => fileAnchors.find((a) => a.line > line);
    const toAnchor = (a: Anchor<T>): CommentTarget<T> =>
      a.target === undefined ? { kind: 'configuration' } : { kind: 'element', target: a.target };
    let i = 0;
    while (i < sorted.length) {
      const c = sorted[i]!;
      if (c.line <= start) {
        out.push({ comment: c, to: { kind: 'file', where: 'top' } });
        i += 1;
        continue;
      }
      if (c.inline) {
        const a = last(c.line);
        out.push({ comment: c, to: a !== undefined ? toAnchor(a) : { kind: 'file', where: 'top' } });
        i += 1;
        continue;
      }
      // A block of whole-line comments: consecutive lines, no blank line between them.
      let j = i + 1;
      while (j < sorted.length && !sorted[j]!.inline && sorted[j]!.line === sorted[j - 1]!.line + 1) j += 1;
      const block = sorted.slice(i, j);
      const end = block[block.length - 1]!.line;
      const after = next(end);
      const before = last(block[0]!.line);
      let to: CommentTarget<T>;
      if (after === undefined) to = before === undefined ? { kind: 'file', where: 'top' } : { kind: 'file', where: 'end' };
      else if (before === undefined && blank(end + 1)) to = { kind: 'file', where: 'top' };
      else if (
        options.indentation === true &&
        before !== undefined &&
        indentOf(lines[block[0]!.line - 1]) > indentOf(lines[after.line - 1])
      )
        to = toAnchor(before);
      else to = toAnchor(after);
      for (const comment of block) out.push({ comment, to });
      i = j;
    }
  }
  return out;
}

/**
 * Comments to write above whichever of `candidates` the file writes first (a comment on an octoDNS
 * name annotates all of its records: it goes above the first of them in the written order).
 */
export class FirstWritten {
  constructor(readonly candidates: readonly object[]) {}
}

/** What one zone's file got of the comments: written above its records (or ignore rules), at its top, or only listed. */
export interface ZoneComments {
  /** About the file: written at the top, below zonectl's own header. */
  readonly top: readonly SourceComment[];
  /** About the file, after its last element in the source: written after the records. */
  readonly end: readonly SourceComment[];
  /** Comments above a record or an ignore rule of the file (keyed by the object written, or a FirstWritten of them). */
  readonly above: ReadonlyMap<object, readonly SourceComment[]>;
  /** Comments of what the import did not carry into the file (a record left to the old tool): listed in the report. */
  readonly notPlaced: readonly NotPlacedComment[];
}

export interface NotPlacedComment {
  readonly text: string;
  /** What it annotates (`www URLFWD`). */
  readonly subject: string;
  readonly at: SourceSpot;
}

export const NO_COMMENTS: ZoneComments = { top: [], end: [], above: new Map(), notPlaced: [] };

/** Comments carried into the file (above records and rules, at its top and end). */
export function carriedCount(c: ZoneComments): number {
  let n = c.top.length + c.end.length;
  for (const list of c.above.values()) n += list.length;
  return n;
}

/**
 * The text of a comment as a line of a YAML comment: control characters (but tab) written as
 * `\uXXXX`, so that a comment read from another language can neither end its line nor hide text.
 */
export function commentLine(text: string): string {
  return text.replace(/[\u0000-\u0008\u000a-\u001f\u007f\u2028\u2029]/g, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** Builder of a zone's ZoneComments as an importer resolves each attributed comment. */
export class ZoneCommentsBuilder {
  private readonly topList: SourceComment[] = [];
  private readonly endList: SourceComment[] = [];
  private readonly aboveMap = new Map<object, SourceComment[]>();
  private readonly unplaced: NotPlacedComment[] = [];

  top(comment: SourceComment): void {
    this.topList.push(comment);
  }

  end(comment: SourceComment): void {
    this.endList.push(comment);
  }

  above(written: object, comment: SourceComment): void {
    const list = this.aboveMap.get(written) ?? [];
    list.push(comment);
    this.aboveMap.set(written, list);
  }

  notPlaced(comment: SourceComment, subject: string): void {
    this.unplaced.push({ text: comment.text, subject, at: { file: comment.file, line: comment.line } });
  }

  finish(): ZoneComments {
    return { top: this.topList, end: this.endList, above: this.aboveMap, notPlaced: this.unplaced };
  }
}

/** One ZoneCommentsBuilder per zone, made on first use, for an importer whose source feeds several zones. */
export class ZoneCommentsBuilders {
  private readonly builders = new Map<string, ZoneCommentsBuilder>();

  of(zone: string): ZoneCommentsBuilder {
    let b = this.builders.get(zone);
    if (b === undefined) this.builders.set(zone, (b = new ZoneCommentsBuilder()));
    return b;
  }

  finish(): ReadonlyMap<string, ZoneComments> {
    return new Map([...this.builders].map(([zone, b]) => [zone, b.finish()]));
  }
}
