/**
 * What an API error says about the outcome of a write: done, not done, or unknown. Shared by the
 * executor and its recoveries (execute.ts, recover-*.ts).
 */
import { differingFields } from '../core/diff/compare-records.js';
import { nameTypeKey } from '../core/model/keys.js';
import type { CanonicalRecord } from '../core/model/record.js';
import { withoutMarker } from '../core/ownership/index.js';
import type { CloudflareClient } from './client.js';
import { ApiNetworkError, ApiResponseError, CloudflareApiError, OutcomeUnknownError } from './errors.js';

/** Re-read / re-send rounds after an unknown outcome. */
export const RECOVERY_ROUNDS = 3;

/** The resource is not there (404, or the service's "record not found", 81044). */
export function isGone(err: unknown): boolean {
  return err instanceof CloudflareApiError && (err.status === 404 || err.hasCode(81044));
}

/** Statuses after which the service may or may not have acted. */
const UNKNOWN_STATUS = new Set([500, 502, 504]);

/**
 * An idempotent request (DELETE, PATCH, PUT) ended without a definite answer: no answer after the
 * client's retries, or a server error that may come after the change was made.
 */
export function isUnknownIdempotentOutcome(err: unknown): boolean {
  if (err instanceof OutcomeUnknownError || err instanceof ApiNetworkError) return true;
  return (err instanceof CloudflareApiError || err instanceof ApiResponseError) && UNKNOWN_STATUS.has(err.status);
}

/** What an error says, for a message. */
export function describeCause(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

/**
 * The write `method path` had an unknown outcome, and the re-read that should have told what
 * happened failed too: the outcome stays unknown (never "not applied" without proof).
 */
export function stillUnknown(method: string, path: string, reread: unknown, unknown: unknown): OutcomeUnknownError {
  return new OutcomeUnknownError(
    method,
    path,
    `the answer was lost and the re-read to find out what happened failed too: ${describeCause(reread)}`,
    unknown,
  );
}

/** Same record as `want` in every field the plan manages (the planner's own comparison). */
export function sameRecord(live: CanonicalRecord, want: CanonicalRecord): boolean {
  // zonectl's ownership marker (manage.unmanaged: owned) is part of what was sent, never of the file's record.
  return nameTypeKey(live) === nameTypeKey(want) && differingFields(withoutMarker(live), want).length === 0;
}

/** What a recovery needs from the executor. */
export interface RecoveryContext {
  readonly client: CloudflareClient;
  /** When the apply started (ms since the epoch). */
  readonly startedAt: number;
  /** Sends a write (counted as a call of the apply) and returns its `result`. */
  send<T>(method: string, path: string, body: unknown): Promise<T>;
  /** The zone's name by id (to read records back). */
  zoneName(zoneId: string): Promise<string>;
  /** Something the user should know that is not an error (e.g. a record already gone). */
  note(message: string): void;
}
