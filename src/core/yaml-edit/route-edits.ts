/**
 * Where an edit of a zone is written: a record in the file that holds it (the zone file, or the
 * fragment it includes: `include:`), a new record and a setting in the zone file. A record of a
 * fragment that other zones include too is never edited for one zone (that would change them):
 * the whole set of edits is refused, naming the fragment and the zones. Pure: which zones
 * include a fragment is the caller's question (src/app/files/fragment-users.ts answers it from
 * the repository).
 */
import type { DesiredRecord } from '../zonefile/index.js';
import type { RecordFields, ZoneFileEdit } from './zone-file-edit.js';

/** Where a record of a zone is written. */
export interface RecordHome {
  /** The zone file, or the fragment (as the loaded zone shows it: `DesiredRecord.source`). */
  readonly file: string;
  /** Its index in that file's `records`. */
  readonly index: number;
  readonly fragment: boolean;
}

/** The home of a record of the zone loaded from `zoneFile`. */
export function recordHome(zoneFile: string, record: Pick<DesiredRecord, 'path' | 'source'>): RecordHome {
  const match = /^records\[(\d+)\]$/.exec(record.path);
  if (!match) throw new RangeError(`not a record path: ${record.path}`);
  const index = Number(match[1]);
  return record.source !== undefined ? { file: record.source, index, fragment: true } : { file: zoneFile, index, fragment: false };
}

/** One edit of a zone, said by the record it concerns (its home is found here) or as a zone-file edit. */
export type ZoneEdit =
  | {
      readonly kind: 'change-record';
      readonly record: Pick<DesiredRecord, 'path' | 'source'>;
      readonly fields: Readonly<Record<string, unknown>>;
    }
  | { readonly kind: 'remove-record'; readonly record: Pick<DesiredRecord, 'path' | 'source'> }
  | { readonly kind: 'add-record'; readonly record: RecordFields; readonly comments?: readonly string[] }
  /** A value of the zone file itself (`settings`, `dnssec`, ...). */
  | Extract<ZoneFileEdit, { kind: 'set' | 'remove' }>;

export interface FileEdits {
  readonly file: string;
  readonly fragment: boolean;
  readonly edits: ZoneFileEdit[];
}

export interface SharedFragment {
  readonly fragment: string;
  /** The other zone files that include it (directly or through another fragment). */
  readonly zones: readonly string[];
  readonly message: string;
}

export type RoutedEdits =
  | { readonly ok: true; readonly files: readonly FileEdits[] }
  | { readonly ok: false; readonly shared: readonly SharedFragment[] };

/**
 * The edits of the zone of `zoneFile`, by the file each goes to (the zone file first), or the
 * fragments that other zones include too (`otherZonesIncluding`: those zone files, never
 * `zoneFile` itself), each refusing with the zones it would change.
 */
export function routeEdits(
  zoneFile: string,
  edits: readonly ZoneEdit[],
  otherZonesIncluding: (fragment: string) => readonly string[],
): RoutedEdits {
  const files = new Map<string, FileEdits>([[zoneFile, { file: zoneFile, fragment: false, edits: [] }]]);
  const add = (file: string, fragment: boolean, edit: ZoneFileEdit): void => {
    let entry = files.get(file);
    if (!entry) {
      entry = { file, fragment, edits: [] };
      files.set(file, entry);
    }
    entry.edits.push(edit);
  };
  for (const edit of edits) {
    if (edit.kind === 'change-record' || edit.kind === 'remove-record') {
      const home = recordHome(zoneFile, edit.record);
      add(
        home.file,
        home.fragment,
        edit.kind === 'change-record'
          ? { kind: 'change-record', index: home.index, fields: edit.fields }
          : { kind: 'remove-record', index: home.index },
      );
    } else add(zoneFile, false, edit);
  }
  const shared: SharedFragment[] = [];
  for (const f of files.values()) {
    if (!f.fragment) continue;
    const zones = otherZonesIncluding(f.file);
    if (zones.length === 0) continue;
    shared.push({
      fragment: f.file,
      zones,
      message: `${f.file} holds ${f.edits.length === 1 ? 'a record' : `${f.edits.length} records`} to change, and ${zones.length === 1 ? 'another zone includes' : `${zones.length} other zones include`} it too (${zones.join(', ')}): editing it would change ${zones.length === 1 ? 'that zone' : 'those zones'}; move the record into ${zoneFile}, or change the fragment by hand`,
    });
  }
  if (shared.length > 0) return { ok: false, shared };
  return { ok: true, files: [...files.values()].filter((f) => f.edits.length > 0 || f.file === zoneFile) };
}
