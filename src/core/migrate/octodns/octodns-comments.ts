/**
 * The comments of an octoDNS zone's files, carried to the zone file (issue 40 item 1). The
 * elements comments annotate: a name (its key line: every record of the name), one record of a
 * name's list (its item and every line inside it), one value of `values:` (its item and the lines
 * inside it: the zonectl record made of that value, since one octoDNS record with several values
 * becomes several zonectl records). Where each goes: above the record written (the first written
 * of a name's records), above the `manage.ignore` rule of a record octoDNS leaves alone, or, for a
 * record not imported (left to octoDNS, never written by its Cloudflare provider), in the report.
 * Pure.
 */
import type { CanonicalRecord } from '../../model/record.js';
import type { IgnoreRule } from '../../zonefile/index.js';
import {
  type Anchor,
  attributeComments,
  FirstWritten,
  type SourceComment,
  type ZoneComments,
  ZoneCommentsBuilder,
} from '../comments/source-comments.js';
import type { Spots } from './yaml-tree.js';

/** The comments of the files read for an import, by file (as the spots name it). */
export interface FileComments {
  readonly comments: readonly SourceComment[];
  readonly lines: readonly string[];
  readonly documentStart: number;
}

/** What became of one octoDNS record (a mapping of a zone file). */
export type RecordOutcome =
  | { readonly kind: 'imported'; readonly subject: string; readonly values: readonly (CanonicalRecord | undefined)[] }
  | { readonly kind: 'ignored'; readonly subject: string; readonly rule: IgnoreRule }
  | { readonly kind: 'left'; readonly subject: string };

/** What a line of a zone file belongs to: a name (all its records), one record, one value of it. */
type Element = { readonly records: readonly object[] } | { readonly record: object; readonly value?: number };

const isObject = (v: unknown): v is object => typeof v === 'object' && v !== null;

/** Every line a node of the tree (and what it holds) is written on, with `file`. */
function nodeLines(spots: Spots, node: unknown, visit: (file: string, line: number, child: unknown, key: string | number) => void): void {
  if (!isObject(node)) return;
  const spot = spots.get(node);
  if (spot === undefined) return;
  if (Array.isArray(node)) {
    node.forEach((item, i) => {
      visit(spot.file, spot.items[i] ?? spot.line, item, i);
    });
  } else for (const [key, child] of Object.entries(node)) visit(spot.file, spot.keys.get(key) ?? spot.line, child, key);
}

/** The anchors of one zone's files: names, records, values. */
export function octodnsAnchors(roots: readonly unknown[], spots: Spots): Anchor<Element>[] {
  const anchors: Anchor<Element>[] = [];
  const inside = (node: unknown, target: Element, depth: number): void => {
    if (depth > 50) return;
    nodeLines(spots, node, (file, line, child) => {
      anchors.push({ file, line, target });
      inside(child, target, depth + 1);
    });
  };
  for (const root of roots) {
    if (!isObject(root) || Array.isArray(root)) continue;
    const rootSpot = spots.get(root);
    for (const [name, body] of Object.entries(root)) {
      const records = (Array.isArray(body) ? body : [body]).filter(isObject);
      const keyLine = rootSpot?.keys.get(name);
      if (rootSpot !== undefined && keyLine !== undefined) anchors.push({ file: rootSpot.file, line: keyLine, target: { records } });
      if (Array.isArray(body)) {
        const listSpot = spots.get(body);
        body.forEach((rec, i) => {
          if (listSpot !== undefined && isObject(rec))
            anchors.push({ file: listSpot.file, line: listSpot.items[i] ?? listSpot.line, target: { record: rec } });
        });
      }
      for (const rec of records) {
        nodeLines(spots, rec, (file, line, child, key) => {
          if (key === 'values' && Array.isArray(child)) {
            anchors.push({ file, line, target: { record: rec } });
            const valuesSpot = spots.get(child);
            child.forEach((value, k) => {
              if (valuesSpot === undefined) return;
              const target: Element = { record: rec, value: k };
              anchors.push({ file: valuesSpot.file, line: valuesSpot.items[k] ?? valuesSpot.line, target });
              inside(value, target, 1);
            });
            return;
          }
          anchors.push({ file, line, target: { record: rec } });
          inside(child, { record: rec }, 1);
        });
      }
    }
  }
  return anchors;
}

/**
 * The zone's comments placed: `files` are the zone's files (their comments, lines), `outcomes`
 * what became of each record mapping, `written` the records the zone file lists (a record a later
 * file replaced is not among them).
 */
export function placeOctodnsComments(
  files: ReadonlyMap<string, FileComments>,
  anchors: readonly Anchor<Element>[],
  outcomes: ReadonlyMap<object, RecordOutcome>,
  written: ReadonlySet<CanonicalRecord>,
): ZoneComments {
  const builder = new ZoneCommentsBuilder();
  const attributed = attributeComments(
    [...files.values()].flatMap((f) => f.comments),
    anchors,
    {
      lines: new Map([...files].map(([file, f]) => [file, f.lines])),
      documentStart: new Map([...files].map(([file, f]) => [file, f.documentStart])),
      indentation: true,
    },
  );
  for (const { comment, to } of attributed) {
    if (to.kind === 'file') {
      if (to.where === 'top') builder.top(comment);
      else builder.end(comment);
      continue;
    }
    if (to.kind === 'configuration') {
      builder.top(comment);
      continue;
    }
    const element = to.target;
    const recs = 'records' in element ? element.records : [element.record];
    const value = 'value' in element ? element.value : undefined;
    const kept: object[] = [];
    const subjects: string[] = [];
    for (const rec of recs) {
      const outcome = outcomes.get(rec);
      if (outcome === undefined) continue;
      subjects.push(outcome.subject);
      if (outcome.kind === 'ignored') kept.push(outcome.rule);
      else if (outcome.kind === 'imported') {
        const made = value !== undefined ? [outcome.values[value]] : outcome.values;
        kept.push(...made.filter((r): r is CanonicalRecord => r !== undefined && written.has(r)));
      }
    }
    if (kept.length === 1) builder.above(kept[0]!, comment);
    else if (kept.length > 1) builder.above(new FirstWritten(kept), comment);
    else builder.notPlaced(comment, subjects.join(', ') || 'a record of the file');
  }
  return builder.finish();
}
