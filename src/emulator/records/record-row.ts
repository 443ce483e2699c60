import type { RecordType } from '../../facts/record-types.js';

/** `data` of a structured type as stored. */
export type StoredData = Record<string, string | number>;

/** Per-record settings as stored: only the keys a write set (`{}` when none). */
export interface RecordSettings {
  flatten_cname?: boolean;
  ipv4_only?: boolean;
  ipv6_only?: boolean;
}

/** A record's writable fields after the write rules: what a create, put or patch stores. */
export interface RecordDraft {
  /** FQDN, lower-case, punycode, no trailing dot. */
  name: string;
  type: RecordType;
  /** Content types only, as the service stores it (src/emulator/README.md, "Storage forms"). */
  content?: string;
  /** Data types only. */
  data?: StoredData;
  /** MX and URI only. */
  priority?: number;
  ttl: number;
  proxied: boolean;
  comment: string | null;
  tags: string[];
  settings: RecordSettings;
  /** A and AAAA only: private network routing (./private-routing.ts). */
  private_routing?: boolean;
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
