/**
 * The report of a many-zone run as every renderer reads it: each zone's state (in sync,
 * drifted, failed with its error), its drift items (drift-items.ts), each with its impact
 * (drift-impact.ts), its two ways out (ways-out.ts) and, when the account's audit log was
 * read, who made the change (src/core/audit); against a baseline (an earlier `drift --format
 * json`), each item new or still present, and the items gone since. New drift comes first
 * everywhere, then the items that matter most. Pure.
 */
import { joinAudit, type ZoneAudit } from '../audit/join-audit.js';
import type { Who } from '../audit/audit-entry.js';
import { isDnssecDrift } from '../dnssec/index.js';
import type { ErrorCode } from '../errors.js';
import type { Baseline } from './baseline.js';
import { impactOf, knownRanges, type Impact, type KnownRanges } from './drift-impact.js';
import { accountDriftItems, DRIFT_KINDS, driftItemsOf, type DriftItem, type DriftKind } from './drift-items.js';
import { waysOut, type WaysOut } from './ways-out.js';
import { countLeftAlone, type LeftAlone, type LeftAloneKind } from '../ownership/index.js';
import { isMarkOnly } from '../plan/operation.js';
import type { ReportKind, ZoneReport } from './zone-report.js';

export type ZoneStatus = 'in-sync' | 'drifted' | 'failed';

/** `new`: not in the baseline; `present`: in it too; `gone`: in the baseline, not any more. */
export type BaselineMark = 'new' | 'present' | 'gone';

/** An item as the reports show it: marked against the baseline, ranked, with its ways out and (drift) who made it. */
export type MarkedItem = DriftItem & {
  readonly baseline?: BaselineMark;
  readonly impact: Impact;
  /** Revert and adopt (docs/drift-report.md); none for what is no drift. */
  readonly ways: WaysOut;
  /** Who made the change, from the account's audit log (drift only, when the log was read and covers it). */
  readonly who?: Who;
};

export interface ZoneEntry {
  readonly zone: string;
  readonly file: string;
  readonly status: ZoneStatus;
  readonly error?: { readonly code: ErrorCode; readonly message: string };
  /** The items of this run, new ones first when there is a baseline. */
  readonly items: readonly MarkedItem[];
  /** Baseline items of this zone that are no longer there (only for zones checked now). */
  readonly gone: readonly MarkedItem[];
  /** Items per kind (this run's, counted or not). */
  readonly counts: Readonly<Record<DriftKind, number>>;
  /** Counted items marked new (0 without a baseline). */
  readonly newCount: number;
  /** The live records the zone's plan leaves alone, each with why (src/core/ownership; empty for a failed zone or an account). */
  readonly leftAlone?: readonly LeftAlone[];
}

export interface DriftReport {
  readonly kind: ReportKind;
  readonly zones: readonly ZoneEntry[];
  readonly totals: {
    readonly zones: number;
    readonly inSync: number;
    readonly drifted: number;
    readonly failed: number;
    readonly items: number;
    readonly byKind: Readonly<Record<DriftKind, number>>;
    readonly new: number;
    readonly present: number;
    readonly gone: number;
    /** Records left alone over every zone, and per reason. */
    readonly leftAlone?: number;
    readonly leftAloneByKind?: Readonly<Record<LeftAloneKind, number>>;
  };
  /** Set when the run was compared with a baseline. */
  readonly baseline?: { readonly source: string };
  /** Set when the run read the accounts' audit logs (drift). */
  readonly audit?: AuditSummary;
}

/** What the audit log told the run, said once for the whole report. */
export interface AuditSummary {
  /** The days before the run that were read. */
  readonly days: number;
  /** Zones whose log was read. */
  readonly zonesRead: number;
  /** Counted items joined with an entry, and those no entry covers (in zones whose log was read). */
  readonly joined: number;
  readonly notFound: number;
  /** What could not be read, and why, each said once. */
  readonly notes: readonly string[];
}

/** What `buildDriftReport` is told beside the zones' reports. */
export interface DriftReportInput {
  readonly baseline?: Baseline;
  /** The audit log of each drifted zone, by zone file (drift). */
  readonly audit?: ReadonlyMap<string, ZoneAudit>;
  /** The days the audit log was read for (with `audit`). */
  readonly auditDays?: number;
}

