/**
 * The comments of a YAML file (an octoDNS zone file or configuration), as the `yaml` package's
 * parser finds them (its concrete syntax tree: a `#` inside a quoted or block scalar is no
 * comment), each with its line and whether something is written before it on that line. Also the
 * line where the document starts (`---`), when the file has one. Pure.
 */
import { LineCounter, Parser } from 'yaml';
import type { SourceComment } from './source-comments.js';

export interface YamlComments {
  readonly comments: readonly SourceComment[];
  /** The line of the first document's `---`, or 0. */
  readonly documentStart: number;
}

/** Every comment token of the parser's tokens (they sit in `start`, `sep`, `end` and item lists). */
function collect(token: unknown, found: Array<{ offset: number; source: string }>, depth: number): void {
  if (depth > 400 || typeof token !== 'object' || token === null) return;
  if (Array.isArray(token)) {
    for (const t of token) collect(t, found, depth + 1);
    return;
  }
  const t = token as { type?: unknown; offset?: unknown; source?: unknown };
  if (t.type === 'comment' && typeof t.offset === 'number' && typeof t.source === 'string') {
    found.push({ offset: t.offset, source: t.source });
    return;
  }
  for (const value of Object.values(token)) if (typeof value === 'object' && value !== null) collect(value, found, depth + 1);
}

export function yamlComments(text: string, file: string): YamlComments {
  const lineCounter = new LineCounter();
  const found: Array<{ offset: number; source: string }> = [];
  let documentStart = 0;
  for (const token of new Parser(lineCounter.addNewLine).parse(text)) {
    collect(token, found, 0);
    const doc = token as { type?: string; start?: Array<{ type?: string; offset?: number }> };
    if (documentStart === 0 && doc.type === 'document') {
      const marker = doc.start?.find((s) => s.type === 'doc-start');
      if (marker?.offset !== undefined) documentStart = lineCounter.linePos(marker.offset).line;
    }
  }
  const comments = found
    .sort((a, b) => a.offset - b.offset)
    .map(({ offset, source }): SourceComment => {
      const { line } = lineCounter.linePos(offset);
      const lineStart = lineCounter.lineStarts[line - 1] ?? 0;
      return { file, line, text: source.replace(/^#/, ''), inline: text.slice(lineStart, offset).trim() !== '' };
    });
  return { comments, documentStart };
}
