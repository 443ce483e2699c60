/**
 * `export --into FILE`: the edits that make a zone file say what the live zone holds, read off
 * the plan of that file against the live zone (the plan's changes, inverted): a record the file
 * lists and the zone does not is removed from the file; a record the zone holds and the file
 * does not (the plan would delete it) is added, written as export writes it against the file's
 * own defaults; a record whose fields differ gets the live fields; a setting or DNSSEC field the
 * file sets gets the live value. What the plan leaves alone (records the service manages, those
 * `manage.ignore` matches, unmanaged ones with `manage.unmanaged: keep`) stays out of the file,
 * as from an export. Marking a record as zonectl's (`manage.unmanaged: owned`) is apply's write,
 * not a difference of the file: no edit. Token specs are not rewritten: they are named in `notes`. Pure.
 *
 * `drift --adopt` takes the same edits for the drift items it adopts (one edit per operation).
 */
import type { DnssecOperation } from '../dnssec/index.js';
import type { SettingsChange } from '../diff/changes.js';
import { recordKey } from '../model/keys.js';
import { relativeRecordName } from '../model/names.js';
import type { CanonicalRecord } from '../model/record.js';
import { isFreeSplitTxt, txtJoinedBytes } from '../model/txt-strings.js';
import type { ZonePlan } from '../plan/build-plan.js';
import { isMarkOnly, type Operation, type RecordOperation } from '../plan/operation.js';
import { contentInZoneFile, PROXIABLE_TYPES } from '../record-types/index.js';
import { TTL_AUTO } from '../service/ttl.js';
import { literalDocument } from '../yaml/index.js';
import type { RecordFields, ZoneEdit } from '../yaml-edit/index.js';
import type { DesiredRecord, ZoneConfig } from '../zonefile/index.js';
import { exportRecord, type ExportedDefaults } from './export-records.js';

/** One edit, what it does in a line a person reads (`+ www A 192.0.2.1`), and the plan's operation it takes back. */
export interface RefreshEdit {
  readonly edit: ZoneEdit;
  readonly line: string;
  /** The operation of the plan this edit makes unnecessary (drift --adopt picks edits by it). */
  readonly operation: Operation;
}

export interface RefreshEdits {
  readonly edits: readonly RefreshEdit[];
  /** Differences the edits do not take into the file (token specs), one line each. */
  readonly notes: readonly string[];
}

/** Settings fields a retired field stands for (build-config.ts maps them): written, the retired one goes. */
const RETIRED_BY: Readonly<Record<string, readonly string[]>> = {
  flatten_all_cnames: ['cname_flattening'],
  multi_provider: ['use_apex_ns'],
  nameservers: ['default_nameservers', 'use_account_custom_ns_by_default'],
};

/** Finds the desired record of a plan's operation: the same object, else the same value, else (a long TXT the plan spelled as the live split) the same text. */
function desiredFinder(records: readonly DesiredRecord[]): (r: CanonicalRecord) => DesiredRecord | undefined {
  const byObject = new Map<CanonicalRecord, DesiredRecord>(records.map((d) => [d.record, d]));
  const byKey = new Map<string, DesiredRecord[]>();
  for (const d of records) {
    const k = recordKey(d.record);
    byKey.set(k, [...(byKey.get(k) ?? []), d]);
  }
  const taken = new Set<DesiredRecord>();
  const claim = (d: DesiredRecord | undefined): DesiredRecord | undefined => {
    if (d !== undefined) taken.add(d);
    return d;
  };
  return (r) => {
    const same = byObject.get(r);
    if (same !== undefined && !taken.has(same)) return claim(same);
    const keyed = byKey.get(recordKey(r))?.find((d) => !taken.has(d));
    if (keyed !== undefined) return claim(keyed);
    if (r.type !== 'TXT' || r.content === undefined) return undefined;
    const text = txtJoinedBytes(r.content);
    const sameText = (d: DesiredRecord): boolean => {
      const c = d.record.content;
      if (c === undefined || !isFreeSplitTxt(c)) return false;
      const b = txtJoinedBytes(c);
      return b.length === text.length && b.every((x, i) => x === text[i]);
    };
    return claim(records.find((d) => !taken.has(d) && d.record.name === r.name && d.record.type === 'TXT' && sameText(d)));
  };
}

const ttlOf = (r: CanonicalRecord): number | 'auto' => (r.ttl === TTL_AUTO ? 'auto' : r.ttl);

/** The file fields that give a desired record the live record's `fields` (the plan's names of them). */
function liveFields(live: CanonicalRecord, fields: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of fields) {
    if (f === 'content') out.content = contentInZoneFile(live);
    else if (f === 'data') out.data = { ...live.data };
    else if (f === 'priority') out.priority = live.priority;
    else if (f === 'ttl' && !live.proxied) out.ttl = ttlOf(live);
    else if (f === 'proxied') {
      out.proxied = live.proxied;
      // A proxied record has no TTL of its own (the validator refuses one); a record no longer
      // proxied says its TTL outright, whatever the defaults say.
      out.ttl = live.proxied ? undefined : ttlOf(live);
    } else if (f === 'comment') out.comment = live.comment === null || live.comment === '' ? undefined : live.comment;
    else if (f === 'tags') out.tags = live.tags !== undefined && live.tags.length > 0 ? [...live.tags] : undefined;
    else if (f.startsWith('settings.')) {
      const on = Object.entries(live.settings ?? {}).filter(([, v]) => v === true);
      out.settings = on.length > 0 ? Object.fromEntries(on) : undefined;
    }
  }
  return literalDocument(out);
}

