/**
 * Writes an export as a zone file: YAML through the `yaml` package's document API, so the notes
 * survive as comments (a schema line for editors first, records one flow map a line, a blank
 * line between names), or JSON. Pure.
 */
import { Document, isMap, isScalar, isSeq, Scalar, type Pair, type YAMLMap } from 'yaml';
import { literalDocument } from '../yaml/index.js';
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

/**
 * TXT content, comments and tags are free text: always quoted, so no reader wonders where they
 * end. TXT strings (`"a" "b"`, printable ASCII with `\"` and `\DDD`) in single quotes, where
 * YAML escapes nothing: the file shows them as the service and a BIND file write them.
 */
function quoteFreeText(record: YAMLMap): void {
  const quote = (node: unknown): void => {
    if (!isScalar(node) || typeof node.value !== 'string') return;
    node.type = /^"[\x20-\x7e]*"$/.test(node.value) ? Scalar.QUOTE_SINGLE : Scalar.QUOTE_DOUBLE;
  };
  for (const pair of record.items as Pair[]) {
    const key = isScalar(pair.key) ? pair.key.value : undefined;
    if (key === 'comment' || (key === 'content' && record.get('type') === 'TXT')) quote(pair.value);
    if (key === 'tags' && isSeq(pair.value)) pair.value.items.forEach(quote);
  }
}

export function renderExportYaml(exp: ZoneExport, options: RenderExportOptions): string {
  // A zone file reads `${` as a variable reference: a live value holding one is written `$${`.
  const doc = new Document(literalDocument(exp.file));
  const header = options.schemaRef !== undefined ? [` yaml-language-server: $schema=${options.schemaRef}`] : [];
  if (options.origin !== undefined) header.push(...(header.length > 0 ? [''] : []), ` ${options.origin}`);
  // The old tool's comments about the file (import --from), below zonectl's own lines.
  const carried = exp.carried;
  if (carried !== undefined && carried.top.length > 0) header.push(...(header.length > 0 ? [''] : []), ...carried.top);
  doc.commentBefore = header.join('\n');
  const root = doc.contents as YAMLMap;
  const pairs = root.items as Pair[];
  for (const pair of pairs) {
    const key = isScalar(pair.key) ? String(pair.key.value) : '';
    if ((key === 'defaults' || key === 'settings') && isMap(pair.value)) pair.value.flow = key === 'defaults';
    if (key === 'manage' && isMap(pair.value)) {
      const ignore = pair.value.get('ignore');
      if (isSeq(ignore))
        ignore.items.forEach((rule, i) => {
          if (!isMap(rule)) return;
          rule.flow = true;
          const above = carried?.ignore[i];
          if (above !== undefined && above.length > 0) rule.commentBefore = above.join('\n');
        });
    }
    if (key === 'tokens' && isSeq(pair.value))
      pair.value.items.forEach((token, i) => {
        const above = carried?.tokens?.[i];
        if (above !== undefined && above.length > 0 && isMap(token)) token.commentBefore = above.join('\n');
      });
    if (key === 'records' && isSeq(pair.value)) {
      let previous: unknown;
      pair.value.items.forEach((item, i) => {
        if (!isMap(item)) return;
        item.flow = true;
        const above = carried?.records[i];
        if (above !== undefined && above.length > 0) item.commentBefore = above.join('\n');
        quoteFreeText(item);
        const name = item.get('name');
        if (previous !== undefined && name !== previous) item.spaceBefore = true;
        previous = name;
      });
      if (carried !== undefined && carried.end.length > 0) pair.value.comment = carried.end.join('\n');
      const notes: string[] = [];
      if (exp.leftOut.length > 0)
        notes.push(commentBlock('Left out: records the service manages (zonectl never touches them):', exp.leftOut));
      if (exp.unknown.length > 0) notes.push(commentBlock('Left out: record types zonectl does not manage:', exp.unknown));
      for (const section of exp.sections ?? []) if (section.lines.length > 0) notes.push(commentBlock(section.title, section.lines));
      if (notes.length > 0 && isScalar(pair.key)) pair.key.commentBefore = notes.join('\n');
    }
  }
  if (exp.notes.length > 0) doc.comment = exp.notes.map((n) => ` ${n}`).join('\n');
  const text = doc.toString({ lineWidth: 0, flowCollectionPadding: true });
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
