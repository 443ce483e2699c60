/**
 * `drift --format junit` / `plan --format junit`: a JUnit XML report that CI systems show beside
 * tests (GitLab `artifacts:reports:junit`, GitHub test-report actions). One test case per zone:
 * drift (or a plan's changes) is a `<failure>` whose message is the zone's diff, a zone that
 * could not be checked an `<error>` with its code and message, a zone in sync passes. The shape
 * is the Apache Ant JUnit schema's, the strictest in use (test/fixtures/schemas/junit, with its
 * source): every required attribute and element is there. Pure: the caller gives the time.
 */
import { describeWho } from '../audit/audit-entry.js';
import { describeItem, itemDetailLines } from './drift-words.js';
import type { DriftReport, MarkedItem, ZoneEntry } from '../drift/index.js';
import { printable } from '../text/index.js';
import type { ReportKind } from '../drift/index.js';
import { unmanagedZoneLine, unmanagedZonesHeading, type UnmanagedZoneRow } from './unmanaged-zones.js';
import { leftAloneHeading, leftAloneLines, leftAloneRows } from './left-alone.js';

export interface JunitOptions {
  /** When the run was made, `YYYY-MM-DDThh:mm:ss` (UTC, no zone: the schema's pattern). */
  readonly timestamp: string;
  /** Lines of a zone's diff in the failure message (the element's text has them all). */
  readonly messageLines?: number;
  /**
   * `drift --unmanaged-zones`: a property with their count, and the list in the suite's
   * `<system-out>` (they are not drift: no test case fails for them, as drift's exit code).
   */
  readonly unmanagedZones?: readonly UnmanagedZoneRow[];
}

const REFERENCES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
  '\n': '&#10;',
  '\r': '&#13;',
  '\t': '&#9;',
};

/** Characters XML 1.0 does not allow at all (§2.2 Char): lone surrogates, U+FFFE, U+FFFF. */
const NOT_XML = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]|[\ufffe\uffff]/g;

