/**
 * Every live record of a zone sorted by `whose` (./whose.ts, where the rules are stated): the
 * file's records by (name, type), the records deleted as half of a replacement or by
 * `manage.unmanaged`, and the records left alone with why. diffRecords only matches what this
 * hands it (src/core/diff/diff-records.ts).
 *
 * A record deleted as half of a replacement (rule 6) goes even with `keep`: the plan shows each
 * such delete first, as a destructive replacement (build-plan.ts, `replacementsOf`), and the
 * safety thresholds count it like any delete. A left-alone record that cannot stand beside a
 * record the file wants is a warning: the service will refuse the file's record while it is there.
 *
 * Live records are handed on without zonectl's marker (./marker.ts): the file's comment and tags
 * compare with the user's part, so the marker is never a difference.
 */
import type { CanonicalRecord, LiveRecord } from '../model/record.js';
import type { ZoneTier } from '../service/zone-tiers.js';
import { pairOf, type PairGroups } from './pair-groups.js';
import { claimOf } from './external-dns.js';
import type { LeftAlone } from './left-alone.js';
import { isMarked, markerFormFor, withoutMarker, type MarkerForm } from './marker.js';
import { cannotCoexist } from '../service/coexistence.js';
import { whose, zoneView, type OwnershipRules, type ZoneView } from './whose.js';
import { describeReason } from './left-alone.js';

export interface OwnershipInput {
  readonly zone: string;
  readonly desired: readonly CanonicalRecord[];
  readonly live: readonly LiveRecord[];
  readonly rules: OwnershipRules;
  /** The zone's tier when known: the marker's form under `manage.unmanaged: owned` (./marker.ts). */
  readonly tier?: ZoneTier;
}

/** `manage.unmanaged: owned`: the marker's form, and which of the file's live records do not carry it yet. */
export interface Marking {
  readonly form: MarkerForm;
  readonly unmarked: ReadonlySet<string>;
}

export interface Ownership {
  /**
   * The file's (name, type) pairs; each holds its live records (rule 5, without marker) in `live`
   * and the service's equal to one of them (rule 1: a desired record equal to one is in place) in `protectedLive`.
   */
  readonly pairs: PairGroups;
  /** Every record left alone, with why (rules 1 to 4, unmarked under `owned`, unlisted under `keep`). */
  readonly leftAlone: readonly LeftAlone[];
  /** Left alone but for `manage.unmanaged: keep` (protected, ignored, external-dns's, another team's, unmarked). */
  readonly untouchable: readonly LiveRecord[];
  /** Live records deleted because a desired record cannot stand beside them (rule 6). */
  readonly conflicting: readonly LiveRecord[];
  /** Names freed by those deletes (a create there is the other half of a replacement). */
  readonly freedNames: ReadonlySet<string>;
  /** Rule 7, by `manage.unmanaged`. */
  readonly unmanagedKept: readonly LiveRecord[];
  readonly unmanagedDeleted: readonly LiveRecord[];
  /** Live records zonectl may touch (the base of the safety percentages). */
  readonly manageable: number;
  readonly warnings: readonly string[];
  /** Set under `manage.unmanaged: owned`. */
  readonly marking?: Marking;
  /** Records of the file that the live zone says are not the file's (external-dns owns them): each an error, before any write. */
  readonly fileConflicts: readonly FileConflict[];
}

function cannotStandWarning(view: ZoneView, r: LiveRecord, why: string): string | undefined {
  const blocking: string[] = [];
  for (let g = view.pairs.atName.get(r.name); g !== undefined; g = g.next) {
    if (cannotCoexist(r.name, r.type, g.type, view.zone)) blocking.push(g.type);
    // A name holds one CNAME: a left-alone CNAME blocks the file's other one.
    else if (g.type === 'CNAME' && r.type === 'CNAME' && !g.desired.some((d) => d.content === r.content)) blocking.push(g.type);
  }
  if (blocking.length === 0) return undefined;
  return `${r.name} ${r.type} (id ${r.id}) is ${why}, and cannot stand beside the ${[...new Set(blocking)].join('/')} record the file wants there: the service refuses the file's record while it is there`;
}

/** A (name, type) of the file that another writer's registry claims, and why. */
export interface FileConflict {
  readonly name: string;
  readonly type: string;
  /** `owned by external-dns (owner k8s; registry record a-www.example.com TXT)`. */
  readonly why: string;
}

/** The file's records that external-dns's registry claims (it would recreate them): one each. */
function externalDnsConflicts(view: ZoneView): FileConflict[] {
  if (view.registry === undefined) return [];
  const out: FileConflict[] = [];
  for (const pair of view.pairs.all) {
    const claim = claimOf(view.registry, pair.name, pair.type);
    if (claim === undefined) continue;
    const owner = claim.owner === null ? 'owner unknown: encrypted' : `owner ${claim.owner}`;
    out.push({ name: pair.name, type: pair.type, why: `owned by external-dns (${owner}; registry record ${claim.registry} TXT)` });
  }
  return out;
}

/** Sorts every live record by `whose` (./whose.ts). */
export function assignOwnership(input: OwnershipInput): Ownership {
  const view = zoneView(input.zone, input.rules, input.desired, input.live);
  const owned = input.rules.unmanaged === 'owned';
  const leftAlone: LeftAlone[] = [];
  const untouchable: LiveRecord[] = [];
  const conflicting: LiveRecord[] = [];
  const unmanagedKept: LiveRecord[] = [];
  const unmanagedDeleted: LiveRecord[] = [];
  const freedNames = new Set<string>();
  const warnings: string[] = [];
  const unmarked = new Set<string>();
  let seen = 0;
  for (const r of input.live) {
    const verdict = whose(view, r);
    if (verdict.whose === 'zonectl') continue;
    seen += 1;
    const user = withoutMarker(r);
    switch (verdict.whose) {
      case 'left-alone': {
        leftAlone.push({ record: user, reason: verdict.reason });
        if (verdict.reason.kind === 'unmanaged') {
          unmanagedKept.push(user);
          break;
        }
        untouchable.push(user);
        const pair = pairOf(view.pairs, r.name, r.type);
        if (verdict.reason.kind === 'service' && pair !== undefined) (pair.protectedLive ??= []).push(user);
        else if (view.pairs.atName.has(r.name)) {
          const warning = cannotStandWarning(view, r, describeReason(verdict.reason));
          if (warning !== undefined) warnings.push(warning);
        }
        break;
      }
      case 'file':
        (verdict.pair.live ??= []).push(user);
        if (owned && (verdict.adopt || !isMarked(r))) unmarked.add(r.id);
        break;
      case 'deleted':
        if (verdict.conflict) {
          conflicting.push(user);
          freedNames.add(r.name);
        } else unmanagedDeleted.push(user);
        break;
    }
  }
  return {
    pairs: view.pairs,
    leftAlone,
    untouchable,
    conflicting,
    freedNames,
    unmanagedKept,
    unmanagedDeleted,
    manageable: seen - untouchable.length,
    warnings,
    ...(owned ? { marking: { form: markerFormFor(input.tier), unmarked } } : {}),
    fileConflicts: externalDnsConflicts(view),
  };
}
