/**
 * The comments of DNSControl's `dnsconfig.js` carried to the zone files (issue 40 item 1), read
 * beside the `print-ir` JSON the import reads: the IR names the line of `dnsconfig.js` each
 * record was written on (`filepos`), js-comments.ts where each comment and `D()` call is. A
 * comment beside a record (or the block above it) goes above the record written (records written
 * on one line: above the first written); one beside another line of a `D()` call (its name,
 * `DnsProvider`, `DefaultTTL`, ...) at the top of that domain's zone file; one about the file at
 * the top of every zone file. Comments of a record not imported (a redirect, a LOC) are listed in
 * the report with its zone; those of a domain not imported, in the report; those beside providers
 * and variables are the configuration's, counted. Pure.
 */
import type { CanonicalRecord } from '../../model/record.js';
import {
  type Anchor,
  attributeComments,
  FirstWritten,
  type NotPlacedComment,
  type ZoneComments,
  ZoneCommentsBuilders,
} from '../comments/source-comments.js';
import type { JsScan } from '../comments/js-comments.js';

/** One record of the IR: its zone, its line in dnsconfig.js, and what it became. */
export interface IrRecordOutcome {
  readonly zone: string;
  readonly line: number;
  /** The record written; undefined: not imported (`subject` says what it was). */
  readonly written?: CanonicalRecord;
  readonly subject: string;
}

type Target =
  | { readonly kind: 'line'; readonly line: number }
  | { readonly kind: 'domain'; readonly zone: string }
  | { readonly kind: 'other-domain'; readonly name: string };

export interface DnscontrolComments {
  readonly zones: ReadonlyMap<string, ZoneComments>;
  readonly notPlaced: readonly NotPlacedComment[];
  readonly configuration: number;
}

/** A `D()` name as the IR names the zone: lower case, no trailing dot, no `!tag`. */
const zoneOfDomain = (name: string): string => name.replace(/!.*$/, '').replace(/\.$/, '').toLowerCase();

export function placeDnscontrolComments(
  scan: JsScan,
  file: string,
  lines: readonly string[],
  imported: ReadonlySet<string>,
  records: readonly IrRecordOutcome[],
): DnscontrolComments {
  // One target per line: a line with records is theirs (whichever zones they are in: records in
  // a variable that several D() calls use), else its D() call's, else the configuration's.
  const byLine = new Map<number, Target | undefined>();
  const onLine = new Map<number, IrRecordOutcome[]>();
  for (const r of records) onLine.set(r.line, [...(onLine.get(r.line) ?? []), r]);
  for (const s of scan.configuration) for (let line = s.startLine; line <= s.endLine; line += 1) byLine.set(line, undefined);
  for (const d of scan.domains) {
    const zone = zoneOfDomain(d.name);
    for (let line = d.startLine; line <= d.endLine; line += 1)
      byLine.set(line, imported.has(zone) ? { kind: 'domain', zone } : { kind: 'other-domain', name: d.name });
  }
  for (const line of onLine.keys()) byLine.set(line, { kind: 'line', line });
  const anchors: Anchor<Target>[] = [...byLine].map(([line, target]) => ({ file, line, target }));
  const builders = new ZoneCommentsBuilders();
  const notPlaced: NotPlacedComment[] = [];
  let configuration = 0;
  for (const { comment, to } of attributeComments(scan.comments, anchors, { lines: new Map([[file, lines]]) })) {
    if (to.kind === 'configuration') configuration += 1;
    else if (to.kind === 'file') {
      if (imported.size === 0)
        notPlaced.push({ text: comment.text, subject: `${file} (about the file)`, at: { file, line: comment.line } });
      for (const zone of imported) {
        if (to.where === 'top') builders.of(zone).top(comment);
        else builders.of(zone).end(comment);
      }
    } else if (to.target.kind === 'other-domain')
      notPlaced.push({ text: comment.text, subject: `domain ${to.target.name}`, at: { file, line: comment.line } });
    else if (to.target.kind === 'domain') builders.of(to.target.zone).top(comment);
    else {
      const here = onLine.get(to.target.line) ?? [];
      for (const zone of new Set(here.map((r) => r.zone))) {
        const mine = here.filter((r) => r.zone === zone);
        const written = mine.flatMap((r) => (r.written !== undefined ? [r.written] : []));
        const b = builders.of(zone);
        if (written.length === 1) b.above(written[0]!, comment);
        else if (written.length > 1) b.above(new FirstWritten(written), comment);
        else b.notPlaced(comment, mine.map((r) => r.subject).join(', '));
      }
    }
  }
  return { zones: builders.finish(), notPlaced, configuration };
}
