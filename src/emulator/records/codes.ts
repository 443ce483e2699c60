/**
 * Error codes of DNS record writes. Codes seen from the real service are marked (real); the
 * others are the emulator's choice in the same range (see src/emulator/README.md).
 */
import { ApiError } from '../contract.js';

export const RECORD_CODES = {
  bodyInvalid: 9207, // (real) Request body is invalid.
  nameInvalid: 9000, // (real) DNS name is invalid.
  typeInvalid: 9008,
  contentRequired: 9009,
  proxyTarget: 9003, // (real) Target <ip> is not allowed for a proxied record.
  proxyType: 9004, // (real) This record type cannot be proxied.
  aContent: 9005, // (real) Content for A record must be a valid IPv4 address.
  aaaaContent: 9006, // (real) Content for AAAA record must be a valid IPv6 address.
  cnameContent: 9007, // (real) Content for CNAME record is invalid.
  serviceNetwork: 9011,
  hostnameContent: 9016,
  ttl: 9021, // (real) TTL out of range
  txtQuotes: 9022,
  txtAscii: 9051, // (real) Invalid TXT record. Record may only contain printable ASCII!
  dsNeedsNs: 9115,
  settings: 9116,
  recordTooLarge: 9117,
  rrsetTooLarge: 9118,
  privateRouting: 9120, // private_routing refused (not A/AAAA, not proxied, no entitlement, false on a private address): the emulator's
  typeChange: 9119, // changing an existing record's type (from 2026-07-01): the code is the emulator's (not published)
  data: 9101,
  srvLegacyData: 9102,
  priority: 9100, // (real) priority is a required field. (pulumi/pulumi-cloudflare issue #1107)
  comment: 9105,
  tags: 9112, // not 9106: the service's "Missing X-Auth-Key, X-Auth-Email or Authorization headers"
  tagQuota: 9300, // (real) DNS record has 1 tags, exceeding the quota of 0. (kubernetes-sigs/external-dns issue #3706)
  batchTooLarge: 9108,
  batchInvalid: 9113, // not 9109: the service's "Invalid access token"
  recordMissing: 81044, // (real) Record does not exist.
  nameConflict: 81053, // (real) An A, AAAA, or CNAME record with that host already exists.
  cnameConflict: 81054, // (real) A CNAME record with that host already exists.
  alreadyExists: 81057, // (real) Record already exists.
  identical: 81058, // (real) An identical record already exists.
  nsConflict: 81056, // (real) NS records with that host already exist.
  wrapper: 1004, // (real) DNS Validation Error
  retiredFilter: 9110,
  listParam: 9111,
} as const;

/** A rule violation on a record write: wrapped in 1004 + error_chain before 2024-10-01. */
export class RecordValidationError extends ApiError {
  constructor(code: number, message: string) {
    super(400, [{ code, message }]);
  }
}

export function invalid(code: number, message: string): RecordValidationError {
  return new RecordValidationError(code, message);
}

/** A conflict with existing records (never wrapped). */
export function conflict(code: number, message: string): ApiError {
  return new ApiError(400, [{ code, message }]);
}

export function recordNotFound(): ApiError {
  return new ApiError(404, [{ code: RECORD_CODES.recordMissing, message: 'Record does not exist.' }]);
}

/** The dated error shape: before 2024-10-01 the root cause sits in a 1004 wrapper. */
export function datedError(err: unknown, wrap: boolean): unknown {
  if (!(err instanceof RecordValidationError) || !wrap) return err;
  return new ApiError(err.status, [
    {
      code: RECORD_CODES.wrapper,
      message: 'DNS Validation Error',
      error_chain: err.errors.map((e) => ({ code: e.code, message: e.message })),
    },
  ]);
}
