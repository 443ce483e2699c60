/**
 * Applies operations over the API: steps from `packCalls`, in order; calls of a step with
 * bounded concurrency (`concurrency`; the CLI's default is 4); the first failure stops
 * everything and the result says what was acknowledged. Unknown outcomes are recovered by
 * recover-single.ts, recover-batch.ts and recover-token.ts. Token secrets are returned in the
 * result, never logged.
 */
import { ZonectlError } from '../core/errors.js';
import type { Operation } from '../core/plan/operation.js';
import { runBounded } from './bounded.js';
import type { CloudflareClient } from './client.js';
import { CloudflareApiError, OutcomeUnknownError } from './errors.js';
import { forgetListedTokens } from './listed-tokens.js';
import { isGone, isUnknownIdempotentOutcome, type RecoveryContext } from './outcome.js';
import { packCalls, withRelease, type BatchBody, type BatchCall, type CallStep, type HttpCall, type SingleCall } from './pack-calls.js';
import { PartiallyUnknownError, recoverUnknownBatch, withoutGoneDeletes } from './recover-batch.js';
import { recoverUnknownCreate, recoverUnknownDelete, resendIdempotent } from './recover-single.js';

export { PartiallyUnknownError } from './recover-batch.js';
export { TOKEN_CLOCK_SKEW_MS, UnprovenTokenError } from './recover-token.js';

export interface ProgressEvent {
  /** Operations acknowledged so far. */
  readonly done: number;
  readonly total: number;
  readonly call: { readonly method: string; readonly path: string; readonly operations: number };
  /** Indices (into the operations given) this call applied. */
  readonly opIndices: readonly number[];
}

export interface ExecuteOptions {
  batch: boolean;
  batchLimit: number;
  /** Calls in flight at once within a step (at least 1). */
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
  /**
   * Asked before each call is sent: once it answers true (SIGINT, SIGTERM), no new call is sent;
   * calls in flight finish and the result says what was applied (`interrupted`).
   */
  shouldStop?: () => boolean;
  /**
   * A record to delete inside the last batch (the apply lock: one request fewer, and the lock
   * held until the last write is acknowledged). `onSend` is told just before that batch is
   * sent, `onReleased` once it was acknowledged. When the last call cannot carry it, nothing is
   * done and `released` stays false.
   */
  release?: { readonly zoneId: string; readonly recordId: string; readonly onSend?: () => void; readonly onReleased?: () => void };
}

export interface ExecuteResult {
  readonly ok: boolean;
  /** Indices (into the operations given) the service acknowledged, ascending. */
  readonly applied: number[];
  /** Indices of the call that failed (see `error`: whether they were applied may be unknown). */
  readonly failed: number[];
  /** Indices not known to be applied: never sent, failed, or sent in a call whose outcome stays unknown. */
  readonly notApplied: number[];
  readonly error?: Error;
  /** True when the failed call's outcome is unknown (some of it may have been applied). */
  readonly outcomeUnknown: boolean;
  /** New token secrets by token name: for `--token-output`, never for logs. */
  readonly tokenValues: Record<string, string>;
  /** Ids of created records and tokens, by operation index. */
  readonly createdIds: Record<number, string>;
  /** HTTP calls made for the operations (re-reads not counted). */
  readonly calls: number;
  /** Things the user should know that are not errors (e.g. a record to delete was already gone). */
  readonly notes: string[];
  /** True when `shouldStop` stopped the run before every operation was sent. */
  readonly interrupted: boolean;
  /** For records created or updated: the id and `modified_on` the service's answer gave, by operation index. */
  readonly written: Record<number, WrittenRecord>;
  /** True when the `release` record was deleted by the last batch (acknowledged). */
  readonly released?: boolean;
}

export interface WrittenRecord {
  readonly id: string;
  readonly modifiedOn: string;
}

/** The run was stopped (SIGINT, SIGTERM) before every operation was sent. */
export class InterruptedError extends ZonectlError {
  constructor(applied: number, total: number) {
    super('INTERRUPTED', `interrupted: ${applied} of ${total} operations applied, no more sent`);
  }
}

function isUnknown(err: unknown): boolean {
  return err instanceof OutcomeUnknownError || err instanceof PartiallyUnknownError;
}