/** A field of a record as the plan names it (`ttl`, `settings.ipv6_only`). */
function fieldOf(r: CanonicalRecord, field: string): unknown {
  if (field.startsWith('settings.')) return (r.settings as Record<string, unknown> | undefined)?.[field.slice('settings.'.length)] ?? false;
  if (field === 'ttl') return ttlOf(r);
  return (r as unknown as Record<string, unknown>)[field];
}

const shown = (v: unknown): string => (v === undefined || v === null ? '(none)' : typeof v === 'string' ? v : JSON.stringify(v));

function describe(r: CanonicalRecord, zone: string): string {
  const value = r.content ?? JSON.stringify(r.data ?? {});
  return `${relativeRecordName(r.name, zone)} ${r.type} ${value}${r.priority !== undefined ? ` (priority ${r.priority})` : ''}`;
}

function recordEdit(
  op: RecordOperation,
  config: ZoneConfig,
  find: (r: CanonicalRecord) => DesiredRecord | undefined,
): Omit<RefreshEdit, 'operation'> | string {
  const zone = config.zone;
  if (op.action === 'delete') {
    // The zone holds a record the file does not: written as export writes it, against the file's defaults.
    const defaults: ExportedDefaults = {
      ...(config.defaults.ttl !== 'auto' ? { ttl: config.defaults.ttl } : {}),
      ...(config.defaults.proxied ? { proxied: true } : {}),
    };
    const written = literalDocument(exportRecord(op.before, zone, defaults)) as unknown as RecordFields;
    return { edit: { kind: 'add-record', record: written }, line: `+ ${describe(op.before, zone)}` };
  }
  const desired = find(op.after);
  if (desired === undefined) return `${describe(op.after, zone)}: the plan's record was not found in the file (not written)`;
  const where = desired.source !== undefined ? ` (in ${desired.source})` : '';
  if (op.action === 'create') return { edit: { kind: 'remove-record', record: desired }, line: `- ${describe(op.after, zone)}${where}` };
  const fields = liveFields(op.before, op.fields);
  if (!PROXIABLE_TYPES.has(op.before.type)) delete fields.proxied;
  const changes = op.fields.map((f) => `${f} ${shown(fieldOf(op.after, f))} → ${shown(fieldOf(op.before, f))}`).join(', ');
  return { edit: { kind: 'change-record', record: desired, fields }, line: `~ ${describe(op.after, zone)}: ${changes}${where}` };
}

function settingsEdits(op: SettingsChange): Array<Omit<RefreshEdit, 'operation'>> {
  const out: Array<Omit<RefreshEdit, 'operation'>> = [];
  for (const field of op.fields) {
    const path = ['settings', ...field.split('.')];
    const live = op.before[field];
    out.push({
      edit: live === null || live === undefined ? { kind: 'remove', path } : { kind: 'set', path, value: literalDocument(live) },
      line: `~ settings.${field}: ${shown(op.after[field])} → ${shown(live)}`,
    });
    for (const retired of RETIRED_BY[field.split('.')[0]!] ?? [])
      out.push({ edit: { kind: 'remove', path: ['settings', retired] }, line: '' });
  }
  return out;
}

/** The status the file writes for a live DNSSEC state (`pending` is on its way to active, `pending-disabled` to disabled). */
function fileStatus(live: string | boolean): string | boolean {
  if (live === 'pending') return 'active';
  if (live === 'pending-disabled' || live === 'deleted') return 'disabled';
  return live;
}

function dnssecEdits(op: DnssecOperation): Array<Omit<RefreshEdit, 'operation'>> {
  return op.changes.map((c) => {
    const value = c.field === 'status' ? fileStatus(c.before) : c.before;
    return { edit: { kind: 'set', path: ['dnssec', c.field], value }, line: `~ dnssec.${c.field}: ${shown(c.after)} → ${shown(value)}` };
  });
}

/** The edits that make the file of `config` plan empty against the zone `plan` was made from. */
export function editsToMatchLive(config: ZoneConfig, plan: Pick<ZonePlan, 'operations'>): RefreshEdits {
  const find = desiredFinder(config.records);
  const edits: RefreshEdit[] = [];
  const notes: string[] = [];
  const ops: readonly Operation[] = plan.operations;
  for (const op of ops) {
    // Marking a record as zonectl's (manage.unmanaged: owned) is apply's write, never a difference of the file.
    if (isMarkOnly(op)) continue;
    switch (op.kind) {
      case 'dns_record': {
        const made = recordEdit(op, config, find);
        if (typeof made === 'string') notes.push(made);
        else edits.push({ ...made, operation: op });
        break;
      }
      case 'dns_settings':
        edits.push(...settingsEdits(op).map((e) => ({ ...e, operation: op })));
        break;
      case 'dnssec':
        edits.push(...dnssecEdits(op).map((e) => ({ ...e, operation: op })));
        break;
      case 'token':
        notes.push(
          `token ${JSON.stringify(op.name)}: the live token differs from the file (${op.action}); export --into does not rewrite token specs: edit them by hand`,
        );
        break;
    }
  }
  return { edits: edits.filter((e) => e.line !== '' || e.edit.kind === 'remove'), notes };
}
