/**
 * Operations: the plan as data. Every operation carries the HTTP call it stands for (method,
 * path, body, record id), decided at plan time, and a `phase` given by `orderOperations`
 * (order.ts) alone: an operation is sent only after every operation of a lower phase was
 * acknowledged. See docs/architecture.md, "Order".
 */
import type { DnssecOperation } from '../dnssec/index.js';
import type { SettingsChange, TokenChange } from '../diff/changes.js';
import type { ApiRecordBody } from '../model/api-codec.js';
import type { CanonicalRecord } from '../model/record.js';

export type Action = 'create' | 'update' | 'delete';
export type HttpMethod = 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/**
 * Each variant holds exactly the fields of its action; the fields of the other actions are
 * declared `?: undefined` so that `op.after ?? op.before` reads without a cast.
 */
interface RecordCallBase {
  readonly kind: 'dns_record';
  /** e.g. `/zones/<zone_id>/dns_records` or `/zones/<zone_id>/dns_records/<id>`. */
  readonly path: string;
  readonly zoneId: string;
  /** Fields that differ (updates; empty otherwise). */
  readonly fields: readonly string[];
}

export interface RecordCreateCall extends RecordCallBase {
  readonly action: 'create';
  readonly method: 'POST';
  readonly body: ApiRecordBody;
  readonly after: CanonicalRecord;
  /** Set when this create is half of a replacement (a type that cannot coexist was deleted). */
  readonly replacement?: boolean;
  readonly recordId?: undefined;
  readonly before?: undefined;
}

export interface RecordUpdateCall extends RecordCallBase {
  readonly action: 'update';
  readonly method: 'PATCH' | 'PUT';
  readonly recordId: string;
  readonly body: ApiRecordBody;
  readonly before: CanonicalRecord;
  readonly after: CanonicalRecord;
  /** Set when the update only marks the record as zonectl's (`fields` empty; src/core/ownership/marker.ts). */
  readonly mark?: true;
  readonly replacement?: undefined;
}

export interface RecordDeleteCall extends RecordCallBase {
  readonly action: 'delete';
  readonly method: 'DELETE';
  readonly recordId: string;
  readonly before: CanonicalRecord;
  /** Set when this delete frees a name for a record that cannot coexist with it. */
  readonly replacement?: boolean;
  readonly body?: undefined;
  readonly after?: undefined;
}

/** A record call before it is ordered. */
export type RecordCall = RecordCreateCall | RecordUpdateCall | RecordDeleteCall;

/** Everything a plan does, before order.ts gives it a phase. */
export type UnorderedOperation = RecordCall | SettingsChange | TokenChange | DnssecOperation;

/** An operation with its place in the order (see order.ts). */
export type Ordered<T> = T & { readonly phase: number };

export type RecordOperation = Ordered<RecordCall>;
export type SettingsOperation = Ordered<SettingsChange>;
export type TokenOperation = Ordered<TokenChange>;
/** PATCH /zones/{zone_id}/dnssec (src/core/dnssec/diff.ts). */
export type DnssecPlanOperation = Ordered<DnssecOperation>;
export type Operation = RecordOperation | SettingsOperation | TokenOperation | DnssecPlanOperation;

/** The record an operation shows: the desired one, or the deleted one. */
export function shownRecord(op: RecordCall): CanonicalRecord {
  return op.action === 'delete' ? op.before : op.after;
}

/**
 * True for an update that only marks a record as zonectl's (`manage.unmanaged: owned`): a write
 * apply makes, never drift and never counted by the safety thresholds (src/core/ownership/marker.ts).
 */
export function isMarkOnly(op: Operation | UnorderedOperation): boolean {
  return op.kind === 'dns_record' && op.action === 'update' && op.mark === true;
}
