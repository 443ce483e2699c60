/**
 * Edits at the level of a zone file's own model (a zone file or a fragment: its `records`, its
 * `settings`, any other key), made by the document editor (edit-document.ts) as a person would
 * make them: a changed record keeps its place and its own style; a new record goes beside the
 * records of its name (after those of its name and type), else where the file's order puts it
 * (by name, when the file is sorted so), else at the end, written like its nearest neighbour of
 * the same type (flow or block, padding, field order, quoting) with a blank line before it when
 * the file separates its names so; a removed record takes its own comment lines with it.
 */
import { canonicalRecordName, zoneFileRecordName } from '../model/names.js';
import { editRead, type ReadText, readForEdit } from './edit-document.js';
import { blockItemLines } from './layout.js';
import { isPlainObject } from './render-value.js';
import { lookup, Refusal, type Node, type YAMLSeq } from './tree.js';
import type { EditResult, YamlEdit, YamlPath } from './types.js';
import { isMap, isSeq } from 'yaml';

/** A record's fields as the zone file writes them (`name`, `type`, `content` or `data`, `ttl`, ...). */
export type RecordFields = Readonly<Record<string, unknown>> & { readonly name: string; readonly type: string };

export type ZoneFileEdit =
  /** A new record (placed and written as the file's records are); `comments`: lines above it, without `#`. */
  | { readonly kind: 'add-record'; readonly record: RecordFields; readonly comments?: readonly string[] }
  /** Fields of the record at `index` of `records` (as the file is now); `undefined` removes a field. */
  | { readonly kind: 'change-record'; readonly index: number; readonly fields: Readonly<Record<string, unknown>> }
  /** The record at `index` of `records`, with its own comment lines. */
  | { readonly kind: 'remove-record'; readonly index: number }
  /** Any other value: `['settings', 'soa', 'refresh']`, `['dnssec', 'status']`, `['manage', 'unmanaged']`. */
  | { readonly kind: 'set'; readonly path: YamlPath; readonly value: unknown }
  | { readonly kind: 'remove'; readonly path: YamlPath };

/** The order of a record's fields where a record writes a new one (export-records.ts writes this order too). */
export const RECORD_FIELD_ORDER = ['name', 'type', 'content', 'data', 'priority', 'ttl', 'proxied', 'comment', 'tags', 'settings'];

/**
 * Where new keys go among those a mapping has: the zone file's top-level keys (as export writes
 * them), then `settings` members, SOA members, DNSSEC members. A key is placed after the nearest
 * one before it in this list that the mapping has.
 */
export const ZONE_FILE_KEY_ORDER = [
  'version',
  'zone',
  'zone_id',
  'account_id',
  'account',
  'include',
  'defaults',
  'settings',
  'flatten_all_cnames',
  'multi_provider',
  'ns_ttl',
  'secondary_overrides',
  'nameservers',
  'soa',
  'mname',
  'rname',
  'refresh',
  'retry',
  'expire',
  'min_ttl',
  'zone_mode',
  'dnssec',
  'status',
  'multi_signer',
  'use_nsec3',
  'presigned',
  'records',
  'tokens',
  'manage',
  'lint',
];

export interface ZoneFileEditOptions {
  /** The zone the file's record names are relative to (for a fragment: the zone that includes it). */
  readonly zone: string;
}

const RECORDS = 'records';

interface ExistingRecord {
  readonly index: number;
  readonly name: string | undefined;
  readonly type: string | undefined;
  readonly written: string | undefined;
  /** A blank line separates it from the record before it. */
  readonly blankBefore: boolean;
  /** Written as a flow mapping (`{ name: ..., ... }`); undefined when not a mapping. */
  readonly flow: boolean | undefined;
}

function canonicalName(name: unknown, zone: string): string | undefined {
  if (typeof name !== 'string') return undefined;
  try {
    return canonicalRecordName(name, zone);
  } catch {
    return undefined;
  }
}

