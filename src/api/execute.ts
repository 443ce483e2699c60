/**
 * Applies operations over the API (DESIGN §4): steps from `packCalls`, in order; calls of a step
 * with bounded concurrency; the first failure stops everything and the result says what was
 * acknowledged. A POST whose outcome is unknown is re-read, and only re-sent when its effect is
 * not visible; a DELETE whose outcome is unknown is re-read by id (gone: done; present: re-sent);
 * a PATCH or PUT (idempotent) is re-sent. Token secrets are returned in the result, never logged.
 */
import type { ApiRecord } from '../core/model/api-codec.js';
import { differingFields } from '../core/diff/compare-records.js';
import { nameTypeKey, recordKey } from '../core/model/keys.js';
import type { CanonicalRecord, LiveRecord } from '../core/model/record.js';
import type { Operation, RecordOperation, TokenOperation } from '../core/plan/operation.js';
import { ZonectlError } from '../core/errors.js';
import type { CloudflareClient } from './client.js';
import { ApiNetworkError, ApiResponseError, CloudflareApiError, OutcomeUnknownError } from './errors.js';
import { decodeLiveRecords, readLiveRecords, readTokens } from './live.js';
import { listAll } from './paging.js';
import { packCalls, type BatchCall, type CallStep, type HttpCall, type SingleCall } from './pack-calls.js';

export interface ProgressEvent {
  /** Operations acknowledged so far. */
  readonly done: number;
  readonly total: number;
  readonly call: { readonly method: string; readonly path: string; readonly operations: number };
}

export interface ExecuteOptions {
  batch: boolean;
  batchLimit: number;
  /** Calls in flight at once within a step (default 8). */
  concurrency: number;
  onProgress?: (event: ProgressEvent) => void;
  /** Zone names by id (used to read records back after an unknown outcome); looked up when absent. */
  zoneNames?: Readonly<Record<string, string>>;
  /**
   * When the apply started (ms since the epoch; default: when `executeOperations` is called). After
   * a token create with an unknown outcome, only a same-named token issued at or after this time
   * (less TOKEN_CLOCK_SKEW_MS) can be taken for ours.
   */
  startedAt?: number;
}

/** Clock difference allowed between this machine and the service when reading `issued_on`. */
export const TOKEN_CLOCK_SKEW_MS = 60_000;

export interface ExecuteResult {
  readonly ok: boolean;
  /** Indices (into the operations given) the service acknowledged, ascending. */
  readonly applied: number[];
  /** Indices of the call that failed (nothing of a failed batch was applied). */
  readonly failed: number[];
  /** Indices never sent (or sent in a call whose outcome stays unknown: see `error`). */
  readonly notApplied: number[];
  readonly error?: Error;
  /** New token secrets by token name: for `--token-output`, never for logs. */
  readonly tokenValues: Record<string, string>;
  /** Ids of created records and tokens, by operation index. */
  readonly createdIds: Record<number, string>;
  /** HTTP calls made for the operations (re-reads not counted). */
  readonly calls: number;
}

/** Some operations of a batch are visible after an unknown outcome and some are not. */
export class PartiallyUnknownError extends ZonectlError {
  constructor(message: string, cause?: unknown) {
    super('PARTIALLY_UNKNOWN', message, { cause });
  }
}

/** One call failed: the failing operations and the cause. */
export class ExecuteCallError extends ZonectlError {
  readonly opIndices: readonly number[];
  constructor(call: HttpCall, cause: unknown) {
    const why = cause instanceof Error ? cause.message : String(cause);
    const unknown = cause instanceof OutcomeUnknownError || cause instanceof PartiallyUnknownError;
    const message =
      call.kind === 'batch'
        ? `batch of ${call.opIndices.length} operations ${unknown ? '(outcome unknown)' : 'failed, none applied'}: ${why}`
        : why;
    super(cause instanceof ZonectlError ? cause.code : 'EXECUTE_FAILED', message, { cause });
    this.opIndices = call.kind === 'batch' ? call.opIndices : [call.opIndex];
  }
}

interface CallOutcome {
  applied: number[];
  createdIds: Array<[number, string]>;
  tokenValues: Array<[string, string]>;
}

