/**
 * The report of a many-zone run as the HTML, JUnit and Slack renderers read it: each zone's
 * state (in sync, drifted, failed with its error), its drift items (drift-items.ts) and, against
 * a baseline (an earlier `drift --format json`), each item new or still present, and the items
 * gone since. New drift comes first everywhere. Pure.
 */
import { isDnssecDrift } from '../dnssec/index.js';
import { assertNever, type ErrorCode } from '../errors.js';
import type { Baseline } from './baseline.js';
import { accountDriftItems, DRIFT_KINDS, driftItemsOf, type DriftItem, type DriftKind } from './drift-items.js';
import type { ReportKind, ZoneReport } from './zone-report.js';

export type ZoneStatus = 'in-sync' | 'drifted' | 'failed';

/** `new`: not in the baseline; `present`: in it too; `gone`: in the baseline, not any more. */
export type BaselineMark = 'new' | 'present' | 'gone';

export type MarkedItem = DriftItem & { readonly baseline?: BaselineMark };

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
  };
  /** Set when the run was compared with a baseline. */
  readonly baseline?: { readonly source: string };
}

function emptyCounts(): Record<DriftKind, number> {
  return Object.fromEntries(DRIFT_KINDS.map((k) => [k, 0])) as Record<DriftKind, number>;
}

function countKinds(items: readonly DriftItem[]): Record<DriftKind, number> {
  const counts = emptyCounts();
  for (const i of items) counts[i.kind] += 1;
  return counts;
}

/** New items first, then those still present; each group in the plan's order. */
function mark(items: readonly DriftItem[], baseline: Baseline | undefined): MarkedItem[] {
  if (baseline === undefined) return [...items];
  const marked = items.map((i): MarkedItem => ({ ...i, baseline: baseline.ids.has(i.id) ? 'present' : 'new' }));
  return [...marked.filter((i) => i.baseline === 'new'), ...marked.filter((i) => i.baseline !== 'new')];
}

function entryOf(r: ZoneReport, baseline: Baseline | undefined): ZoneEntry {
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
    };
  }
  const own = r.kind === 'planned' ? driftItemsOf(r.plan) : accountDriftItems(r.zone, r.plan);
  const items = mark(own, baseline);
  const ids = new Set(own.map((i) => i.id));
  const gone = (baseline?.byZone.get(r.zone) ?? []).filter((i) => !ids.has(i.id)).map((i): MarkedItem => ({ ...i, baseline: 'gone' }));
  const drifted =
    r.plan.operations.length > 0 ||
    (r.kind === 'planned' && (r.plan.newZone !== undefined || (r.plan.dnssec !== undefined && isDnssecDrift(r.plan.dnssec))));
  return {
    zone: r.zone,
    file: r.file,
    status: drifted ? 'drifted' : 'in-sync',
    items,
    gone,
    counts: countKinds(own),
    newCount: items.filter((i) => i.counted && i.baseline === 'new').length,
  };
}

/** The report of a run; `baseline` marks each item new or still present and lists what is gone. */
export function buildDriftReport(kind: ReportKind, reports: readonly ZoneReport[], baseline?: Baseline): DriftReport {
  const entries = reports.map((r) => entryOf(r, baseline));
  // Zones with new drift first, then drifted, then failed, then in sync; the run's order within each.
  const rank = (e: ZoneEntry): number => (e.newCount > 0 ? 0 : e.status === 'drifted' ? 1 : e.status === 'failed' ? 2 : 3);
  const zones = entries
    .map((e, i) => ({ e, i }))
    .sort((a, b) => rank(a.e) - rank(b.e) || a.i - b.i)
    .map(({ e }) => e);
  const byKind = emptyCounts();
  for (const z of zones) for (const k of DRIFT_KINDS) byKind[k] += z.counts[k];
  const all = zones.flatMap((z) => z.items);
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
    },
    ...(baseline !== undefined ? { baseline: { source: baseline.source } } : {}),
  };
}

/**
 * What drift is: a difference made outside the zone files (Terraform's "changed outside of
 * Terraform"). Every human format says so in these words, the file's value first, then the live one.
 */
export const OUTSIDE = 'outside the zone files';

