/**
 * A plan as drift items: one per difference a person acts on, each with an id computed from what
 * it shows, so that a nightly report can say which drift is new (docs/drift-report.md). The
 * kinds say what happened at the service: a `changed` item is a field of a record whose live
 * value differs from the file's, `added` a live record the file does not list (apply would
 * delete it), `deleted` a record of the file removed at the service (apply would create it
 * again), `settings` a DNS setting, `token` an API token of the file, `zone` a zone that does not
 * exist, `unmanaged` a live record kept (`manage.unmanaged: keep`, not counted as drift). Pure.
 */
import { createHash } from 'node:crypto';
import type { AccountPlan } from '../account/plan-account.js';
import { assertNever } from '../errors.js';
import type { CanonicalRecord } from '../model/record.js';
import type { ZonePlan } from '../plan/build-plan.js';
import type { Operation } from '../plan/operation.js';
import { fragmentOf } from '../plan/record-source.js';
import { describeAttributes, describeFieldValue, describeRecordValue, describeSettingsValue } from './describe-record.js';

export const DRIFT_KINDS = ['changed', 'added', 'deleted', 'settings', 'token', 'zone', 'unmanaged'] as const;
export type DriftKind = (typeof DRIFT_KINDS)[number];

export interface DriftItem {
  /** `d2:` and 24 hex digits of SHA-256 over what the item shows (driftItemId). */
  readonly id: string;
  readonly kind: DriftKind;
  readonly zone: string;
  /** Record name (FQDN), token name, or the zone for settings. */
  readonly name: string;
  /** Record type, `dns_settings`, `token` or `zone`. */
  readonly type: string;
  /** The differing field (`value`, `ttl`, `proxied`, `comment`, `tags`, a setting, a token field), or `record`. */
  readonly field: string;
  /** The file's value as shown; null when the file does not have it. */
  readonly file: string | null;
  /** The live value as shown; null when the live zone does not have it. */
  readonly live: string | null;
  /** False for what is reported but is no drift (`unmanaged`). */
  readonly counted: boolean;
  /** The live record's id (a record changed, added or kept at the service): what the audit log names. */
  readonly recordId?: string;
  /** The fragment the file's record comes from (`include:`), when not the zone file itself. */
  readonly source?: string;
}

/** What an id is computed from: the fields an item shows (docs/drift-report.md, "The id"). */
export type ShownFields = Pick<DriftItem, 'zone' | 'kind' | 'name' | 'type' | 'field' | 'file' | 'live'>;

/**
 * The id of an item: the first 24 hex digits of the SHA-256 of the JSON text of `[zone, kind,
 * name, type, field, file, live]`, after `d2:`. Computed from what the item shows and nothing
 * else, so that anyone can check it (a baseline whose item shows one record and carries another's
 * id is refused: ./baseline.ts), and the live value is part of it: the same difference with
 * another live value is another item (new drift). Never a list position.
 */
export function driftItemId(i: ShownFields): string {
  const digest = createHash('sha256')
    .update(JSON.stringify([i.zone, i.kind, i.name, i.type, i.field, i.file, i.live]))
    .digest('hex');
  return `d2:${digest.slice(0, 24)}`;
}

/** The form of an id (`d2:` and 24 lower-case hex digits). */
export const DRIFT_ITEM_ID = /^d2:[0-9a-f]{24}$/;

type Parts = Omit<DriftItem, 'id'>;

function item(p: Parts): DriftItem {
  return { id: driftItemId(p), ...p };
}

/** content, data and priority are one value on screen (as the text plan shows them). */
const VALUE_FIELDS = new Set(['content', 'data', 'priority']);

function recordValue(r: CanonicalRecord): string {
  return `${describeRecordValue(r)}  [${describeAttributes(r)}]`;
}

/**
 * The items of one operation of a zone's plan; `source`: the fragment its record comes from
 * (`include:`), marked on the item.
 */