/** One call failed: the failing operations and the cause. */
export class ExecuteCallError extends ZonectlError {
  readonly opIndices: readonly number[];
  readonly outcomeUnknown: boolean;
  constructor(call: HttpCall, cause: unknown) {
    const why = cause instanceof Error ? cause.message : String(cause);
    const unknown = isUnknown(cause);
    const message =
      call.kind === 'batch'
        ? `batch of ${call.opIndices.length} operations ${unknown ? '(outcome unknown)' : 'failed, none applied'}: ${why}`
        : why;
    super(cause instanceof ZonectlError ? cause.code : 'EXECUTE_FAILED', message, { cause });
    this.opIndices = call.kind === 'batch' ? call.opIndices : [call.opIndex];
    this.outcomeUnknown = unknown;
  }
}

interface CallOutcome {
  applied: number[];
  createdIds: Array<[number, string]>;
  written: Array<[number, WrittenRecord]>;
  tokenValues: Array<[string, string]>;
}

function hasEntries(body: BatchBody): boolean {
  return (body.deletes?.length ?? 0) + (body.patches?.length ?? 0) + (body.puts?.length ?? 0) + (body.posts?.length ?? 0) > 0;
}

class Executor implements RecoveryContext {
  private readonly zoneNames = new Map<string, string>();
  readonly startedAt: number;
  readonly notes: string[] = [];
  readonly onRelease: (() => void) | undefined;
  calls = 0;

  constructor(
    readonly client: CloudflareClient,
    private readonly ops: readonly Operation[],
    options: ExecuteOptions,
  ) {
    for (const [id, name] of Object.entries(options.zoneNames ?? {})) this.zoneNames.set(id, name);
    this.startedAt = options.startedAt ?? Date.now();
    this.onRelease = options.release?.onSend;
  }

  async zoneName(zoneId: string): Promise<string> {
    const known = this.zoneNames.get(zoneId);
    if (known !== undefined) return known;
    const res = await this.client.request<{ name: string }>('GET', `/zones/${zoneId}`);
    this.zoneNames.set(zoneId, res.result.name);
    return res.result.name;
  }

  note(message: string): void {
    this.notes.push(message);
  }

  async send<T>(method: string, path: string, body: unknown): Promise<T> {
    this.calls++;
    const res = await this.client.request<T>(method, path, body === undefined ? {} : { body });
    return res.result;
  }

  async run(call: HttpCall): Promise<CallOutcome> {
    return call.kind === 'batch' ? this.runBatch(call) : this.runSingle(call);
  }

  private async runSingle(call: SingleCall): Promise<CallOutcome> {
    const op = this.ops[call.opIndex];
    const outcome: CallOutcome = { applied: [call.opIndex], createdIds: [], written: [], tokenValues: [] };
    let result: unknown;
    try {
      result = await this.send<unknown>(call.method, call.path, call.body);
    } catch (err) {
      if (call.method === 'DELETE' && isGone(err)) {
        // Already gone: the desired state holds. After a retry, the earlier attempt deleted it.
        if (!(err instanceof CloudflareApiError && err.attempts > 1)) this.note(`${call.path}: already gone (404); nothing to delete`);
        return outcome;
      }
      if (call.method === 'POST') {
        if (!(err instanceof OutcomeUnknownError)) throw err;
        result = await recoverUnknownCreate(this, op, call, err);
      } else {
        if (!isUnknownIdempotentOutcome(err)) throw err;
        result = call.method === 'DELETE' ? await recoverUnknownDelete(this, call, err) : await resendIdempotent(this, call, err);
      }
    }
    collect(op, call.opIndex, result, outcome);
    return outcome;
  }

  private async runBatch(call: BatchCall): Promise<CallOutcome> {
    let body = call.body;
    let result: unknown;
    for (;;) {
      try {
        if (call.releases !== undefined) this.onRelease?.();
        result = hasEntries(body) ? await this.send<unknown>('POST', call.path, body) : {};
        break;
      } catch (err) {
        if (err instanceof OutcomeUnknownError) {
          result = await recoverUnknownBatch(this, call, this.ops, body, err);
          break;
        }
        const reduced = await withoutGoneDeletes(this, call, body, err);
        // The lock carried by this batch is gone: another run took it over; send nothing more.
        if (reduced === undefined || (call.releases !== undefined && !reduced.deletes?.some((d) => d.id === call.releases))) throw err;
        body = reduced;
      }
    }
    const outcome: CallOutcome = { applied: [...call.opIndices], createdIds: [], written: [], tokenValues: [] };
    const answer = (result ?? {}) as { posts?: unknown; patches?: unknown; puts?: unknown };
    const each = (indices: readonly number[], rows: unknown, fn: (index: number, row: unknown) => void): void => {
      if (Array.isArray(rows)) {
        indices.forEach((index, k) => {
          fn(index, rows[k]);
        });
      }
    };
    each(call.posts, answer.posts, (index, row) => {
      const id = (row as { id?: unknown } | undefined)?.id;
      if (typeof id === 'string') outcome.createdIds.push([index, id]);
    });
    for (const [indices, rows] of [
      [call.posts, answer.posts],
      [call.patches, answer.patches],
      [call.puts, answer.puts],
    ] as const) {
      each(indices, rows, (index, row) => addWritten(index, row, outcome));
    }
    return outcome;
  }
}

