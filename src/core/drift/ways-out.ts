/**
 * What happened at the service to a drift item (added there, changed there, removed there) and
 * its two ways out: revert (the `apply` that restores the file's value) or adopt (`zonectl drift
 * FILE --adopt ID`, which takes the live value into the file), as the commands to run and what
 * they do. The report carries them (drift-report.ts), `drift --adopt` reads them; the words every
 * format says them in are src/core/render/drift-words.ts (docs/drift-report.md, "How drift
 * reads"). Pure.
 */
import { assertNever } from '../errors.js';
import type { DriftItem } from './drift-items.js';

/** What happened at the service, as an item says it. */
export const HAPPENED = ['added', 'changed', 'removed', 'missing', 'kept', 'unlisted'] as const;
export type Happened = (typeof HAPPENED)[number];

/** `added`/`changed`/`removed` at the service; `missing`: the zone does not exist; `kept`, `unlisted`: reported, not drift. */
export function happenedOf(i: Pick<DriftItem, 'kind' | 'field' | 'file' | 'live'>): Happened {
  switch (i.kind) {
    case 'changed':
    case 'settings':
      return 'changed';
    case 'added':
      return 'added';
    case 'deleted':
      return 'removed';
    case 'zone':
      return 'missing';
    case 'unmanaged':
      return 'kept';
    case 'token':
      if (i.field === 'unlisted') return 'unlisted';
      if (i.field === 'token') return i.live === null ? 'removed' : 'added';
      return 'changed';
    default:
      return assertNever(i.kind, 'drift kind');
  }
}

/** One way out of an item: the command to run and what it does. */
export interface WayOut {
  readonly command: string;
  readonly does: string;
}

/** Revert (apply the file again) and adopt (take the live value into the file); either may not apply. */
export interface WaysOut {
  readonly revert?: WayOut;
  readonly adopt?: WayOut;
}

/**
 * A file name as one shell word: left as it is when it holds only characters no shell reads
 * specially, else in single quotes (a `'` inside as `'\''`), so that a copied command runs on
 * that file and nothing else, whatever the name holds.
 */
export function shellWord(word: string): string {
  return /^[A-Za-z0-9_./@%+=:,-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

/** What `apply FILE` does to an item: make the service hold the file's value again. */
function revertDoes(i: DriftItem, happened: Happened, newZone: boolean): string | undefined {
  if (i.type === 'dnssec' && i.live === 'error') return undefined; // nothing apply can send clears the service's error
  switch (happened) {
    case 'changed':
      return `sets it back to ${i.file ?? '(none)'}`;
    case 'added':
      return 'deletes it';
    case 'removed':
      return newZone ? 'creates it with the zone' : 'creates it again';
    case 'missing':
      return 'creates the zone and its records';
    case 'kept':
    case 'unlisted':
      return undefined;
    default:
      return assertNever(happened, 'happening');
  }
}

/**
 * What `drift FILE --adopt ID` does to an item: write the live value where the file (or the
 * fragment the record comes from) sets it. Records and DNS settings only: a token's secret side
 * and a zone that does not exist are not the file's to take in.
 */
function adoptDoes(i: DriftItem, happened: Happened, newZone: boolean): string | undefined {
  const where = i.source ?? 'the file';
  // A zone that does not exist has nothing live to take in.
  if (newZone || i.type === 'token' || i.kind === 'zone' || (i.type === 'dnssec' && i.live === 'error')) return undefined;
  switch (happened) {
    case 'changed':
      return `writes ${i.live ?? '(none)'} into ${where}`;
    case 'added':
      return `adds it to ${where}`;
    case 'removed':
      return `removes it from ${where}`;
    case 'missing':
    case 'kept':
    case 'unlisted':
      return undefined;
    default:
      return assertNever(happened, 'happening');
  }
}

/**
 * The two ways out of a counted item of the zone file `file`: `zonectl apply FILE` and
 * `zonectl drift FILE --adopt ID` (the id as in the JSON report; `drift --adopt` takes the items
 * it names into the files). Items that are no drift (kept, unlisted) have none; `newZone`: the
 * item's zone does not exist yet (apply creates it; there is nothing to adopt).
 */
export function waysOut(i: DriftItem, file: string, newZone = false): WaysOut {
  if (!i.counted) return {};
  const happened = happenedOf(i);
  const revert = revertDoes(i, happened, newZone);
  const adopt = adoptDoes(i, happened, newZone);
  return {
    ...(revert !== undefined ? { revert: { command: `zonectl apply ${shellWord(file)}`, does: revert } } : {}),
    ...(adopt !== undefined ? { adopt: { command: `zonectl drift ${shellWord(file)} --adopt ${i.id}`, does: adopt } } : {}),
  };
}