export function operationItems(zone: string, op: Operation, source?: string): DriftItem[] {
  switch (op.kind) {
    case 'dns_record': {
      const base = { zone, counted: true, ...(source !== undefined ? { source } : {}) } as const;
      switch (op.action) {
        case 'create':
          return [
            item({
              ...base,
              kind: 'deleted',
              name: op.after.name,
              type: op.after.type,
              field: 'record',
              file: recordValue(op.after),
              live: null,
            }),
          ];
        case 'delete':
          return [
            item({
              zone,
              counted: true,
              kind: 'added',
              name: op.before.name,
              type: op.before.type,
              field: 'record',
              file: null,
              live: recordValue(op.before),
              recordId: op.recordId,
            }),
          ];
        case 'update': {
          const fields = [
            ...(op.fields.some((f) => VALUE_FIELDS.has(f)) ? ['value'] : []),
            ...op.fields.filter((f) => !VALUE_FIELDS.has(f)),
          ];
          return fields.map((field) => {
            const shown = field === 'value' ? 'content' : field;
            return item({
              ...base,
              kind: 'changed',
              name: op.after.name,
              type: op.after.type,
              field,
              file: describeFieldValue(shown, op.after),
              live: describeFieldValue(shown, op.before),
              recordId: op.recordId,
            });
          });
        }
        default:
          return assertNever(op, 'record operation');
      }
    }
    case 'dns_settings':
      return op.fields.map((field) =>
        item({
          zone,
          kind: 'settings',
          name: zone,
          type: 'dns_settings',
          field,
          file: describeSettingsValue(op.after[field]),
          live: describeSettingsValue(op.before[field]),
          counted: true,
        }),
      );
    case 'dnssec':
      // `pending` and `pending-disabled` are never an operation (src/core/dnssec/diff.ts): only a change to make is drift.
      return op.changes.map((c) =>
        item({
          zone,
          kind: 'settings',
          name: zone,
          type: 'dnssec',
          field: c.field,
          file: String(c.after),
          live: String(c.before),
          counted: true,
        }),
      );
    case 'token': {
      const base = { zone, kind: 'token', name: op.name, type: 'token', counted: true } as const;
      switch (op.action) {
        case 'create':
          return [item({ ...base, field: 'token', file: 'listed', live: null })];
        case 'delete':
          return [item({ ...base, field: 'token', file: null, live: 'present (manage.tokens: delete)' })];
        case 'update':
          return op.fields.map((field) =>
            item({ ...base, field, file: describeSettingsValue(op.after[field]), live: describeSettingsValue(op.before[field]) }),
          );
        default:
          return assertNever(op, 'token operation');
      }
    }
    default:
      return assertNever(op, 'operation');
  }
}

/** Every drift item of a zone's plan, in the plan's order; kept unmanaged records last. */
export function driftItemsOf(plan: ZonePlan): DriftItem[] {
  const zone = plan.zone;
  const items: DriftItem[] = [];
  if (plan.newZone !== undefined) {
    items.push(item({ zone, kind: 'zone', name: zone, type: 'zone', field: 'zone', file: 'listed', live: null, counted: true }));
  }
  for (const op of plan.operations) items.push(...operationItems(zone, op, fragmentOf(plan, op)));
  // The service's DNSSEC `error` on a zone whose file manages DNSSEC: drift with nothing to send (src/core/dnssec/diff.ts, rule 5).
  if (plan.dnssec?.error === true && plan.dnssec.desired !== undefined) {
    const file = plan.dnssec.desired.status;
    items.push(item({ zone, kind: 'settings', name: zone, type: 'dnssec', field: 'status', file, live: 'error', counted: true }));
  }
  // Live tokens no file lists (the zone that reports them for the run): reported, not counted.
  for (const t of plan.unmanagedTokens ?? []) {
    if (t.action === 'delete') continue; // a delete operation above already says it
    const live = `id ${t.id}${t.status !== null && t.status !== 'active' ? `, ${t.status}` : ''}: ${t.policies}`;
    items.push(item({ zone, kind: 'token', name: t.name, type: 'token', field: 'unlisted', file: null, live, counted: false }));
  }
  for (const r of plan.unmanaged) {
    items.push(
      item({
        zone,
        kind: 'unmanaged',
        name: r.name,
        type: r.type,
        field: 'record',
        file: null,
        live: recordValue(r),
        counted: false,
        recordId: r.id,
      }),
    );
  }
  return items;
}

/** An account file's drift: each zone default that differs (`label` names the entry). */
export function accountDriftItems(label: string, plan: AccountPlan): DriftItem[] {
  return plan.operations.flatMap((op) =>
    op.fields.map((field) =>
      item({
        zone: label,
        kind: 'settings',
        name: plan.accountId,
        type: 'account_dns_settings',
        field,
        file: describeSettingsValue(op.after[field]),
        live: describeSettingsValue(op.before[field]),
        counted: true,
      }),
    ),
  );
}
