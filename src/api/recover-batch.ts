/**
 * Batches (POST /zones/{id}/dns_records/batch) whose answer was lost, or that failed only
 * because a record to delete is already gone. A batch is one transaction: all or nothing. After
 * a lost answer the zone is re-read: everything visible means done, nothing visible means re-send,
 * part of it means the outcome is partially unknown (re-plan). When the re-read fails, the
 * outcome stays unknown: never "none applied" without proof.
 */
import type { ApiRecord } from '../core/model/api-codec.js';
import { groupBy } from '../core/diff/group-by.js';
import { ZonectlError } from '../core/errors.js';
import { recordKey } from '../core/model/keys.js';
import type { LiveRecord } from '../core/model/record.js';
import type { Operation, RecordOperation } from '../core/plan/operation.js';
import { OutcomeUnknownError } from './errors.js';
import { decodeLiveRecords } from './live.js';
import { isGone, RECOVERY_ROUNDS, sameRecord, stillUnknown, type RecoveryContext } from './outcome.js';
import type { BatchBody, BatchCall } from './pack-calls.js';
import { listAll } from './paging.js';

/** Some operations of a batch are visible after an unknown outcome and some are not. */
export class PartiallyUnknownError extends ZonectlError {
  constructor(message: string, cause?: unknown) {
    super('PARTIALLY_UNKNOWN', message, { cause });
  }
}

async function readZone(ctx: RecoveryContext, zoneId: string): Promise<LiveRecord[]> {
  const zone = await ctx.zoneName(zoneId);
  const api = await listAll<ApiRecord>(ctx.client, `/zones/${zoneId}/dns_records`);
  return decodeLiveRecords(api, zone).records;
}

function recordOp(ops: readonly Operation[], i: number): RecordOperation | undefined {
  const op = ops[i];
  return op?.kind === 'dns_record' ? op : undefined;
}

/** How many of the batch's operations are visible in the zone now, and the ids of its posts. */
function batchEffect(
  call: BatchCall,
  ops: readonly Operation[],
  records: readonly LiveRecord[],
): { visible: number; created: Array<{ id?: string }> } {
  const byId = new Map(records.map((r) => [r.id, r]));
  let visible = 0;
  for (const i of call.deletes) {
    const op = recordOp(ops, i);
    if (op?.action === 'delete' && !byId.has(op.recordId)) visible++;
  }
  for (const i of [...call.patches, ...call.puts]) {
    const op = recordOp(ops, i);
    const live = op?.action === 'update' ? byId.get(op.recordId) : undefined;
    if (op?.action === 'update' && live && sameRecord(live, op.after)) visible++;
  }
  const byValue = groupBy(records, recordKey);
  const taken = new Set<string>();
  const created: Array<{ id?: string }> = [];
  for (const i of call.posts) {
    const op = recordOp(ops, i);
    const after = op?.action === 'create' ? op.after : undefined;
    const match = after ? (byValue.get(recordKey(after)) ?? []).find((r) => !taken.has(r.id) && sameRecord(r, after)) : undefined;
    if (match) {
      visible++;
      taken.add(match.id);
      created.push({ id: match.id });
    } else {
      created.push({});
    }
  }
  return { visible, created };
}

/** A batch whose answer was lost: re-read, then done, re-send, or partially unknown. */
export async function recoverUnknownBatch(
  ctx: RecoveryContext,
  call: BatchCall,
  ops: readonly Operation[],
  body: BatchBody,
  unknown: OutcomeUnknownError,
): Promise<unknown> {
  let last = unknown;
  for (let round = 1; round <= RECOVERY_ROUNDS; round++) {
    let records: LiveRecord[];
    try {
      records = await readZone(ctx, call.zoneId);
    } catch (err) {
      throw stillUnknown('POST', call.path, err, last);
    }
    const seen = batchEffect(call, ops, records);
    const total = call.opIndices.length;
    if (seen.visible === total) return { posts: seen.created };
    if (seen.visible > 0) {
      throw new PartiallyUnknownError(
        `POST ${call.path}: outcome of a batch of ${total} operations partially unknown: ${seen.visible} are visible and ${total - seen.visible} are not after the answer was lost; re-run plan to see the zone as it is`,
        last,
      );
    }
    try {
      return await ctx.send<unknown>('POST', call.path, body);
    } catch (err) {
      if (!(err instanceof OutcomeUnknownError)) throw err;
      last = err;
    }
  }
  throw new OutcomeUnknownError(last.method, last.path, `still unknown after ${RECOVERY_ROUNDS} re-reads and re-sends`, last);
}

/**
 * The batch failed as a whole because a record it deletes does not exist (404): a record already
 * gone leaves the desired state true. Re-reads the zone; when some deleted ids are gone, returns
 * the body without them (to be sent again) and notes them; otherwise undefined (the failure
 * stands: nothing of the batch was applied).
 */
export async function withoutGoneDeletes(
  ctx: RecoveryContext,
  call: BatchCall,
  body: BatchBody,
  failure: unknown,
): Promise<BatchBody | undefined> {
  if (!isGone(failure) || body.deletes === undefined || body.deletes.length === 0) return undefined;
  let records: LiveRecord[];
  try {
    records = await readZone(ctx, call.zoneId);
  } catch {
    return undefined; // the 404 answer was definite: nothing was applied; report it as it is
  }
  const present = new Set(records.map((r) => r.id));
  const gone = body.deletes.filter((d) => !present.has(d.id));
  if (gone.length === 0) return undefined;
  ctx.note(
    `${gone.length} record(s) to delete were already gone (${gone
      .map((d) => d.id)
      .slice(0, 5)
      .join(', ')}${gone.length > 5 ? ', ...' : ''}): nothing to do for them`,
  );
  const deletes = body.deletes.filter((d) => present.has(d.id));
  const { deletes: _old, ...rest } = body;
  return deletes.length > 0 ? { ...rest, deletes } : rest;
}