function emptyCounts(): Record<DriftKind, number> {
  return Object.fromEntries(DRIFT_KINDS.map((k) => [k, 0])) as Record<DriftKind, number>;
}

function countKinds(items: readonly DriftItem[]): Record<DriftKind, number> {
  const counts = emptyCounts();
  for (const i of items) counts[i.kind] += 1;
  return counts;
}

/** An item with its impact and ways out (and `who`, when the audit log covers it). */
function present(
  i: DriftItem,
  at: { readonly kind: ReportKind; readonly file: string; readonly newZone: boolean },
  known: KnownRanges | undefined,
  who: ReadonlyMap<string, Who>,
): MarkedItem {
  const w = who.get(i.id);
  // A plan is the file's change to make: revert and adopt are drift's ways out.
  const ways = at.kind === 'drift' ? waysOut(i, at.file, at.newZone) : {};
  return { ...i, impact: impactOf(i, known), ways, ...(w !== undefined ? { who: w } : {}) };
}

/** New items first, then those still present; within each, the items that matter most first, then the plan's order. */
function mark(items: readonly MarkedItem[], baseline: Baseline | undefined): MarkedItem[] {
  const marked =
    baseline === undefined ? [...items] : items.map((i): MarkedItem => ({ ...i, baseline: baseline.ids.has(i.id) ? 'present' : 'new' }));
  const group = (i: MarkedItem): number => (i.baseline === 'new' ? 0 : 1);
  return marked
    .map((i, n) => ({ i, n }))
    .sort((a, b) => group(a.i) - group(b.i) || a.i.impact.rank - b.i.impact.rank || a.n - b.n)
    .map(({ i }) => i);
}

/** An item whose impact the zone's known ranges may decide (drift-impact.ts, `liveAddress`). */
const isAddressItem = (i: { readonly type: string }): boolean => i.type === 'A' || i.type === 'AAAA';

function entryOf(kind: ReportKind, r: ZoneReport, baseline: Baseline | undefined, audit: ZoneAudit | undefined): ZoneEntry {
  if (r.kind === 'failed') {
    // A zone that could not be checked: nothing can be said gone.
    return {
      zone: r.zone,
      file: r.file,
      status: 'failed',
      error: { code: r.code, message: r.message },
      items: [],
      gone: [],
      counts: emptyCounts(),
      newCount: 0,
      leftAlone: [],
    };
  }
  const own = r.kind === 'planned' ? driftItemsOf(r.plan) : accountDriftItems(r.zone, r.plan);
  // The file's addresses make the zone's known ranges; a report made without them ranks no address.
  // Only an A or AAAA item is ranked by them (drift-impact.ts), so a zone with none (a clean plan)
  // does not parse every address of its file.
  const previous = baseline?.byZone.get(r.zone) ?? [];
  const ranked = own.some(isAddressItem) || previous.some(isAddressItem);
  const known = r.kind === 'planned' && r.addresses !== undefined && ranked ? knownRanges(r.addresses) : undefined;
  const zoneId = r.kind === 'planned' ? r.plan.zoneId : '';
  const newZone = r.kind === 'planned' && r.plan.newZone !== undefined;
  const who = audit?.kind === 'read' ? joinAudit(own, audit.entries, zoneId) : new Map<string, Who>();
  const items = mark(
    own.map((i) => present(i, { kind, file: r.file, newZone }, known, who)),
    baseline,
  );
  const ids = new Set(own.map((i) => i.id));
  const gone = previous
    .filter((i) => !ids.has(i.id))
    .map((i): MarkedItem => ({ ...i, impact: impactOf(i, known), ways: {}, baseline: 'gone' }));
  // Marking a record as zonectl's (manage.unmanaged: owned) is a write apply makes, never drift.
  const drifted =
    (r.kind === 'planned' ? r.plan.operations.some((op) => !isMarkOnly(op)) : r.plan.operations.length > 0) ||
    (r.kind === 'planned' && (r.plan.newZone !== undefined || (r.plan.dnssec !== undefined && isDnssecDrift(r.plan.dnssec))));
  return {
    zone: r.zone,
    file: r.file,
    status: drifted ? 'drifted' : 'in-sync',
    items,
    gone,
    counts: countKinds(own),
    newCount: items.filter((i) => i.counted && i.baseline === 'new').length,
    leftAlone: r.kind === 'planned' ? (r.plan.leftAlone ?? []) : [],
  };
}