/** Apex first, then by labels from the right (the order `zonectl export` writes). */
function dnsOrder(a: string, b: string, zone: string): number {
  if (a === b) return 0;
  if (a === zone) return -1;
  if (b === zone) return 1;
  const la = a.split('.').reverse();
  const lb = b.split('.').reverse();
  for (let i = 0; i < Math.min(la.length, lb.length); i += 1) if (la[i] !== lb[i]) return la[i]! < lb[i]! ? -1 : 1;
  return la.length - lb.length;
}

const alphabetical = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

function isSorted(names: readonly string[], compare: (a: string, b: string) => number): boolean {
  for (let i = 1; i < names.length; i += 1) if (compare(names[i - 1]!, names[i]!) > 0) return false;
  return true;
}

/** The records of the file as written, with the blank lines between them. */
function existingRecords(read: ReadText, zone: string): ExistingRecord[] {
  const doc = isPlainObject(read.value) ? read.value : {};
  const list = Array.isArray(doc[RECORDS]) ? (doc[RECORDS] as unknown[]) : [];
  const tree = read.tree;
  const found = lookup(tree, [RECORDS]);
  const seq = found.kind === 'found' && isSeq(found.node) ? (found.node as YAMLSeq<Node>) : undefined;
  return list.map((r, index) => {
    const rec = isPlainObject(r) ? r : {};
    let blankBefore = false;
    if (seq && !seq.flow && index > 0 && index < seq.items.length) {
      const before = blockItemLines(tree, seq, index - 1).last;
      const { first } = blockItemLines(tree, seq, index);
      for (let l = before + 1; l < first && !blankBefore; l += 1) blankBefore = tree.src.isBlank(l);
    }
    const node = seq?.items[index];
    return {
      index,
      flow: isMap(node) ? node.flow === true : undefined,
      name: canonicalName(rec.name, zone),
      type: typeof rec.type === 'string' ? rec.type.toUpperCase() : undefined,
      written: typeof rec.name === 'string' ? rec.name : undefined,
      blankBefore,
    };
  });
}

/** Where a new record goes, the record it is written like, and whether a blank line goes before it. */
function placeRecord(
  existing: readonly ExistingRecord[],
  removed: ReadonlySet<number>,
  name: string,
  type: string,
  zone: string,
): { index: number; like?: number; blankLine: boolean } {
  const kept = existing.filter((r) => !removed.has(r.index));
  // Written like the file's records mostly are (flow or block), then like the nearest of its type.
  const flows = kept.filter((r) => r.flow === true).length;
  const blocks = kept.filter((r) => r.flow === false).length;
  const styled = kept.filter((r) => r.flow === flows >= blocks);
  const nearestOfType = (at: number): number | undefined => {
    const candidates = styled.length > 0 ? styled : kept;
    const same = candidates.filter((r) => r.type === type);
    const pool = same.length > 0 ? same : candidates;
    let best: ExistingRecord | undefined;
    for (const r of pool) if (best === undefined || Math.abs(r.index - at) < Math.abs(best.index - at)) best = r;
    return best?.index;
  };
  // Beside the records of its name: after those of its type, else after the last of its name.
  const sameName = kept.filter((r) => r.name === name);
  if (sameName.length > 0) {
    const sameType = sameName.filter((r) => r.type === type);
    const after = (sameType.length > 0 ? sameType : sameName)[(sameType.length > 0 ? sameType : sameName).length - 1]!;
    return { index: after.index + 1, like: nearestOfType(after.index), blankLine: false };
  }
  // Names separated by blank lines in the file: a new name gets one too.
  const boundaries = kept.slice(1).filter((r, i) => r.name !== kept[i]!.name);
  const blankLine = boundaries.length > 0 && boundaries.filter((r) => r.blankBefore).length * 2 > boundaries.length;
  const names = kept.map((r) => r.name ?? '');
  const byDns = (a: string, b: string): number => dnsOrder(a, b, zone);
  const compare =
    kept.length > 1 && isSorted(names, byDns) ? byDns : kept.length > 1 && isSorted(names, alphabetical) ? alphabetical : undefined;
  if (compare !== undefined) {
    const next = kept.find((r) => compare(r.name ?? '', name) > 0);
    if (next !== undefined) {
      const index = next.index;
      const previous = [...kept].reverse().find((r) => r.index < index);
      // Before `next`: written after the record before it, blank line before the new one.
      return { index, like: nearestOfType(index), blankLine: blankLine && previous !== undefined };
    }
  }
  const last = existing.length;
  return { index: last, like: nearestOfType(last - 1), blankLine: blankLine && kept.length > 0 };
}

