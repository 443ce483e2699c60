/**
 * Is this live record the file's, and why not: the one function every verb and report asks
 * (docs/architecture.md, "Ownership"; README.md, "Sharing a zone"). The rules, in the order they
 * are asked (the first that answers decides):
 *
 * 0. zonectl's own records (`_zonectl*`, the apply lock: src/core/lock/lock-record.ts) are
 *    nobody's: never a change, never reported.
 * 1. The service marks the record as its own (`meta.*`, ./service-marks.ts): left alone.
 * 2. A `manage.ignore` rule matches it, a preset's included (./match-ignore.ts, ./presets.ts):
 *    left alone, even where the file lists other records of its name and type (DNSControl's
 *    IGNORE with a target, pkg/diff2/handsoff.go).
 * 3. external-dns's TXT registry owns it, or it is a registry record (`manage.external_dns`, or the
 *    `external-dns` preset; ./external-dns.ts): left alone.
 * 4. Its name is in a team's scope that no file of this zone covers (zonectl.yaml `owners:`,
 *    ./scopes.ts): left alone.
 * 5. The file lists its (name, type): the file's (made to hold exactly the file's values). With
 *    `manage.unmanaged: owned`, only when it carries zonectl's marker (./marker.ts) or equals a
 *    record the file lists there (adopted: marked by the next apply); else left alone.
 * 6. A record the file wants at its name cannot stand beside it (`cannotCoexist`,
 *    src/core/service/coexistence.ts): deleted as half of a replacement, whatever
 *    `manage.unmanaged` says; with `owned`, only when it carries the marker (else left alone).
 * 7. Anything else follows `manage.unmanaged`: `delete` deletes it; `keep` leaves it alone;
 *    `owned` deletes it when it carries the marker and leaves it alone otherwise.
 *
 * Pure; one call per live record, after `zoneView` read what the whole zone says once.
 */
import { isZonectlRecordName } from '../lock/lock-record.js';
import { valueKey } from '../model/keys.js';
import type { CanonicalRecord, LiveRecord } from '../model/record.js';
import { cannotCoexist } from '../service/coexistence.js';
import { groupDesired, pairOf, type PairGroup, type PairGroups } from './pair-groups.js';
import { EXTERNAL_DNS_DEFAULT_TYPES, externalDnsClaimOf, readRegistry, type ExternalDnsRegistry } from './external-dns.js';
import type { LeftAloneReason } from './left-alone.js';
import { isMarked } from './marker.js';
import { matchesIgnore, matchesIgnoreByName } from './match-ignore.js';
import type { ExternalDnsOptions, IgnoreRule, UnmanagedMode, ZoneScope } from './policy.js';
import { protectionFlags, isProtectedRecord } from './service-marks.js';
import { coveredByZone, teamOfName } from './scopes.js';

/** What the file says about sharing the zone: `manage` (a zone file's, or a plan's copy) and the team scopes. */
export interface OwnershipRules {
  readonly unmanaged: UnmanagedMode;
  readonly ignore: readonly IgnoreRule[];
  readonly external_dns?: ExternalDnsOptions;
  readonly scope?: ZoneScope;
}

/** What `whose` reads of the whole zone, read once. */
export interface ZoneView {
  readonly zone: string;
  readonly rules: OwnershipRules;
  readonly pairs: PairGroups;
  /** Set when external-dns shares the zone. */
  readonly registry?: ExternalDnsRegistry;
  /** The value keys of each pair's desired records (adoption under `owned`), built on first use. */
  readonly valueKeys: Map<PairGroup, ReadonlySet<string>>;
}

export type Verdict =
  /** zonectl's own record (rule 0). */
  | { readonly whose: 'zonectl' }
  | { readonly whose: 'left-alone'; readonly reason: LeftAloneReason }
  /** The file's (rule 5): `pair` is its (name, type); `adopt`: unmarked under `owned`, equal to a record of the file. */
  | { readonly whose: 'file'; readonly pair: PairGroup; readonly adopt: boolean }
  /** Deleted: half of a replacement (rule 6), or by `manage.unmanaged` (rule 7). */
  | { readonly whose: 'deleted'; readonly conflict: boolean };

/** The external-dns options in force: `manage.external_dns`, else defaults when the `external-dns` preset is used; none otherwise. */
export function externalDnsOptionsOf(rules: Pick<OwnershipRules, 'ignore' | 'external_dns'>): ExternalDnsOptions | undefined {
  if (rules.external_dns !== undefined) return rules.external_dns;
  return rules.ignore.some((r) => r.preset === 'external-dns') ? {} : undefined;
}