/** What the audit log told the run, in a few sentences said once (AuditSummary). */
function auditSummary(entries: readonly ZoneEntry[], audit: ReadonlyMap<string, ZoneAudit>, days: number): AuditSummary {
  const states = entries.flatMap((e) => {
    const a = audit.get(e.file);
    return a !== undefined ? [{ e, a }] : [];
  });
  const read = states.filter(({ a }) => a.kind === 'read');
  const counted = (e: ZoneEntry): MarkedItem[] =>
    e.items.filter((i) => i.counted && (i.ways.revert !== undefined || i.ways.adopt !== undefined));
  const joined = read.reduce((n, { e }) => n + counted(e).filter((i) => i.who !== undefined).length, 0);
  const notFound = read.reduce((n, { e }) => n + counted(e).filter((i) => i.who === undefined && i.type !== 'token').length, 0);
  const zones = (list: typeof states): string => {
    const names = list.map(({ e }) => e.zone);
    return names.length <= 3 ? names.join(', ') : `${names.slice(0, 3).join(', ')} and ${names.length - 3} more`;
  };
  const forbidden = states.filter(({ a }) => a.kind === 'forbidden');
  const unavailable = states.filter(({ a }) => a.kind === 'unavailable');
  const partial = read.filter(({ a }) => a.kind === 'read' && !a.complete);
  const detail = (list: typeof states): string => {
    const first = list[0]?.a;
    return first !== undefined && first.kind !== 'read' ? first.detail : '';
  };
  const notes = [
    ...(forbidden.length > 0
      ? [
          `who made each change is not shown for ${zones(forbidden)}: the credential may not read the account's audit log (${detail(forbidden)}); it needs Account Settings Read`,
        ]
      : []),
    ...(unavailable.length > 0 ? [`who made each change is not shown for ${zones(unavailable)}: ${detail(unavailable)}`] : []),
    ...(partial.length > 0
      ? [`the audit log of ${zones(partial)} has more entries in the last ${days} days than zonectl reads: the oldest were not joined`]
      : []),
    ...(notFound > 0
      ? [
          `${notFound} drift item${notFound === 1 ? ' has' : 's have'} no entry in the audit log of the last ${days} days: changed before that, or by something the log does not record`,
        ]
      : []),
  ];
  return { days, zonesRead: read.length, joined, notFound, notes };
}

/**
 * The report of a run; `baseline` marks each item new or still present and lists what is gone,
 * `audit` joins each item with the entries of the audit log that made it.
 */
export function buildDriftReport(kind: ReportKind, reports: readonly ZoneReport[], input: DriftReportInput = {}): DriftReport {
  const { baseline, audit } = input;
  const entries = reports.map((r) => entryOf(kind, r, baseline, audit?.get(r.file)));
  // Zones with new drift first, then drifted, then failed, then in sync; the run's order within each.
  const rank = (e: ZoneEntry): number => (e.newCount > 0 ? 0 : e.status === 'drifted' ? 1 : e.status === 'failed' ? 2 : 3);
  const zones = entries
    .map((e, i) => ({ e, i }))
    .sort((a, b) => rank(a.e) - rank(b.e) || a.i - b.i)
    .map(({ e }) => e);
  const byKind = emptyCounts();
  for (const z of zones) for (const k of DRIFT_KINDS) byKind[k] += z.counts[k];
  const all = zones.flatMap((z) => z.items);
  const leftAlone = zones.flatMap((z) => z.leftAlone ?? []);
  return {
    kind,
    zones,
    totals: {
      zones: zones.length,
      inSync: zones.filter((z) => z.status === 'in-sync').length,
      drifted: zones.filter((z) => z.status === 'drifted').length,
      failed: zones.filter((z) => z.status === 'failed').length,
      items: all.filter((i) => i.counted).length,
      byKind,
      new: all.filter((i) => i.counted && i.baseline === 'new').length,
      present: all.filter((i) => i.counted && i.baseline === 'present').length,
      gone: zones.reduce((n, z) => n + z.gone.length, 0),
      leftAlone: leftAlone.length,
      leftAloneByKind: countLeftAlone(leftAlone),
    },
    ...(baseline !== undefined ? { baseline: { source: baseline.source } } : {}),
    ...(audit !== undefined ? { audit: auditSummary(zones, audit, input.auditDays ?? 0) } : {}),
  };
}