/** The words a report uses for each kind of item: drift is seen from the file, a plan from apply. */
export function kindLabel(report: ReportKind, kind: DriftKind): string {
  if (report === 'plan') {
    const plan: Record<DriftKind, string> = {
      changed: 'to update',
      added: 'to delete',
      deleted: 'to create',
      settings: 'settings to update',
      token: 'tokens to change',
      zone: 'zones to create',
      unmanaged: 'unmanaged (kept)',
    };
    return plan[kind];
  }
  const drift: Record<DriftKind, string> = {
    changed: `changed ${OUTSIDE}`,
    added: `added ${OUTSIDE}`,
    deleted: `deleted ${OUTSIDE}`,
    settings: `settings changed ${OUTSIDE}`,
    token: 'token drift',
    zone: 'zone missing',
    unmanaged: 'unmanaged (kept)',
  };
  return drift[kind];
}

/** The kinds drift counts as made outside the zone files, with their short verb. */
const OUTSIDE_VERBS: Partial<Record<DriftKind, string>> = {
  changed: 'changed',
  added: 'added',
  deleted: 'deleted',
  settings: 'settings changed',
};

/**
 * Counts of a zone's items in words: `2 changed, 1 added, 1 deleted outside the zone files, 1
 * token drift` (drift), `2 to update, 1 to delete` (plan). Kept unmanaged records are left out.
 */
export function describeCounts(report: ReportKind, counts: Readonly<Record<DriftKind, number>>): string {
  const kinds = DRIFT_KINDS.filter((k) => k !== 'unmanaged' && counts[k] > 0);
  if (report === 'plan') return kinds.map((k) => `${counts[k]} ${kindLabel(report, k)}`).join(', ');
  const verb = (k: DriftKind): string => (k === 'settings' && counts[k] === 1 ? 'setting changed' : (OUTSIDE_VERBS[k] ?? ''));
  // A zone that does not exist yet: its records are not live, nothing was deleted outside the files.
  const missing = counts.zone > 0;
  const outside = kinds
    .filter((k) => OUTSIDE_VERBS[k] !== undefined && !(missing && k === 'deleted'))
    .map((k) => `${counts[k]} ${verb(k)}`);
  const rest = [
    ...kinds.filter((k) => OUTSIDE_VERBS[k] === undefined).map((k) => `${counts[k]} ${kindLabel(report, k)}`),
    ...(missing && counts.deleted > 0 ? [`${counts.deleted} record(s) to create with it`] : []),
  ];
  return [...(outside.length > 0 ? [`${outside.join(', ')} ${OUTSIDE}`] : []), ...rest].join(', ');
}

function signOf(i: DriftItem): string {
  return i.kind === 'added' ? '-' : i.kind === 'deleted' || i.kind === 'zone' ? '+' : i.kind === 'unmanaged' ? '=' : '~';
}

/** What happened to an item, in drift's words (after its name, type and field). */
function driftVerb(i: DriftItem, newZone: boolean): string {
  switch (i.kind) {
    case 'changed':
    case 'settings':
      return ` changed ${OUTSIDE}`;
    case 'added':
      return ` added ${OUTSIDE}`;
    case 'deleted':
      // In a zone that does not exist yet, nothing was deleted: the zone and its records are to be created.
      return newZone ? ' not live (the zone does not exist yet)' : ` deleted ${OUTSIDE}`;
    case 'token':
      return i.field === 'unlisted' ? ' not listed in any file' : '';
    case 'zone':
      return ' missing';
    case 'unmanaged':
      return ' kept (unmanaged)';
    default:
      return assertNever(i.kind, 'drift kind');
  }
}

/**
 * One line of an item, as text. Drift: what happened, then the file's value and the live one in
 * that order (`~ www.example.com A value changed outside the zone files: file 192.0.2.1, live
 * 192.0.2.9`; `(none)` where one side has nothing; `newZone`: the item's zone does not exist yet). Plan: `~ www.example.com A value: file
 * 192.0.2.1, live 192.0.2.9`.
 */
export function describeItem(i: DriftItem, report: ReportKind = 'drift', newZone = false): string {
  const where = `${signOf(i)} ${i.name} ${i.type}${i.field === 'record' || i.field === 'zone' ? '' : ` ${i.field}`}`;
  if (report === 'drift') {
    // A token's `unlisted` and `token` fields say what the verb says.
    const head = i.kind === 'token' && (i.field === 'unlisted' || i.field === 'token') ? `${signOf(i)} ${i.name} ${i.type}` : where;
    return `${head}${driftVerb(i, newZone)}: file ${i.file ?? '(none)'}, live ${i.live ?? '(none)'}`;
  }
  if (i.file !== null && i.live !== null) return `${where}: file ${i.file}, live ${i.live}`;
  if (i.file !== null) return `${where}: in the file (${i.file}), not live`;
  return `${where}: live (${i.live ?? ''}), not in the file`;
}