/** Runs `fn` over items with at most `limit` in flight; stops launching after the first failure. */
async function runBounded<T>(items: readonly T[], limit: number, fn: (item: T) => Promise<void>): Promise<unknown[]> {
  const errors: unknown[] = [];
  let next = 0;
  const worker = async () => {
    while (errors.length === 0 && next < items.length) {
      const item = items[next++]!;
      try {
        await fn(item);
      } catch (err) {
        errors.push(err);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
  return errors;
}

function isRecordGone(err: unknown): boolean {
  return err instanceof CloudflareApiError && (err.status === 404 || err.hasCode(81044));
}

/** Statuses after which the service may or may not have acted. */
const UNKNOWN_STATUS = new Set([500, 502, 504]);

/**
 * An idempotent request (DELETE, PATCH, PUT) ended without a definite answer: no answer after the
 * client's retries, or a server error that may come after the change was made.
 */
function isUnknownIdempotentOutcome(err: unknown): boolean {
  if (err instanceof OutcomeUnknownError || err instanceof ApiNetworkError) return true;
  return (err instanceof CloudflareApiError || err instanceof ApiResponseError) && UNKNOWN_STATUS.has(err.status);
}

/** What an unknown-outcome error says, for the "still unknown" message. */
function describeCause(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

/** Policies in a comparable form: effect, resources (sorted keys), permission group ids (sorted). */
function comparablePolicies(policies: unknown): string {
  if (!Array.isArray(policies)) return '[]';
  const sortKeys = (v: unknown): unknown =>
    typeof v !== 'object' || v === null || Array.isArray(v)
      ? v
      : Object.fromEntries(
          Object.keys(v)
            .sort()
            .map((k) => [k, sortKeys((v as Record<string, unknown>)[k])]),
        );
  const list = policies.map((p: unknown) => {
    const policy = (p ?? {}) as { effect?: unknown; resources?: unknown; permission_groups?: unknown };
    const groups = Array.isArray(policy.permission_groups)
      ? policy.permission_groups.map((g: unknown) => String((g as { id?: unknown } | null)?.id ?? '')).sort()
      : [];
    return JSON.stringify({ effect: policy.effect ?? 'allow', resources: sortKeys(policy.resources ?? {}), permission_groups: groups });
  });
  return JSON.stringify(list.sort());
}

/** A token exists under the name, but nothing proves this apply created it. */
export class UnprovenTokenError extends ZonectlError {
  constructor(name: string, count: number) {
    super(
      'OUTCOME_UNKNOWN',
      `POST /user/tokens: outcome unknown: ${count === 1 ? 'a token' : `${count} tokens`} named ${JSON.stringify(name)} exist${count === 1 ? 's' : ''} that zonectl cannot prove it created (issued before this apply started, or with other policies); check ${count === 1 ? 'it' : 'them'} and roll by hand (PUT /user/tokens/{id}/value) if ${count === 1 ? 'it is' : 'one is'} yours`,
    );
  }
}
/** Same record as `want` in every field the plan manages (the planner's own comparison). */
function sameRecord(live: CanonicalRecord, want: CanonicalRecord): boolean {
  return nameTypeKey(live) === nameTypeKey(want) && differingFields(live, want).length === 0;
}

/** Re-read / re-send rounds after an unknown outcome. */
const RECOVERY_ROUNDS = 3;

class Executor {
  private readonly zoneNames = new Map<string, string>();
  private readonly startedAt: number;
  calls = 0;

  constructor(
    private readonly client: CloudflareClient,
    private readonly ops: readonly Operation[],
    options: ExecuteOptions,
  ) {
    for (const [id, name] of Object.entries(options.zoneNames ?? {})) this.zoneNames.set(id, name);
    this.startedAt = options.startedAt ?? Date.now();
  }

  private async zoneName(zoneId: string): Promise<string> {
    const known = this.zoneNames.get(zoneId);
    if (known !== undefined) return known;
    const res = await this.client.request<{ name: string }>('GET', `/zones/${zoneId}`);
    this.zoneNames.set(zoneId, res.result.name);
    return res.result.name;
  }

  async run(call: HttpCall): Promise<CallOutcome> {
    return call.kind === 'batch' ? this.runBatch(call) : this.runSingle(call);
  }

  private async send<T>(method: string, path: string, body: unknown): Promise<T> {
    this.calls++;
    const res = await this.client.request<T>(method, path, body === undefined ? {} : { body });
    return res.result;
  }

  // ---- single calls -------------------------------------------------------------------------

  private async runSingle(call: SingleCall): Promise<CallOutcome> {
    const op = this.ops[call.opIndex]!;
    const outcome: CallOutcome = { applied: [call.opIndex], createdIds: [], tokenValues: [] };
    let result: unknown;
    try {
      result = await this.send<unknown>(call.method, call.path, call.body);
    } catch (err) {
      if (call.method === 'DELETE' && isRecordGone(err) && (err as CloudflareApiError).attempts > 1) {
        return outcome; // an earlier attempt deleted it; the answer was lost
      }
      if (call.method === 'POST') {
        if (!(err instanceof OutcomeUnknownError)) throw err;
        result = await this.recoverUnknownCreate(op, call, err);
      } else {
        if (!isUnknownIdempotentOutcome(err)) throw err;
        result = call.method === 'DELETE' ? await this.recoverUnknownDelete(call, err) : await this.resendIdempotent(call, err);
      }
    }
    this.collect(op, call.opIndex, result, outcome);
    return outcome;
  }

  /**
   * A DELETE got no definite answer: re-read the resource by id. Gone (404): done. Present:
   * re-send (a 404 to the re-send also means done). At most RECOVERY_ROUNDS times.
   */
  private async recoverUnknownDelete(call: SingleCall, unknown: unknown): Promise<unknown> {
    let last = unknown;
    for (let round = 1; round <= RECOVERY_ROUNDS; round++) {
      try {
        await this.client.request<unknown>('GET', call.path);
      } catch (err) {
        if (isRecordGone(err)) return null;
        throw err;
      }
      try {
        return await this.send<unknown>('DELETE', call.path, call.body);
      } catch (err) {
        if (isRecordGone(err)) return null;
        if (!isUnknownIdempotentOutcome(err)) throw err;
        last = err;
      }
    }
    throw new OutcomeUnknownError('DELETE', call.path, `still unknown after ${RECOVERY_ROUNDS} re-reads and re-sends: ${describeCause(last)}`, last);
  }

  /** A PATCH or PUT got no definite answer: sending it again has the same effect, so re-send. */
  private async resendIdempotent(call: SingleCall, unknown: unknown): Promise<unknown> {
    let last = unknown;
    for (let round = 1; round <= RECOVERY_ROUNDS; round++) {
      try {
        return await this.send<unknown>(call.method, call.path, call.body);
      } catch (err) {
        if (!isUnknownIdempotentOutcome(err)) throw err;
        last = err;
      }
    }
    throw new OutcomeUnknownError(call.method, call.path, `still unknown after ${RECOVERY_ROUNDS} re-sends: ${describeCause(last)}`, last);
  }

  private collect(op: Operation, index: number, result: unknown, outcome: CallOutcome): void {
    if (op.kind === 'token') {
      const value =
        typeof result === 'string'
          ? result
          : result !== null && typeof result === 'object' && typeof (result as { value?: unknown }).value === 'string'
            ? (result as { value: string }).value
            : undefined;
      if (value !== undefined) outcome.tokenValues.push([op.name, value]);
    }
    if (op.method === 'POST' && result !== null && typeof result === 'object') {
      const id = (result as { id?: unknown }).id;
      if (typeof id === 'string') outcome.createdIds.push([index, id]);
    }
  }

  /**
   * A POST got no definite answer: re-read; if its effect is visible it is done, else re-send.
   * Repeated while re-sends stay unknown, at most RECOVERY_ROUNDS times.
   */
  private async recoverUnknownCreate(op: Operation, call: SingleCall, unknown: OutcomeUnknownError): Promise<unknown> {
    let last = unknown;
    for (let round = 1; round <= RECOVERY_ROUNDS; round++) {
      let found: unknown;
      if (op.kind === 'dns_record' && op.after) {
        const record = await this.findRecord(op, op.after);
        if (record) found = { id: record.id };
      } else if (op.kind === 'token') {
        found = await this.recoverToken(op);
      } else {
        throw unknown;
      }
      if (found !== undefined) return found;
      try {
        return await this.send<unknown>(call.method, call.path, call.body);
      } catch (err) {
        // The lost first attempt may have landed meanwhile: "already exists" sends us to re-read.
        const landed = op.kind === 'dns_record' && err instanceof CloudflareApiError && (err.hasCode(81057) || err.hasCode(81058));
        if (landed) {
          const record = await this.findRecord(op, op.after!);
          if (record) return { id: record.id };
          throw err;
        }
        if (!(err instanceof OutcomeUnknownError)) throw err;
        last = err;
      }
    }
    throw new OutcomeUnknownError(last.method, last.path, `still unknown after ${RECOVERY_ROUNDS} re-reads and re-sends`, last);
  }

  private async findRecord(op: RecordOperation, want: CanonicalRecord): Promise<LiveRecord | undefined> {
    const zone = await this.zoneName(op.zoneId);
    const { records } = await readLiveRecords(this.client, op.zoneId, zone, { name: want.name, type: want.type });
    return records.find((r) => sameRecord(r, want));
  }

  /**
   * A token create was lost. If a token of the name exists now, it is ours only when it was
   * issued at or after the apply started (less the clock skew allowed) and has the policies sent;
   * then it is rolled to learn a value. A same-named token that cannot be proven ours is never
   * rolled (that would rotate someone else's secret): the apply stops with UnprovenTokenError.
   */
  private async recoverToken(op: TokenOperation): Promise<unknown> {
    const tokens = (await readTokens(this.client)).filter((t) => t.name === op.name);
    if (tokens.length === 0) return undefined;
    const since = this.startedAt - TOKEN_CLOCK_SKEW_MS;
    const wantPolicies = comparablePolicies((op.body as { policies?: unknown } | undefined)?.policies);
    const ours = tokens.filter((t) => {
      const issued = typeof t.issued_on === 'string' ? Date.parse(t.issued_on) : Number.NaN;
      return !Number.isNaN(issued) && issued >= since && comparablePolicies(t.policies) === wantPolicies;
    });
    if (ours.length !== 1) throw new UnprovenTokenError(op.name, tokens.length);
    const existing = ours[0]!;
    const value = await this.send<unknown>('PUT', `/user/tokens/${existing.id}/value`, {});
    return typeof value === 'string' ? { id: existing.id, value } : value;
  }

  // ---- batches -------------------------------------------------------------------------------

  private async runBatch(call: BatchCall): Promise<CallOutcome> {
    let result: unknown;
    try {
      result = await this.send<unknown>('POST', call.path, call.body);
    } catch (err) {
      if (!(err instanceof OutcomeUnknownError)) throw err;
      result = await this.recoverUnknownBatch(call, err);
    }
    const outcome: CallOutcome = { applied: [...call.opIndices], createdIds: [], tokenValues: [] };
    const posts = (result as { posts?: unknown } | null)?.posts;
    if (Array.isArray(posts)) {
      call.posts.forEach((index, k) => {
        const id = (posts[k] as { id?: unknown } | undefined)?.id;
        if (typeof id === 'string') outcome.createdIds.push([index, id]);
      });
    }
    return outcome;
  }

  private async recoverUnknownBatch(call: BatchCall, unknown: OutcomeUnknownError): Promise<unknown> {
    let last = unknown;
    for (let round = 1; round <= RECOVERY_ROUNDS; round++) {
      const seen = await this.batchEffect(call);
      const total = call.opIndices.length;
      if (seen.visible === total) return { posts: seen.created };
      if (seen.visible > 0) {
        throw new PartiallyUnknownError(
          `POST ${call.path}: outcome of a batch of ${total} operations partially unknown: ${seen.visible} are visible and ${total - seen.visible} are not after the answer was lost; re-run plan to see the zone as it is`,
          last,
        );
      }
      try {
        return await this.send<unknown>('POST', call.path, call.body);
      } catch (err) {
        if (!(err instanceof OutcomeUnknownError)) throw err;
        last = err;
      }
    }
    throw new OutcomeUnknownError(last.method, last.path, `still unknown after ${RECOVERY_ROUNDS} re-reads and re-sends`, last);
  }

  /** How many of the batch's operations are visible in the zone now. */
  private async batchEffect(call: BatchCall): Promise<{ visible: number; created: Array<{ id?: string }> }> {
    const zone = await this.zoneName(call.zoneId);
    const api = await listAll<ApiRecord>(this.client, `/zones/${call.zoneId}/dns_records`);
    const { records } = decodeLiveRecords(api, zone);
    const byId = new Map(records.map((r) => [r.id, r]));
    const rec = (i: number) => this.ops[i] as RecordOperation;
    let visible = 0;
    for (const i of call.deletes) if (!byId.has(rec(i).recordId ?? '')) visible++;
    for (const i of [...call.patches, ...call.puts]) {
      const live = byId.get(rec(i).recordId ?? '');
      const after = rec(i).after;
      if (live && after && sameRecord(live, after)) visible++;
    }
    const byValue = new Map<string, LiveRecord[]>();
    for (const r of records) {
      const key = recordKey(r);
      const list = byValue.get(key);
      if (list) list.push(r);
      else byValue.set(key, [r]);
    }
    const taken = new Set<string>();
    const created: Array<{ id?: string }> = [];
    for (const i of call.posts) {
      const after = rec(i).after;
      const candidates = after ? (byValue.get(recordKey(after)) ?? []) : [];
      const match = after ? candidates.find((r) => !taken.has(r.id) && sameRecord(r, after)) : undefined;
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
}

/** Applies the operations; never throws for an API failure (see `error` in the result). */
export async function executeOperations(
  client: CloudflareClient,
  ops: readonly Operation[],
  options: ExecuteOptions,
): Promise<ExecuteResult> {
  const steps: CallStep[] = packCalls(ops, options);
  const executor = new Executor(client, ops, options);
  const applied = new Set<number>();
  const tokenValues: Record<string, string> = {};
  const createdIds: Record<number, string> = {};
  const concurrency = Math.max(1, Math.floor(options.concurrency) || 1);
  let error: Error | undefined;
  let failed: number[] = [];

  for (const step of steps) {
    const errors = await runBounded(step.calls, concurrency, async (call) => {
      try {
        const outcome = await executor.run(call);
        for (const i of outcome.applied) applied.add(i);
        for (const [i, id] of outcome.createdIds) createdIds[i] = id;
        for (const [name, value] of outcome.tokenValues) tokenValues[name] = value;
        options.onProgress?.({
          done: applied.size,
          total: ops.length,
          call: { method: call.method, path: call.path, operations: call.kind === 'batch' ? call.opIndices.length : 1 },
        });
      } catch (err) {
        throw new ExecuteCallError(call, err);
      }
    });
    if (errors.length > 0) {
      const first = errors[0] as ExecuteCallError;
      error = first;
      failed = errors.flatMap((e) => [...(e as ExecuteCallError).opIndices]);
      break;
    }
  }

  const notApplied = ops.map((_, i) => i).filter((i) => !applied.has(i));
  return {
    ok: error === undefined,
    applied: [...applied].sort((a, b) => a - b),
    failed: failed.sort((a, b) => a - b),
    notApplied,
    ...(error ? { error } : {}),
    tokenValues,
    createdIds,
    calls: executor.calls,
  };
}

/** The HTTP calls `executeOperations` would make, in order (for `--dry-run`). */
export interface DescribedCall {
  readonly step: number;
  readonly method: string;
  readonly path: string;
  readonly body?: unknown;
  readonly opIndices: readonly number[];
}

export function describeHttpCalls(ops: readonly Operation[], options: { batch: boolean; batchLimit: number }): DescribedCall[] {
  return packCalls(ops, options).flatMap((step, s) =>
    step.calls.map((call) => ({
      step: s + 1,
      method: call.method,
      path: call.path,
      ...(call.body !== undefined ? { body: call.body } : {}),
      opIndices: call.kind === 'batch' ? call.opIndices : [call.opIndex],
    })),
  );
}
