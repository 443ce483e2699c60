/**
 * Single calls whose outcome is unknown (the answer was lost, or a 5xx that may follow the
 * change). A POST is re-read and re-sent only when its effect is not visible; a DELETE is re-read
 * by id (gone: done; present: re-sent); a PATCH or PUT (idempotent) is re-sent. When the re-read
 * itself fails, the outcome stays unknown.
 */
import type { CanonicalRecord, LiveRecord } from '../core/model/record.js';
import type { Operation, RecordOperation } from '../core/plan/operation.js';
import { CloudflareApiError, OutcomeUnknownError } from './errors.js';
import { readLiveRecords } from './live.js';
import {
  describeCause,
  isGone,
  isUnknownIdempotentOutcome,
  RECOVERY_ROUNDS,
  sameRecord,
  stillUnknown,
  type RecoveryContext,
} from './outcome.js';
import type { SingleCall } from './pack-calls.js';
import { findCreatedToken } from './recover-token.js';

async function findRecord(ctx: RecoveryContext, op: RecordOperation, want: CanonicalRecord): Promise<LiveRecord | undefined> {
  const zone = await ctx.zoneName(op.zoneId);
  const { records } = await readLiveRecords(ctx.client, op.zoneId, zone, { name: want.name, type: want.type });
  return records.find((r) => sameRecord(r, want));
}

/** The effect of a lost create, if visible: `{ id }` (and a token's new value), else undefined. */
async function visibleEffect(ctx: RecoveryContext, op: Operation, unknown: OutcomeUnknownError): Promise<unknown> {
  if (op.kind === 'token' && op.action === 'create') return findCreatedToken(ctx, op, unknown);
  if (op.kind !== 'dns_record' || op.action !== 'create') throw unknown;
  try {
    const record = await findRecord(ctx, op, op.after);
    return record ? { id: record.id } : undefined;
  } catch (err) {
    throw stillUnknown(op.method, op.path, err, unknown);
  }
}

/**
 * A POST got no definite answer: re-read; if its effect is visible it is done, else re-send.
 * Repeated while re-sends stay unknown, at most RECOVERY_ROUNDS times.
 */
export async function recoverUnknownCreate(
  ctx: RecoveryContext,
  op: Operation,
  call: SingleCall,
  unknown: OutcomeUnknownError,
): Promise<unknown> {
  let last = unknown;
  for (let round = 1; round <= RECOVERY_ROUNDS; round++) {
    const found = await visibleEffect(ctx, op, last);
    if (found !== undefined) return found;
    try {
      return await ctx.send<unknown>(call.method, call.path, call.body);
    } catch (err) {
      // The lost first attempt may have landed meanwhile: "already exists" sends us to re-read.
      const landed =
        op.kind === 'dns_record' &&
        op.action === 'create' &&
        err instanceof CloudflareApiError &&
        (err.hasCode(81057) || err.hasCode(81058));
      if (landed) {
        const again = await visibleEffect(ctx, op, last);
        if (again !== undefined) return again;
        throw err;
      }
      if (!(err instanceof OutcomeUnknownError)) throw err;
      last = err;
    }
  }
  throw new OutcomeUnknownError(last.method, last.path, `still unknown after ${RECOVERY_ROUNDS} re-reads and re-sends`, last);
}

/**
 * A DELETE got no definite answer: re-read the resource by id. Gone (404): done. Present:
 * re-send (a 404 to the re-send also means done). At most RECOVERY_ROUNDS times.
 */
export async function recoverUnknownDelete(ctx: RecoveryContext, call: SingleCall, unknown: unknown): Promise<unknown> {
  let last = unknown;
  for (let round = 1; round <= RECOVERY_ROUNDS; round++) {
    try {
      await ctx.client.request<unknown>('GET', call.path);
    } catch (err) {
      if (isGone(err)) return null;
      throw stillUnknown(call.method, call.path, err, last);
    }
    try {
      return await ctx.send<unknown>('DELETE', call.path, call.body);
    } catch (err) {
      if (isGone(err)) return null;
      if (!isUnknownIdempotentOutcome(err)) throw err;
      last = err;
    }
  }
  throw new OutcomeUnknownError(
    'DELETE',
    call.path,
    `still unknown after ${RECOVERY_ROUNDS} re-reads and re-sends: ${describeCause(last)}`,
    last,
  );
}

/** A PATCH or PUT got no definite answer: sending it again has the same effect, so re-send. */
export async function resendIdempotent(ctx: RecoveryContext, call: SingleCall, unknown: unknown): Promise<unknown> {
  let last = unknown;
  for (let round = 1; round <= RECOVERY_ROUNDS; round++) {
    try {
      return await ctx.send<unknown>(call.method, call.path, call.body);
    } catch (err) {
      if (!isUnknownIdempotentOutcome(err)) throw err;
      last = err;
    }
  }
  throw new OutcomeUnknownError(call.method, call.path, `still unknown after ${RECOVERY_ROUNDS} re-sends: ${describeCause(last)}`, last);
}
