/**
 * A zone's carried comments, laid onto the zone file an import writes (the records in the order
 * export writes them, the `manage.ignore` rules in theirs) and counted for the report. Pure.
 */
import type { WrittenComments } from '../../export/export-zone.js';
import {
  carriedCount,
  commentLine,
  FirstWritten,
  type NotPlacedComment,
  type SourceComment,
  type ZoneComments,
} from './source-comments.js';

/** What the report says of a zone's comments. */
export interface CommentCounts {
  /** Comments read from the source that concern the zone. */
  readonly read: number;
  /** Written into the zone file beside what they annotate (or at its top). */
  readonly carried: number;
  /** Comments of records the import did not carry over: listed here, not written. */
  readonly notPlaced: readonly NotPlacedComment[];
}

export function commentReport(c: ZoneComments): CommentCounts {
  const carried = carriedCount(c);
  return { read: carried + c.notPlaced.length, carried, notPlaced: c.notPlaced };
}

/** The same comments with every written object replaced as `map` says (an alias zone's copies of the records). */
export function remapComments(c: ZoneComments, map: (o: object) => object): ZoneComments {
  const above = new Map<object, readonly SourceComment[]>();
  for (const [key, list] of c.above) above.set(key instanceof FirstWritten ? new FirstWritten(key.candidates.map(map)) : map(key), list);
  return { ...c, above };
}

const byPlace = (a: SourceComment, b: SourceComment): number => (a.file < b.file ? -1 : a.file > b.file ? 1 : a.line - b.line);

/**
 * The comments onto the file: `records` are the written records' sources in the written order,
 * `ignore` the written rules' sources. A FirstWritten goes above the first of its candidates the
 * file writes (records before rules: `records` comes first in the file). Lines above one element
 * keep their order in the source.
 */
export function layComments(
  c: ZoneComments,
  records: readonly object[],
  ignore: readonly object[],
  tokens: readonly object[] = [],
): WrittenComments {
  const recordIndex = new Map(records.map((r, i) => [r, i]));
  const ruleIndex = new Map(ignore.map((r, i) => [r, i]));
  const tokenIndex = new Map(tokens.map((r, i) => [r, i]));
  const onRecords = new Map<number, SourceComment[]>();
  const onRules = new Map<number, SourceComment[]>();
  const onTokens = new Map<number, SourceComment[]>();
  const top = [...c.top];
  const add = (into: Map<number, SourceComment[]>, at: number, list: readonly SourceComment[]): void => {
    into.set(at, [...(into.get(at) ?? []), ...list]);
  };
  for (const [key, list] of c.above) {
    const candidates = key instanceof FirstWritten ? key.candidates : [key];
    const recordAt = candidates.map((k) => recordIndex.get(k)).filter((i): i is number => i !== undefined);
    const ruleAt = candidates.map((k) => ruleIndex.get(k)).filter((i): i is number => i !== undefined);
    const tokenAt = candidates.map((k) => tokenIndex.get(k)).filter((i): i is number => i !== undefined);
    if (recordAt.length > 0) add(onRecords, Math.min(...recordAt), list);
    else if (tokenAt.length > 0) add(onTokens, Math.min(...tokenAt), list);
    else if (ruleAt.length > 0) add(onRules, Math.min(...ruleAt), list);
    else top.push(...list);
  }
  const lines = (list: SourceComment[] | undefined): string[] | undefined => list?.sort(byPlace).map((x) => commentLine(x.text));
  return {
    top: top.sort(byPlace).map((x) => commentLine(x.text)),
    end: [...c.end].sort(byPlace).map((x) => commentLine(x.text)),
    records: records.map((_, i) => lines(onRecords.get(i))),
    ignore: ignore.map((_, i) => lines(onRules.get(i))),
    tokens: tokens.map((_, i) => lines(onTokens.get(i))),
  };
}
