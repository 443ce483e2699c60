import type { RecordType } from '../../core/model/record-types.js';

/** A record's writable fields after the write rules: what a create, put or patch stores. */
export interface RecordDraft {
  /** FQDN, lower-case, punycode, no trailing dot. */
  name: string;
  type: RecordType;
  /** Content types only; TXT is stored quoted, addresses canonical. */
  content?: string;
  /** Data types only, canonical values. */
  data?: Record<string, string | number>;
  /** MX and URI only. */
  priority?: number;
  ttl: number;
  proxied: boolean;
  comment: string | null;
  tags: string[];
  settings: Record<string, unknown>;
}

/** A DNS record as the emulator stores it (collection `records:<zone_id>`, id = record id). */
export interface RecordRow extends RecordDraft {
  id: string;
  zone_id: string;
  /** Computed at write time (absent in rows written by older versions: computed on read). */
  proxiable?: boolean;
  created_on: string;
  modified_on: string;
}

export function recordsCollection(zoneId: string): string {
  return `records:${zoneId}`;
}

/** Index collection: id = FQDN, value = ids of the zone's records with that name. */
export function namesCollection(zoneId: string): string {
  return `record_names:${zoneId}`;
}
