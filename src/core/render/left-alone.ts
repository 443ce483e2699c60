/**
 * The records a plan leaves alone, as every report shows them (README.md, "Sharing a zone"):
 * counted by why (the service's own, ignored by a rule, external-dns's, another team's, not
 * marked as zonectl's, not in the file and kept), each with its value and the reason in words
 * (`ignored by manage.ignore[0] (preset acme-challenge)`, `owned by external-dns (owner prod;
 * registry record a-www.example.com)`). Which record gets which reason is src/core/ownership's
 * answer alone; this only words it. Text and Markdown list a zone's first LEFT_ALONE_SHOWN
 * records and count the rest (JSON lists every one). Pure.
 */
import {
  countLeftAlone,
  describeLeftAloneCounts,
  describeReason,
  LEFT_ALONE_KINDS,
  type LeftAlone,
  type LeftAloneKind,
  type LeftAloneReason,
} from '../ownership/index.js';
import type { ZonePlan } from '../plan/build-plan.js';
import { describeRecordValue } from '../drift/index.js';

/** Records of one zone listed in the text and Markdown reports; the rest are counted. */
export const LEFT_ALONE_SHOWN = 20;

/** One record left alone, as the reports show it. */
export interface LeftAloneRow {
  readonly name: string;
  readonly type: string;
  /** The live value, as a plan shows one (`describeRecordValue`). */
  readonly value: string;
  readonly recordId: string;
  readonly reason: LeftAloneReason;
  /** The reason in words. */
  readonly why: string;
}

export function leftAloneRows(list: readonly LeftAlone[] | undefined): LeftAloneRow[] {
  return (list ?? []).map(({ record, reason }) => ({
    name: record.name,
    type: record.type,
    value: describeRecordValue(record),
    recordId: record.id,
    reason,
    why: describeReason(reason),
  }));
}

/** A plan's records left alone, as rows. */
export function planLeftAlone(plan: ZonePlan): LeftAloneRow[] {
  return leftAloneRows(plan.leftAlone);
}

/** How many records each reason holds (every kind, 0 when none). */
export function leftAloneCounts(rows: ReadonlyArray<{ readonly reason: LeftAloneReason }>): Record<LeftAloneKind, number> {
  return countLeftAlone(rows);
}

/** `left alone: 3 records (2 ignored by manage.ignore, 1 owned by external-dns)`; '' for none. */
export function leftAloneHeading(rows: readonly LeftAloneRow[]): string {
  if (rows.length === 0) return '';
  const counts = describeLeftAloneCounts(rows);
  return `left alone: ${rows.length} record${rows.length === 1 ? '' : 's'} (${counts})`;
}

/** `_acme-challenge.example.com TXT "abc": ignored by manage.ignore[0] (preset acme-challenge)` */
export function leftAloneLine(row: LeftAloneRow): string {
  return `${row.name} ${row.type} ${row.value}: ${row.why}`;
}

/** The lines of a zone's records left alone: the first `shown`, then how many more. */
export function leftAloneLines(rows: readonly LeftAloneRow[], shown = LEFT_ALONE_SHOWN): string[] {
  const lines = rows.slice(0, shown).map(leftAloneLine);
  if (rows.length > shown) lines.push(`… and ${rows.length - shown} more (--format json lists every one)`);
  return lines;
}

/** A zone's records left alone in the JSON reports: the count, the count per reason, and each record. */
export function jsonLeftAlone(rows: readonly LeftAloneRow[]): Record<string, unknown> {
  const counts = leftAloneCounts(rows);
  return {
    count: rows.length,
    by_reason: Object.fromEntries(LEFT_ALONE_KINDS.map((k) => [k, counts[k]])),
    records: rows.map((r) => ({ name: r.name, type: r.type, record_id: r.recordId, value: r.value, reason: r.reason, why: r.why })),
  };
}
