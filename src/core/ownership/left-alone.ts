/**
 * The records zonectl leaves alone in a zone, each with why: what plan, drift (every format) and
 * the PR comment show, counted, and `--format json` gives tools (README.md, "Sharing a zone").
 * Data and words only; which record gets which reason is decided by ./whose.ts.
 */
import type { LiveRecord } from '../model/record.js';

export type LeftAloneReason =
  /** The service marks it as its own (`meta.*`, ./service-marks.ts). */
  | { readonly kind: 'service'; readonly flags: readonly string[] }
  /** A rule of `manage.ignore` matches it (`rule`: its index in the merged list; `at`: where it is written). */
  | { readonly kind: 'ignored'; readonly rule: number; readonly at: string; readonly preset?: string }
  /** external-dns's TXT registry owns it (`owner` null: encrypted), or it is a registry record. */
  | { readonly kind: 'external-dns'; readonly role: 'registry' | 'owned'; readonly owner: string | null; readonly registry: string }
  /** Another team's scope (zonectl.yaml `owners:`); `team` null: the names no team owns, which this zone's files do not cover. */
  | { readonly kind: 'scope'; readonly team: string | null }
  /** `manage.unmanaged: owned`: not marked as zonectl's (./marker.ts). */
  | { readonly kind: 'not-marked' }
  /** `manage.unmanaged: keep`: the file does not list its (name, type). */
  | { readonly kind: 'unmanaged' };

export type LeftAloneKind = LeftAloneReason['kind'];

/** Every kind, in the order reports list them. */
export const LEFT_ALONE_KINDS: readonly LeftAloneKind[] = ['service', 'ignored', 'external-dns', 'scope', 'not-marked', 'unmanaged'];

export interface LeftAlone {
  readonly record: LiveRecord;
  readonly reason: LeftAloneReason;
}

/** Why, in words: `ignored by manage.ignore[2] (preset acme-challenge)`, `owned by external-dns (owner prod)`. */
export function describeReason(reason: LeftAloneReason): string {
  switch (reason.kind) {
    case 'service':
      return `managed by the service (${reason.flags.join(', ')})`;
    case 'ignored':
      return `ignored by ${reason.at}${reason.preset !== undefined ? ` (preset ${reason.preset})` : ''}`;
    case 'external-dns': {
      const owner = reason.owner === null ? 'owner unknown: encrypted registry' : `owner ${reason.owner === '' ? '(none)' : reason.owner}`;
      return reason.role === 'registry'
        ? `external-dns's registry record (${owner})`
        : `owned by external-dns (${owner}; registry record ${reason.registry})`;
    }
    case 'scope':
      return reason.team === null ? "in no team's scope, which no file of this zone covers" : `another team's scope (${reason.team})`;
    case 'not-marked':
      return "not marked as zonectl's (manage.unmanaged: owned)";
    case 'unmanaged':
      return 'not in the file (manage.unmanaged: keep)';
  }
}

/** A short heading per kind, for counts (`3 ignored, 2 owned by external-dns`). */
export function kindWords(kind: LeftAloneKind): string {
  switch (kind) {
    case 'service':
      return 'managed by the service';
    case 'ignored':
      return 'ignored by manage.ignore';
    case 'external-dns':
      return 'owned by external-dns';
    case 'scope':
      return "another team's scope";
    case 'not-marked':
      return "not marked as zonectl's";
    case 'unmanaged':
      return 'not in the file (kept)';
  }
}

/** How many records each kind holds (every kind present, 0 when none). */
export function countLeftAlone(list: ReadonlyArray<{ readonly reason: LeftAloneReason }>): Record<LeftAloneKind, number> {
  const counts = Object.fromEntries(LEFT_ALONE_KINDS.map((k) => [k, 0])) as Record<LeftAloneKind, number>;
  for (const l of list) counts[l.reason.kind] += 1;
  return counts;
}

/** `2 ignored by manage.ignore, 1 owned by external-dns` (kinds with records only). */
export function describeCounts(
  list: ReadonlyArray<{ readonly reason: LeftAloneReason }>,
  kinds: readonly LeftAloneKind[] = LEFT_ALONE_KINDS,
): string {
  const counts = countLeftAlone(list);
  return kinds
    .filter((k) => counts[k] > 0)
    .map((k) => `${counts[k]} ${kindWords(k)}`)
    .join(', ');
}