/** The name written as the file's records write theirs: absolute with a dot when most of them are. */
function writtenName(name: string, existing: readonly ExistingRecord[], zone: string): string {
  const canonical = canonicalName(name, zone) ?? name;
  const written = existing.map((r) => r.written).filter((w): w is string => w !== undefined && w !== '@');
  const absolute = written.filter((w) => w.endsWith('.')).length;
  if (written.length > 0 && absolute * 2 > written.length) return `${canonical}.`;
  return zoneFileRecordName(canonical, zone);
}

/** The fields in the order records are written (unknown ones after). */
function orderedRecord(record: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k of RECORD_FIELD_ORDER) if (record[k] !== undefined) out[k] = record[k];
  for (const [k, v] of Object.entries(record)) if (!(k in out) && v !== undefined) out[k] = v;
  return out;
}

/** The document edits that make the zone-file edits (indexes are the file's as given). */
export function zoneFileYamlEdits(read: ReadText, edits: readonly ZoneFileEdit[], options: ZoneFileEditOptions): YamlEdit[] {
  const removed = new Set(edits.flatMap((e) => (e.kind === 'remove-record' ? [e.index] : [])));
  let existing: ExistingRecord[] | undefined;
  const records = (): ExistingRecord[] => {
    existing ??= existingRecords(read, options.zone);
    return existing;
  };
  const out: YamlEdit[] = [];
  for (const edit of edits) {
    switch (edit.kind) {
      case 'add-record': {
        const name = canonicalName(edit.record.name, options.zone) ?? edit.record.name;
        const type = edit.record.type.toUpperCase();
        const place = placeRecord(records(), removed, name, type, options.zone);
        const value = orderedRecord({ ...edit.record, name: writtenName(edit.record.name, records(), options.zone) });
        out.push({
          kind: 'insert',
          path: [RECORDS],
          index: place.index,
          value,
          blankLineBefore: place.blankLine,
          ...(place.like !== undefined ? { like: [RECORDS, place.like] } : {}),
          ...(edit.comments !== undefined ? { comments: edit.comments } : {}),
        });
        break;
      }
      case 'change-record': {
        const like = records().find((r) => r.index !== edit.index && !removed.has(r.index) && r.type === records()[edit.index]?.type);
        out.push({
          kind: 'update',
          path: [RECORDS, edit.index],
          fields: edit.fields,
          order: RECORD_FIELD_ORDER,
          ...(like !== undefined ? { like: [RECORDS, like.index] } : {}),
        });
        break;
      }
      case 'remove-record': {
        // The comment lines above the first of a name's records speak for the name (an owner):
        // they stay above the next record of that name.
        const next = records()[edit.index + 1];
        const shared = next !== undefined && next.name !== undefined && next.name === records()[edit.index]?.name;
        out.push({ kind: 'remove', path: [RECORDS, edit.index], ...(shared ? { commentsShared: true } : {}) });
        break;
      }
      case 'set':
        out.push({ kind: 'set', path: edit.path, value: edit.value, order: ZONE_FILE_KEY_ORDER });
        break;
      case 'remove':
        out.push({ kind: 'remove', path: edit.path });
        break;
    }
  }
  return out;
}

/**
 * The zone file (or fragment) `text` with `edits` made, or why they cannot be made losslessly.
 * Record indexes are those of `records` in `text`; edits are made together (one may remove
 * record 3 and change record 5: both are the file's records 3 and 5 as given).
 */
export function editZoneFile(text: string, edits: readonly ZoneFileEdit[], options: ZoneFileEditOptions): EditResult {
  let read: ReadText;
  let yamlEdits: YamlEdit[];
  try {
    read = readForEdit(text);
    yamlEdits = zoneFileYamlEdits(read, edits, options);
  } catch (error) {
    if (error instanceof Refusal) return { ok: false, refusal: error.refusal };
    throw error;
  }
  return editRead(read, yamlEdits);
}