/** Text of an element or a quoted attribute; line feeds kept as references (attributes keep them so). */
export function xml(text: string): string {
  return text.replace(NOT_XML, '\ufffd').replace(/[&<>"'\n\r\t]/g, (c) => REFERENCES[c]!);
}

/** Element text: as `xml`, but line feeds stay line feeds. */
function xmlLines(text: string): string {
  return text
    .split('\n')
    .map((line) => xml(line))
    .join('\n');
}

/**
 * A zone's diff, one line per item (in the report's words), new ones first and marked; gone ones
 * last. Drift adds under each item what it touches, who made it and its ways out (`full`), or
 * (`compact`, Slack) who made it and the item's id on its own line.
 */
export function zoneDiffLines(report: ReportKind, z: ZoneEntry, details: 'full' | 'compact' = 'full'): string[] {
  const newZone = z.items.some((i) => i.kind === 'zone');
  const line = (i: MarkedItem): string[] => {
    const head = printable(
      `${i.baseline === 'new' ? '[new] ' : i.baseline === 'gone' ? '[gone] ' : ''}${describeItem(i, report, newZone)}`,
    );
    if (report !== 'drift' || i.baseline === 'gone' || !i.counted) return [head];
    if (details === 'compact') {
      const by = i.who !== undefined ? ` · by ${describeWho(i.who)}` : '';
      return [head, printable(`    ${i.impact.reason !== '' ? `${i.impact.reason} · ` : ''}id ${i.id}${by}`)];
    }
    return [head, ...itemDetailLines(i).map((d) => printable(`    ${d}`))];
  };
  return [...z.items.flatMap(line), ...z.gone.flatMap(line)];
}

/** The audit log's notes (said once), as lines. */
export function auditNoteLines(report: DriftReport): string[] {
  return (report.audit?.notes ?? []).map((n) => printable(`audit log: ${n}`));
}

function testcase(report: DriftReport, z: ZoneEntry, options: JunitOptions): string {
  // The zone file's name goes in the text: the Ant schema has no `file` attribute.
  const attrs = `name="${xml(printable(z.zone))}" classname="zonectl.${report.kind}" time="0"`;
  if (z.status === 'failed') {
    const message = `${printable(z.zone)} (${printable(z.file)}): ${z.error?.code ?? 'ERROR'}: ${printable(z.error?.message ?? '')}`;
    return `    <testcase ${attrs}>\n      <error message="${xml(message)}" type="${xml(z.error?.code ?? 'ERROR')}">${xmlLines(message)}</error>\n    </testcase>`;
  }
  if (z.status === 'in-sync') return `    <testcase ${attrs}/>`;
  const lines = zoneDiffLines(report.kind, z);
  const max = options.messageLines ?? 50;
  const shown =
    lines.length > max ? [...lines.slice(0, max), `… ${lines.length - max} more (the whole diff is in the failure's text)`] : lines;
  const what = report.kind === 'drift' ? 'drift' : 'changes';
  const head = `${printable(z.zone)} (${printable(z.file)}): ${z.items.filter((i) => i.counted).length} ${what}${z.newCount > 0 ? ` (${z.newCount} new)` : ''}`;
  return (
    `    <testcase ${attrs}>\n` +
    `      <failure message="${xml([head, ...shown].join('\n'))}" type="${what}">${xmlLines([head, ...lines].join('\n'))}</failure>\n` +
    '    </testcase>'
  );
}

/** Each zone's records left alone, with why (the Ant schema gives a test case no output of its own). */
export function leftAloneReportLines(report: DriftReport): string[] {
  return report.zones.flatMap((z) => {
    const rows = leftAloneRows(z.leftAlone);
    if (rows.length === 0) return [];
    return [printable(`${z.zone}: ${leftAloneHeading(rows)}`), ...leftAloneLines(rows).map((l) => printable(`  ${l}`))];
  });
}

/** The suite's `<system-out>`: the audit log's notes, the records left alone, and the unmanaged zones, when listed. */
function systemOut(report: DriftReport, zones: readonly UnmanagedZoneRow[] | undefined): string {
  const lines = [
    ...auditNoteLines(report),
    ...leftAloneReportLines(report),
    ...(zones !== undefined ? [unmanagedZonesHeading(zones.length), ...zones.map((z) => `  ${unmanagedZoneLine(z)}`)] : []),
  ];
  return xmlLines(lines.join('\n'));
}

export function renderJunit(report: DriftReport, options: JunitOptions): string {
  const t = report.totals;
  const name = `zonectl ${report.kind}`;
  const counts = `tests="${t.zones}" failures="${t.drifted}" errors="${t.failed}" skipped="0" time="0"`;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    // The schema gives <testsuites> no attributes: the counts are on the one <testsuite>.
    '<testsuites>',
    `  <testsuite name="${name}" package="zonectl" id="0" timestamp="${xml(options.timestamp)}" hostname="localhost" ${counts}>`,
    '    <properties>',
    `      <property name="zonectl.command" value="${report.kind}"/>`,
    ...(report.baseline !== undefined
      ? [
          `      <property name="zonectl.baseline" value="${xml(printable(report.baseline.source))}"/>`,
          `      <property name="zonectl.new" value="${t.new}"/>`,
          `      <property name="zonectl.gone" value="${t.gone}"/>`,
        ]
      : []),
    ...(options.unmanagedZones !== undefined
      ? [`      <property name="zonectl.unmanaged-zones" value="${options.unmanagedZones.length}"/>`]
      : []),
    ...((t.leftAlone ?? 0) > 0 ? [`      <property name="zonectl.left-alone" value="${t.leftAlone ?? 0}"/>`] : []),
    ...(report.audit !== undefined
      ? [
          `      <property name="zonectl.audit-log-days" value="${report.audit.days}"/>`,
          `      <property name="zonectl.audit-log-joined" value="${report.audit.joined}"/>`,
        ]
      : []),
    '    </properties>',
    ...report.zones.map((z) => testcase(report, z, options)),
    `    <system-out>${systemOut(report, options.unmanagedZones)}</system-out>`,
    '    <system-err></system-err>',
    '  </testsuite>',
    '</testsuites>',
    '',
  ].join('\n');
}
