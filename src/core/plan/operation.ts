/**
 * Operations: the plan as data. Every operation carries the HTTP call it stands for (method,
 * path, body, record id), decided at plan time, and a `phase`: operations of a lower phase must
 * be acknowledged before any operation of a higher phase is sent (DESIGN §4 order).
 */
import type { ApiRecordBody } from '../model/api-codec.js';
import type { CanonicalRecord } from '../model/record.js';

export type Action = 'create' | 'update' | 'delete';
export type HttpMethod = 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/** Phases in apply order. Record phases are 10..49; within 'alias', chain depth is added. */
export const PHASE = {
  settings: 0,
  freeName: 10,
  records: 20,
  alias: 30, // 30 + depth of the in-zone CNAME chain (targets first)
  cleanup: 50, // remaining deletes: CNAMEs (50) before what they point at (51)
  tokens: 60,
} as const;

export interface RecordOperation {
  readonly kind: 'dns_record';
  readonly action: Action;
  readonly method: HttpMethod;
  /** e.g. `/zones/<zone_id>/dns_records` or `/zones/<zone_id>/dns_records/<id>`. */
  readonly path: string;
  readonly zoneId: string;
  readonly recordId?: string;
  readonly body?: ApiRecordBody;
  readonly before?: CanonicalRecord;
  readonly after?: CanonicalRecord;
  /** Fields that differ (updates). */
  readonly fields: readonly string[];
  readonly phase: number;
  /** Set when this delete or create is half of a replacement (a type that cannot coexist). */
  readonly replacement?: boolean;
}

export interface SettingsOperation {
  readonly kind: 'dns_settings';
  readonly action: 'update';
  readonly method: 'PATCH';
  readonly path: string;
  readonly zoneId: string;
  readonly body: Record<string, unknown>;
  readonly before: Record<string, unknown>;
  readonly after: Record<string, unknown>;
  readonly fields: readonly string[];
  readonly phase: number;
}

/** Token bodies never hold a secret: a token's value exists only in the create/roll response. */
export interface TokenOperation {
  readonly kind: 'token';
  readonly action: Action;
  readonly method: 'POST' | 'PUT' | 'DELETE';
  readonly path: string;
  readonly tokenId?: string;
  readonly name: string;
  readonly body?: Record<string, unknown>;
  readonly before?: Record<string, unknown>;
  readonly after?: Record<string, unknown>;
  readonly fields: readonly string[];
  readonly phase: number;
}

export type Operation = RecordOperation | SettingsOperation | TokenOperation;
