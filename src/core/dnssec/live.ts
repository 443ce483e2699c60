/**
 * The zone's DNSSEC as the service answers it (GET and PATCH /zones/{zone_id}/dnssec), read as
 * untrusted input. The object (cloudflare-typescript `src/resources/dns/dnssec/dnssec.ts`,
 * `interface DNSSEC`): `status` active|pending|disabled|pending-disabled|error, the three
 * booleans, `modified_on`, and the key fields (`algorithm`, `digest`, `digest_algorithm`,
 * `digest_type`, `ds`, `flags`, `key_tag`, `key_type`, `public_key`), every one nullable.
 *
 * What zonectl acts on (the status, the booleans, `modified_on`) must be well formed, or the
 * answer is refused (API_BAD_RESPONSE, naming the field). What it only shows (the key and its
 * DS) is kept when whole and consistent, else left out with the reason: a DS is never printed
 * for a registrar unless it agrees with itself. The "deleted" state (never enabled, or deleted)
 * is `status: "disabled"` with `modified_on: null` (https://developers.cloudflare.com/dns/dnssec/dnssec-states/).
 * Pure.
 */
import { assertNever, ZonectlError } from '../errors.js';
import { API_FIELD_OF_FLAG, DNSSEC_FLAGS, type DnssecFlag } from './desired.js';
import { codeNumber, readDs, type DsRecord } from './ds-record.js';

export const LIVE_DNSSEC_STATUSES = ['active', 'pending', 'disabled', 'pending-disabled', 'error'] as const;
export type LiveDnssecStatus = (typeof LIVE_DNSSEC_STATUSES)[number];

/** The key-signing key the API describes, and the DS derived from it. */
export interface DnssecKey {
  readonly ds: DsRecord;
  /** 257 for the key-signing key (https://developers.cloudflare.com/dns/dnssec/validation-and-key-management/). */
  readonly flags: number;
  /** Base64, as the DNSKEY record's public key field (some registrars ask for it instead of the DS). */
  readonly publicKey: string;
  /** `ECDSAP256SHA256`, when the service names it. */
  readonly keyType?: string;
}

export interface LiveDnssec {
  readonly zone: string;
  readonly status: LiveDnssecStatus;
  /** `disabled` with `modified_on: null`: never enabled, or deleted. */
  readonly deleted: boolean;
  readonly flags: Readonly<Record<DnssecFlag, boolean>>;
  readonly modifiedOn: string | null;
  readonly key?: DnssecKey;
  /** Why the answer's key fields are not shown (partly null, or not consistent); absent when whole or all null. */
  readonly keyProblem?: string;
}

export class LiveDnssecError extends ZonectlError {
  constructor(zone: string, message: string) {
    super('API_BAD_RESPONSE', `the DNSSEC answer of zone ${zone} is not usable: ${message}`);
  }
}

const KEY_FIELDS = ['algorithm', 'digest', 'digest_type', 'ds', 'flags', 'key_tag', 'public_key'] as const;
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,9})?(?:Z|[+-]\d{2}:\d{2})$/;
const BASE64 = /^[A-Za-z0-9+/]{4,4096}={0,2}$/;
const KEY_TYPE = /^[A-Za-z0-9-]{1,32}$/;

function keyOf(zone: string, a: Record<string, unknown>): { key?: DnssecKey; keyProblem?: string } {
  const present = KEY_FIELDS.filter((f) => a[f] !== null && a[f] !== undefined);
  if (present.length === 0) return {};
  if (present.length < KEY_FIELDS.length) {
    return { keyProblem: `the answer has ${present.join(', ')} but not ${KEY_FIELDS.filter((f) => !present.includes(f)).join(', ')}` };
  }
  const ds = readDs(zone, { ds: a.ds, key_tag: a.key_tag, algorithm: a.algorithm, digest_type: a.digest_type, digest: a.digest });
  if (ds.kind === 'unusable') return { keyProblem: ds.why };
  const flags = codeNumber(a.flags, 65535);
  if (flags === undefined) return { keyProblem: 'flags is not a number 0..65535' };
  if (typeof a.public_key !== 'string' || !BASE64.test(a.public_key)) return { keyProblem: 'public_key is not base64' };
  const keyType = typeof a.key_type === 'string' && KEY_TYPE.test(a.key_type) ? a.key_type : undefined;
  return { key: { ds: ds.ds, flags, publicKey: a.public_key, ...(keyType !== undefined ? { keyType } : {}) } };
}

/** The answer's `result` for `zone` (canonical name), checked. */
export function decodeDnssec(zone: string, result: unknown): LiveDnssec {
  if (result === null || typeof result !== 'object' || Array.isArray(result)) throw new LiveDnssecError(zone, 'result is not an object');
  const a = result as Record<string, unknown>;
  const status = a.status;
  if (typeof status !== 'string' || !(LIVE_DNSSEC_STATUSES as readonly string[]).includes(status)) {
    const shown = typeof status === 'string' && /^[a-z-]{1,32}$/.test(status) ? `status "${status}"` : 'the status';
    throw new LiveDnssecError(zone, `${shown} is none of ${LIVE_DNSSEC_STATUSES.join(', ')}`);
  }
  const flags = {} as Record<DnssecFlag, boolean>;
  for (const flag of DNSSEC_FLAGS) {
    const v = a[API_FIELD_OF_FLAG[flag]];
    // Absent: the service's default, false (the field descriptions of the API reference).
    if (v !== undefined && typeof v !== 'boolean') throw new LiveDnssecError(zone, `${API_FIELD_OF_FLAG[flag]} is not true or false`);
    flags[flag] = v === true;
  }
  const modified = a.modified_on ?? null;
  if (modified !== null && (typeof modified !== 'string' || !TIMESTAMP.test(modified))) {
    throw new LiveDnssecError(zone, 'modified_on is not a timestamp');
  }
  return {
    zone,
    status: status as LiveDnssecStatus,
    deleted: status === 'disabled' && modified === null,
    flags,
    modifiedOn: modified,
    ...keyOf(zone, a),
  };
}

/** The status as a person reads it (`disabled (never enabled, or deleted)`). */
export function describeLiveStatus(live: LiveDnssec): string {
  switch (live.status) {
    case 'pending':
      return 'pending (enabled; waiting for the DS record at the registrar)';
    case 'pending-disabled':
      return 'pending-disabled (disabled; waiting for the DS record to be removed at the registrar)';
    case 'disabled':
      return live.deleted ? 'disabled (never enabled, or deleted)' : 'disabled';
    case 'active':
      return 'active';
    case 'error':
      return 'error (the service reports a DNSSEC error for this zone)';
    default:
      return assertNever(live.status, 'DNSSEC status');
  }
}