/** Reads what the zone says once: the file's pairs and, when external-dns shares the zone, its registry. */
export function zoneView(zone: string, rules: OwnershipRules, desired: readonly CanonicalRecord[], live: readonly LiveRecord[]): ZoneView {
  const options = externalDnsOptionsOf(rules);
  return {
    zone,
    rules,
    pairs: groupDesired(desired),
    ...(options !== undefined ? { registry: readRegistry(live, options) } : {}),
    valueKeys: new Map(),
  };
}

/** Why the rules leave a record alone whatever the file lists (rules 1 to 4), or undefined. */
export function leftAloneByRules(view: Pick<ZoneView, 'zone' | 'rules' | 'registry'>, r: LiveRecord): LeftAloneReason | undefined {
  if (isProtectedRecord(r.meta)) return { kind: 'service', flags: protectionFlags(r.meta) };
  const ignore = view.rules.ignore;
  for (let i = 0; i < ignore.length; i += 1) {
    const rule = ignore[i]!;
    if (rule.preset === 'external-dns' || !matchesIgnore(rule, r, view.zone)) continue;
    return {
      kind: 'ignored',
      rule: i,
      at: rule.at ?? `manage.ignore[${i}]`,
      ...(rule.preset !== undefined ? { preset: rule.preset } : {}),
    };
  }
  if (view.registry !== undefined) {
    const claim = externalDnsClaimOf(view.registry, r);
    if (claim !== undefined) return { kind: 'external-dns', ...claim };
  }
  const scope = view.rules.scope;
  if (scope !== undefined && !coveredByZone(r.name, view.zone, scope)) return { kind: 'scope', team: teamOfName(r.name, view.zone, scope) };
  return undefined;
}

/**
 * The question validate asks of records it cannot see (the live zone is not read): may a live
 * record of this name and type that the file does not list stay beside the file's? True when
 * `manage.unmanaged` keeps what the file does not list (`keep`, or `owned`: unmarked records
 * stay), an ignore rule may match it whatever its content, external-dns may own it (it writes
 * A, AAAA and CNAME records by default: ./external-dns.ts), or its name is another team's.
 * The same rules as `whose`, asked without the record.
 */
export function unseenMayStay(rules: OwnershipRules, record: { readonly name: string; readonly type: string }, zone: string): boolean {
  if (rules.unmanaged !== 'delete') return true;
  if (rules.ignore.some((rule) => rule.preset !== 'external-dns' && matchesIgnoreByName(rule, record, zone))) return true;
  if (externalDnsOptionsOf(rules) !== undefined && EXTERNAL_DNS_DEFAULT_TYPES.has(record.type)) return true;
  const scope = rules.scope;
  return scope !== undefined && !coveredByZone(record.name, zone, scope);
}

function conflictsWithDesired(view: ZoneView, r: LiveRecord): boolean {
  for (let g = view.pairs.atName.get(r.name); g !== undefined; g = g.next)
    if (cannotCoexist(r.name, r.type, g.type, view.zone)) return true;
  return false;
}

function equalsDesired(view: ZoneView, pair: PairGroup, r: LiveRecord): boolean {
  let keys = view.valueKeys.get(pair);
  if (keys === undefined) {
    keys = new Set(pair.desired.map(valueKey));
    view.valueKeys.set(pair, keys);
  }
  return keys.has(valueKey(r));
}

/** Whose a live record is, and why not the file's (the rules at the top of this file). */
export function whose(view: ZoneView, r: LiveRecord): Verdict {
  if (isZonectlRecordName(r.name, view.zone)) return { whose: 'zonectl' };
  const reason = leftAloneByRules(view, r);
  if (reason !== undefined) return { whose: 'left-alone', reason };
  const owned = view.rules.unmanaged === 'owned';
  const marked = owned && isMarked(r);
  const pair = pairOf(view.pairs, r.name, r.type);
  if (pair !== undefined) {
    if (!owned || marked) return { whose: 'file', pair, adopt: false };
    return equalsDesired(view, pair, r) ? { whose: 'file', pair, adopt: true } : { whose: 'left-alone', reason: { kind: 'not-marked' } };
  }
  if (owned && !marked) return { whose: 'left-alone', reason: { kind: 'not-marked' } };
  if (conflictsWithDesired(view, r)) return { whose: 'deleted', conflict: true };
  if (view.rules.unmanaged === 'keep') return { whose: 'left-alone', reason: { kind: 'unmanaged' } };
  return { whose: 'deleted', conflict: false };
}
