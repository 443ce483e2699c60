/**
 * Drift in the words of the person on call: what happened at the service (added there, changed
 * there, removed there), the live side first, never a plan's `+`/`-`/`~` (which say what apply
 * would do, and read backwards for drift), and each item's two ways out (src/core/drift/ways-out.ts)
 * as a line. One home for these words: every format says them alike (docs/drift-report.md, "How
 * drift reads"); the items, their impact and the report are src/core/drift's. Pure.
 */
import { describeWho } from '../audit/audit-entry.js';
import {
  type DriftItem,
  type DriftKind,
  DRIFT_KINDS,
  happenedOf,
  type Happened,
  type MarkedItem,
  type ReportKind,
  type WaysOut,
} from '../drift/index.js';
import { assertNever } from '../errors.js';

/** The words of each happening, as column labels and counts say them. */
export const HAPPENED_LABEL: Readonly<Record<Happened, string>> = {
  added: 'added at the service',
  changed: 'changed at the service',
  removed: 'removed at the service',
  missing: 'zone missing at the service',
  kept: 'kept (unmanaged)',
  unlisted: 'not listed in any file',
};

/** `www.example.com A`, `www.example.com A ttl`, `example.com dns_settings ns_ttl`, `ci token`. */
export function itemSubject(i: Pick<DriftItem, 'name' | 'type' | 'field'>): string {
  const field = i.field === 'record' || i.field === 'zone' || i.field === 'token' || i.field === 'unlisted' ? '' : ` ${i.field}`;
  return `${i.name} ${i.type}${field}`;
}

/**
 * One item in drift's words, live side first: `www.example.com A value changed at the service:
 * live 192.0.2.9, file 192.0.2.1`; `promo.example.com TXT added at the service: live "promo"
 * [ttl auto], not in the file`; `api.example.com A removed at the service: not live, file
 * 192.0.2.20 [ttl auto]`. `newZone`: the item's zone does not exist yet (nothing was removed).
 */
export function describeDriftItem(i: DriftItem, newZone = false): string {
  const subject = itemSubject(i);
  const file = i.file === 'listed' ? 'the file lists it' : `file ${i.file ?? '(none)'}`;
  const happened = happenedOf(i);
  switch (happened) {
    case 'changed':
      return `${subject} changed at the service: live ${i.live ?? '(none)'}, ${file}`;
    case 'added':
      return `${subject} added at the service: live ${i.live ?? '(none)'}, not in the file`;
    case 'removed':
      return newZone
        ? `${subject} not live yet (the zone does not exist): ${file}`
        : `${subject} removed at the service: not live, ${file}`;
    case 'missing':
      return `${subject} missing at the service: the zone does not exist, ${file}`;
    case 'kept':
      return `${subject} kept (unmanaged): live ${i.live ?? '(none)'}`;
    case 'unlisted':
      return `${subject} not listed in any file: live ${i.live ?? '(none)'}`;
    default:
      return assertNever(happened, 'happening');
  }
}

/** `revert: zonectl apply F (deletes it) · adopt: zonectl drift F --adopt d2:… (adds it to the file)`; '' without one. */
export function describeWaysOut(w: WaysOut): string {
  return [
    ...(w.revert !== undefined ? [`revert: ${w.revert.command} (${w.revert.does})`] : []),
    ...(w.adopt !== undefined ? [`adopt: ${w.adopt.command} (${w.adopt.does})`] : []),
  ].join(' · ');
}

/**
 * Where drift happens: at the service, outside the zone files (Terraform's "changed outside of
 * Terraform"). Every human format says it in these words, the live value first (below).
 */
export const AT_SERVICE = 'at the service';

/** The words a report uses for each kind of item: drift says what happened at the service, a plan what apply does. */
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
    changed: `changed ${AT_SERVICE}`,
    added: `added ${AT_SERVICE}`,
    deleted: `removed ${AT_SERVICE}`,
    settings: `settings changed ${AT_SERVICE}`,
    token: 'token drift',
    zone: 'zone missing',
    unmanaged: 'unmanaged (kept)',
  };
  return drift[kind];
}

/** The kinds drift counts as made at the service, with their short verb. */
const SERVICE_VERBS: Partial<Record<DriftKind, string>> = {
  changed: 'changed',
  added: 'added',
  deleted: 'removed',
  settings: 'settings changed',
};

/**
 * Counts of a zone's items in words: `2 changed, 1 added, 1 removed at the service, 1 token
 * drift` (drift), `2 to update, 1 to delete` (plan). Kept unmanaged records are left out.
 */
export function describeCounts(report: ReportKind, counts: Readonly<Record<DriftKind, number>>): string {
  const kinds = DRIFT_KINDS.filter((k) => k !== 'unmanaged' && counts[k] > 0);
  if (report === 'plan') return kinds.map((k) => `${counts[k]} ${kindLabel(report, k)}`).join(', ');
  const verb = (k: DriftKind): string => (k === 'settings' && counts[k] === 1 ? 'setting changed' : (SERVICE_VERBS[k] ?? ''));
  // A zone that does not exist yet: its records are not live, nothing was removed at the service.
  const missing = counts.zone > 0;
  const atService = kinds
    .filter((k) => SERVICE_VERBS[k] !== undefined && !(missing && k === 'deleted'))
    .map((k) => `${counts[k]} ${verb(k)}`);
  const rest = [
    ...kinds.filter((k) => SERVICE_VERBS[k] === undefined).map((k) => `${counts[k]} ${kindLabel(report, k)}`),
    ...(missing && counts.deleted > 0 ? [`${counts.deleted} record(s) to create with it`] : []),
  ];
  return [...(atService.length > 0 ? [`${atService.join(', ')} ${AT_SERVICE}`] : []), ...rest].join(', ');
}

function signOf(i: DriftItem): string {
  return i.kind === 'added' ? '-' : i.kind === 'deleted' || i.kind === 'zone' ? '+' : i.kind === 'unmanaged' ? '=' : '~';
}

/**
 * One line of an item, as text. Drift: in the operator's words, live side first, no sign
 * (`describeDriftItem`; `newZone`: the item's zone does not exist yet). Plan:
 * what apply changes, with its sign: `~ www.example.com A value: file 192.0.2.1, live 192.0.2.9`.
 */
export function describeItem(i: DriftItem, report: ReportKind = 'drift', newZone = false): string {
  if (report === 'drift') return describeDriftItem(i, newZone);
  const where = `${signOf(i)} ${i.name} ${i.type}${i.field === 'record' || i.field === 'zone' ? '' : ` ${i.field}`}`;
  if (i.file !== null && i.live !== null) return `${where}: file ${i.file}, live ${i.live}`;
  if (i.file !== null) return `${where}: in the file (${i.file}), not live`;
  return `${where}: live (${i.live ?? ''}), not in the file`;
}

/** The lines under a drift item: who made it (when the audit log says), then its ways out. */
export function itemDetailLines(i: MarkedItem): string[] {
  return [
    ...(i.impact.reason !== '' ? [`impact: ${i.impact.reason}`] : []),
    ...(i.who !== undefined ? [`by ${describeWho(i.who)}`] : []),
    ...(i.ways.revert !== undefined ? [`revert: ${i.ways.revert.command} (${i.ways.revert.does})`] : []),
    ...(i.ways.adopt !== undefined ? [`adopt: ${i.ways.adopt.command} (${i.ways.adopt.does})`] : []),
  ];
}
