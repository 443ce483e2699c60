/**
 * Writes an export as a zone file: YAML through the editor's new-document writer (src/core/yaml-edit),
 * so the notes survive as comments (a schema line for editors first, records one flow map a line, a blank
 * line between names), or JSON. Pure.
 */
import { literalDocument } from '../yaml/index.js';
import { type NewNodeLayout, writeNewYaml, type YamlPath } from '../yaml-edit/index.js';
import type { ZoneExport } from './export-zone.js';

export interface RenderExportOptions {
  /** `$schema` reference for yaml-language-server (a path relative to the file); no line without one. */
  readonly schemaRef?: string;
  /** A line saying where the file came from (e.g. `exported from zone id ... on ...`). */
  readonly origin?: string;
}

function commentBlock(title: string, lines: readonly string[]): string {
  return [` ${title}`, ...lines.map((l) => `   ${l.replace(/[\r\n]+/g, ' ')}`)].join('\n');
}

type Plain = Readonly<Record<string, unknown>>;
const isPlainMap = (v: unknown): v is Plain => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * TXT content, comments and tags are free text: always quoted, so no reader wonders where they
 * end. TXT strings (`"a" "b"`, printable ASCII with `\"` and `\DDD`) in single quotes, where
 * YAML escapes nothing: the file shows them as the service and a BIND file write them.
 */
function quoteFreeText(record: Plain, at: YamlPath): NewNodeLayout[] {
  const quote = (value: unknown, path: YamlPath): NewNodeLayout[] =>
    typeof value !== 'string' ? [] : [{ path, scalar: /^"[\x20-\x7e]*"$/.test(value) ? 'QUOTE_SINGLE' : 'QUOTE_DOUBLE' }];
  const out: NewNodeLayout[] = [];
  for (const [key, value] of Object.entries(record)) {
    if (key === 'comment' || (key === 'content' && record.type === 'TXT')) out.push(...quote(value, [...at, key]));
    if (key === 'tags' && Array.isArray(value)) value.forEach((tag, j) => void out.push(...quote(tag, [...at, key, j])));
  }
  return out;
}

export function renderExportYaml(exp: ZoneExport, options: RenderExportOptions): string {
  // A zone file reads `${` as a variable reference: a live value holding one is written `$${`.
  const file = literalDocument(exp.file) as unknown as Plain;
  const header = options.schemaRef !== undefined ? [` yaml-language-server: $schema=${options.schemaRef}`] : [];
  if (options.origin !== undefined) header.push(...(header.length > 0 ? [''] : []), ` ${options.origin}`);
  // The old tool's comments about the file (import --from), below zonectl's own lines.
  const carried = exp.carried;
  if (carried !== undefined && carried.top.length > 0) header.push(...(header.length > 0 ? [''] : []), ...carried.top);
  const nodes: NewNodeLayout[] = [];
  const above = (lines: readonly string[] | undefined): string | undefined =>
    lines !== undefined && lines.length > 0 ? lines.join('\n') : undefined;
  for (const [key, value] of Object.entries(file)) {
    if ((key === 'defaults' || key === 'settings') && isPlainMap(value)) nodes.push({ path: [key], flow: key === 'defaults' });
    if (key === 'manage' && isPlainMap(value) && Array.isArray(value.ignore))
      value.ignore.forEach((rule, i) => {
        if (isPlainMap(rule)) nodes.push({ path: [key, 'ignore', i], flow: true, commentBefore: above(carried?.ignore[i]) });
      });
    if (key === 'tokens' && Array.isArray(value))
      value.forEach((token, i) => {
        if (isPlainMap(token)) nodes.push({ path: [key, i], commentBefore: above(carried?.tokens?.[i]) });
      });
    if (key === 'records' && Array.isArray(value)) {
      let previous: unknown;
      value.forEach((item, i) => {
        if (!isPlainMap(item)) return;
        const name = item.name;
        const spaceBefore = previous !== undefined && name !== previous ? true : undefined;
        nodes.push(
          { path: [key, i], flow: true, commentBefore: above(carried?.records[i]), spaceBefore },
          ...quoteFreeText(item, [key, i]),
        );
        previous = name;
      });
      const notes: string[] = [];
      if (exp.leftOut.length > 0)
        notes.push(commentBlock('Left out: records the service manages (zonectl never touches them):', exp.leftOut));
      if (exp.unknown.length > 0) notes.push(commentBlock('Left out: record types zonectl does not manage:', exp.unknown));
      for (const section of exp.sections ?? []) if (section.lines.length > 0) notes.push(commentBlock(section.title, section.lines));
      nodes.push({
        path: [key],
        comment: carried !== undefined && carried.end.length > 0 ? carried.end.join('\n') : undefined,
        keyCommentBefore: notes.length > 0 ? notes.join('\n') : undefined,
      });
    }
  }
  const text = writeNewYaml(file, {
    commentBefore: header.join('\n'),
    comment: exp.notes.length > 0 ? exp.notes.map((n) => ` ${n}`).join('\n') : undefined,
    nodes,
  });
  return exp.file.records.length === 0 ? text.replace(/^records: \[\]$/m, EMPTY_RECORDS) : text;
}

/**
 * The records of an empty zone: a block a person can append `  - { ... }` lines to (after
 * `records: []` such a line is a YAML syntax error), read as no records (the schema's `records`
 * takes null: src/core/schema/records.ts).
 */
const EMPTY_RECORDS = 'records:\n  # no records yet; add them here, one a line: - { name: www, type: A, content: 192.0.2.10 }';

export function renderExportJson(exp: ZoneExport): string {
  return `${JSON.stringify(literalDocument(exp.file), null, 2)}\n`;
}
