/**
 * Codec between the service's JSON record objects and the canonical model. Pure.
 */
import { ZonectlError } from '../errors.js';
import { normalizeRecord } from './normalize.js';
import type { CanonicalRecord, LiveRecord, RecordMeta } from './record.js';
import { TOP_LEVEL_PRIORITY_TYPES, isRecordType, usesData } from './record-types.js';
import { renderTxtContent } from './txt.js';

/** A DNS record object as the API returns it (fields zonectl reads). */
export interface ApiRecord {
  id: string;
  name: string;
  type: string;
  content?: string;
  data?: Record<string, unknown>;
  priority?: number;
  ttl?: number;
  proxied?: boolean;
  proxiable?: boolean;
  comment?: string | null;
  tags?: string[];
  meta?: Record<string, unknown>;
  created_on?: string;
  modified_on?: string;
  [other: string]: unknown;
}

/** The body zonectl sends on POST/PUT/PATCH and inside batch operations. */
export interface ApiRecordBody {
  name: string;
  type: string;
  content?: string;
  data?: Record<string, string | number>;
  priority?: number;
  ttl: number;
  proxied: boolean;
  comment?: string | null;
  tags?: string[];
}

export class UnknownRecordTypeError extends ZonectlError {
  constructor(message: string) {
    super('UNKNOWN_RECORD_TYPE', message);
  }
}

/** API record -> canonical live record. Comment and tags are always read (they exist live). */
export function fromApiRecord(api: ApiRecord, zone: string): LiveRecord {
  if (!isRecordType(api.type)) {
    throw new UnknownRecordTypeError(`record ${api.id} has a type zonectl does not manage: ${api.type}`);
  }
  const type = api.type;
  const canonical = normalizeRecord(
    {
      // API names are fully qualified: read them as absolute, so that a record outside the
      // zone keeps its trailing dot instead of being re-rooted under it.
      name: api.name.endsWith('.') ? api.name : `${api.name}.`,
      type,
      content: usesData(type) ? undefined : (api.content ?? ''),
      data: usesData(type) ? (api.data ?? {}) : undefined,
      priority: TOP_LEVEL_PRIORITY_TYPES.has(type) ? api.priority : undefined,
      ttl: api.ttl,
      proxied: api.proxied,
      comment: api.comment ?? null,
      tags: api.tags ?? [],
    },
    zone,
  );
  return {
    ...canonical,
    id: api.id,
    ...(api.modified_on !== undefined ? { modified_on: api.modified_on } : {}),
    ...(api.meta !== undefined ? { meta: api.meta as RecordMeta } : {}),
  };
}

/** Canonical record -> request body. Comment and tags are sent only when managed. */
export function toApiBody(record: CanonicalRecord): ApiRecordBody {
  const body: ApiRecordBody = {
    name: record.name,
    type: record.type,
    ttl: record.ttl,
    proxied: record.proxied,
  };
  if (record.data !== undefined) body.data = { ...record.data };
  if (record.content !== undefined) {
    body.content = record.type === 'TXT' ? renderTxtContent(record.content) : record.content;
  }
  if (record.priority !== undefined) body.priority = record.priority;
  if (record.comment !== undefined) body.comment = record.comment;
  if (record.tags !== undefined) body.tags = [...record.tags];
  return body;
}