/** The id and modification time a write's answer gave (kept to tell another writer's later change). */
function addWritten(index: number, row: unknown, outcome: CallOutcome): void {
  const r = row as { id?: unknown; modified_on?: unknown } | null | undefined;
  if (typeof r?.id === 'string' && typeof r.modified_on === 'string')
    outcome.written.push([index, { id: r.id, modifiedOn: r.modified_on }]);
}

/** Token values and created ids from a single call's result. */
function collect(op: Operation, index: number, result: unknown, outcome: CallOutcome): void {
  if (op.kind === 'dns_record' && op.action !== 'delete') addWritten(index, result, outcome);
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

/** Applies the operations; never throws for an API failure (see `error` in the result). */
export async function executeOperations(
  client: CloudflareClient,
  ops: readonly Operation[],
  options: ExecuteOptions,
): Promise<ExecuteResult> {
  const packed: CallStep[] = packCalls(ops, options);
  // Tokens change: the list read before is no longer the service's (./listed-tokens.ts).
  if (ops.some((op) => op.kind === 'token')) forgetListedTokens(client);
  const r = options.release;
  const releasing = r !== undefined && options.batch ? withRelease(packed, r.zoneId, r.recordId, options.batchLimit) : undefined;
  const steps = releasing ?? packed;
  let released = false;
  const executor = new Executor(client, ops, options);
  const applied = new Set<number>();
  const tokenValues: Record<string, string> = {};
  const createdIds: Record<number, string> = {};
  const written: Record<number, WrittenRecord> = {};
  const concurrency = Math.max(1, Math.floor(options.concurrency) || 1);
  let error: Error | undefined;
  let outcomeUnknown = false;
  let failed: number[] = [];
  const stop = options.shouldStop ?? (() => false);
  let interrupted = false;

  for (const step of steps) {
    if (stop()) {
      interrupted = true;
      break;
    }
    const { errors } = await runBounded(
      step.calls,
      concurrency,
      async (call) => {
        try {
          const outcome = await executor.run(call);
          for (const i of outcome.applied) applied.add(i);
          for (const [i, id] of outcome.createdIds) createdIds[i] = id;
          for (const [i, w] of outcome.written) written[i] = w;
          for (const [name, value] of outcome.tokenValues) tokenValues[name] = value;
          if (call.kind === 'batch' && call.releases !== undefined) {
            released = true;
            options.release?.onReleased?.();
          }
          options.onProgress?.({
            done: applied.size,
            total: ops.length,
            call: { method: call.method, path: call.path, operations: call.kind === 'batch' ? call.opIndices.length : 1 },
            opIndices: outcome.applied,
          });
        } catch (err) {
          throw new ExecuteCallError(call, err);
        }
      },
      stop,
    );
    if (errors.length > 0) {
      const all = errors.filter((e): e is ExecuteCallError => e instanceof ExecuteCallError);
      error = all[0];
      outcomeUnknown = all[0]?.outcomeUnknown ?? false;
      failed = all.flatMap((e) => [...e.opIndices]);
      break;
    }
  }

  const notApplied = ops.map((_, i) => i).filter((i) => !applied.has(i));
  if (error === undefined && notApplied.length > 0 && (interrupted || stop())) {
    interrupted = true;
    error = new InterruptedError(applied.size, ops.length);
  }
  return {
    ok: error === undefined,
    applied: [...applied].sort((a, b) => a - b),
    failed: failed.sort((a, b) => a - b),
    notApplied,
    ...(error ? { error } : {}),
    outcomeUnknown,
    tokenValues,
    createdIds,
    calls: executor.calls,
    notes: executor.notes,
    interrupted,
    written,
    ...(released ? { released } : {}),
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
