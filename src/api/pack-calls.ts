/**
 * Turns ordered operations into HTTP calls (pure; shared by `executeOperations` and the
 * `--dry-run` description, so both make the same decisions).
 *
 * Calls are grouped in steps: every call of a step is sent (with bounded concurrency) only after
 * every call of the previous step succeeded. Phases come from src/core/plan/order.ts, the one
 * place that decides the order; this file only keeps it. Without batching, a step is one phase. With
 * batching, a zone's record operations go through `POST /zones/:id/dns_records/batch`, which
 * runs deletes -> patches -> puts -> posts in one transaction (posts in array order), and
 * consecutive phases share a batch while that stays equivalent to phase order:
 * - deletes may always run first (removing a record only lifts constraints; the service checks
 *   the batch as a whole), and they keep plan order among themselves (a DS before its NS);
 * - a patch may not join a batch holding a post or a put of an earlier phase, nor a put one
 *   holding a post of an earlier phase (they would run before it) — a new step starts then;
 * - posts are appended, so they stay in phase order;
 * - a batch holds at most `batchLimit` operations.
 * Settings and token operations are single calls and end their step (nothing of a later phase
 * joins it). Different zones are independent, so their batches share steps.
 */
import type { ApiRecordBody } from '../core/model/api-codec.js';
import type { Operation, RecordOperation } from '../core/plan/operation.js';
import { assertNever, ZonectlError } from '../core/errors.js';

export interface BatchBody {
  deletes?: Array<{ id: string }>;
  patches?: Array<{ id: string } & ApiRecordBody>;
  puts?: Array<{ id: string } & ApiRecordBody>;
  posts?: ApiRecordBody[];
}

export interface SingleCall {
  readonly kind: 'single';
  readonly method: string;
  readonly path: string;
  readonly body?: unknown;
  readonly opIndex: number;
}

export interface BatchCall {
  readonly kind: 'batch';
  readonly method: 'POST';
  readonly path: string;
  readonly zoneId: string;
  readonly body: BatchBody;
  /** Operation indices in the order the service runs them: deletes, patches, puts, posts. */
  readonly opIndices: readonly number[];
  readonly deletes: readonly number[];
  readonly patches: readonly number[];
  readonly puts: readonly number[];
  readonly posts: readonly number[];
  /**
   * A record deleted by this batch that is no operation of the plan: the apply lock, released
   * inside the last batch (see `withRelease`).
   */
  readonly releases?: string;
}

export type HttpCall = SingleCall | BatchCall;

export interface CallStep {
  readonly phases: readonly number[];
  readonly calls: readonly HttpCall[];
}

export interface PackOptions {
  batch: boolean;
  batchLimit: number;
}

export class PackError extends ZonectlError {
  constructor(message: string) {
    super('PACK_ERROR', message);
  }
}

type Slot = 'deletes' | 'patches' | 'puts' | 'posts';

function slotOf(op: RecordOperation): Slot {
  switch (op.action) {
    case 'delete':
      return 'deletes';
    case 'update':
      return op.method === 'PUT' ? 'puts' : 'patches';
    case 'create':
      return 'posts';
    default:
      return assertNever(op, 'record operation');
  }
}

/** A batch being filled. */
class BatchBuilder {
  readonly deletes: number[] = [];
  readonly patches: number[] = [];
  readonly puts: number[] = [];
  readonly posts: number[] = [];
  /** The body's entries, slot by slot, in the order of the indices above. */
  readonly body: Required<BatchBody> = { deletes: [], patches: [], puts: [], posts: [] };
  constructor(readonly zoneId: string) {}
  get size(): number {
    return this.deletes.length + this.patches.length + this.puts.length + this.posts.length;
  }
  /** Whether ops of a later phase may join without running before earlier-phase work. */
  canJoin(slots: readonly Slot[]): boolean {
    for (const slot of slots) {
      if (slot === 'patches' && (this.posts.length > 0 || this.puts.length > 0)) return false;
      if (slot === 'puts' && this.posts.length > 0) return false;
    }
    return true;
  }
  add(index: number, op: RecordOperation): void {
    switch (op.action) {
      case 'delete':
        this.deletes.push(index);
        this.body.deletes.push({ id: op.recordId });
        return;
      case 'update':
        if (op.method === 'PUT') {
          this.puts.push(index);
          this.body.puts.push({ id: op.recordId, ...op.body });
        } else {
          this.patches.push(index);
          this.body.patches.push({ id: op.recordId, ...op.body });
        }
        return;
      case 'create':
        this.posts.push(index);
        this.body.posts.push(op.body);
        return;
      default:
        assertNever(op, 'record operation');
    }
  }
}

interface StepBuilder {
  phases: number[];
  singles: SingleCall[];
  /** Batches per zone, in creation order; the last one of a zone is the open one. */
  batches: Map<string, BatchBuilder[]>;
  mergeable: boolean;
}

function newStep(phase: number): StepBuilder {
  return { phases: [phase], singles: [], batches: new Map(), mergeable: true };
}

function openBatch(step: StepBuilder, zoneId: string): BatchBuilder | undefined {
  const list = step.batches.get(zoneId);
  return list?.[list.length - 1];
}

function pushBatch(step: StepBuilder, zoneId: string): BatchBuilder {
  const b = new BatchBuilder(zoneId);
  const list = step.batches.get(zoneId);
  if (list) list.push(b);
  else step.batches.set(zoneId, [b]);
  return b;
}

type Item = readonly [index: number, op: RecordOperation];

/** Adds operations to the zone's batches of `step`, opening new ones at the limit. */
function fill(step: StepBuilder, zoneId: string, items: readonly Item[], limit: number): void {
  let b = openBatch(step, zoneId) ?? pushBatch(step, zoneId);
  for (const [index, op] of items) {
    if (b.size >= limit) b = pushBatch(step, zoneId);
    b.add(index, op);
  }
}

function toBatchCall(b: BatchBuilder): BatchCall {
  const body: BatchBody = {};
  if (b.deletes.length) body.deletes = b.body.deletes;
  if (b.patches.length) body.patches = b.body.patches;
  if (b.puts.length) body.puts = b.body.puts;
  if (b.posts.length) body.posts = b.body.posts;
  return {
    kind: 'batch',
    method: 'POST',
    path: `/zones/${b.zoneId}/dns_records/batch`,
    zoneId: b.zoneId,
    body,
    opIndices: [...b.deletes, ...b.patches, ...b.puts, ...b.posts],
    deletes: [...b.deletes],
    patches: [...b.patches],
    puts: [...b.puts],
    posts: [...b.posts],
  };
}

function singleCall(op: Operation, index: number): SingleCall {
  return {
    kind: 'single',
    method: op.method,
    path: op.path,
    ...('body' in op ? { body: op.body } : {}),
    opIndex: index,
  };
}

/** Steps of HTTP calls for the operations (indices refer to `ops`). */
export function packCalls(ops: readonly Operation[], options: PackOptions): CallStep[] {
  if (options.batch && !(Number.isInteger(options.batchLimit) && options.batchLimit >= 1)) {
    throw new PackError(`batch limit must be a positive integer, got ${options.batchLimit}`);
  }
  const limit = options.batchLimit;
  // Stable grouping by phase.
  const byPhase = new Map<number, number[]>();
  ops.forEach((op, i) => {
    const list = byPhase.get(op.phase);
    if (list) list.push(i);
    else byPhase.set(op.phase, [i]);
  });
  const phases = [...byPhase.keys()].sort((a, b) => a - b);

  const steps: StepBuilder[] = [];
  let current: StepBuilder | undefined;
  for (const phase of phases) {
    const indices = byPhase.get(phase) ?? [];
    const singles: number[] = [];
    const zones = new Map<string, Item[]>();
    for (const i of indices) {
      const op = ops[i];
      if (options.batch && op.kind === 'dns_record') {
        const list = zones.get(op.zoneId);
        const item: Item = [i, op];
        if (list) list.push(item);
        else zones.set(op.zoneId, [item]);
      } else {
        singles.push(i);
      }
    }

    const merge =
      current?.mergeable &&
      singles.length === 0 &&
      [...zones].every(([zoneId, items]) => {
        // A zone split over several batches of this step cannot take a later phase: the
        // batches run concurrently, so the later ops could run before earlier ones.
        const list = current?.batches.get(zoneId);
        if (list === undefined) return true;
        return list.length === 1 && list[0].canJoin(items.map(([, op]) => slotOf(op)));
      });

    if (merge && current) {
      current.phases.push(phase);
      let overflow: StepBuilder | undefined;
      for (const [zoneId, items] of zones) {
        const b = openBatch(current, zoneId);
        const room = b === undefined ? limit : limit - b.size;
        const now = items.slice(0, Math.max(0, room));
        const rest = items.slice(now.length);
        if (now.length) fill(current, zoneId, now, limit);
        if (rest.length) {
          overflow ??= newStep(phase);
          fill(overflow, zoneId, rest, limit);
        }
      }
      if (overflow) {
        steps.push(overflow);
        current = overflow;
      }
      continue;
    }

    const step = newStep(phase);
    for (const [zoneId, items] of zones) fill(step, zoneId, items, limit);
    for (const i of singles) step.singles.push(singleCall(ops[i], i));
    step.mergeable = options.batch && singles.length === 0;
    steps.push(step);
    current = step;
  }

  return steps.map((s) => ({
    phases: s.phases,
    calls: [...[...s.batches.values()].flat().map((b) => toBatchCall(b)), ...s.singles],
  }));
}

/**
 * The steps with `recordId` (the apply lock) deleted inside the last call, when that call is a
 * batch of `zoneId` with room for one more entry; the last call then goes alone in a step of its
 * own, after every other call was acknowledged, so that the lock is held while anything else is
 * still in flight. Undefined when the last call cannot carry it (a single call, another zone, a
 * full batch): the caller deletes the lock on its own.
 */
export function withRelease(steps: readonly CallStep[], zoneId: string, recordId: string, batchLimit: number): CallStep[] | undefined {
  const lastStep = steps[steps.length - 1];
  const last = lastStep?.calls[lastStep.calls.length - 1];
  if (lastStep === undefined || last?.kind !== 'batch' || last.zoneId !== zoneId || last.opIndices.length >= batchLimit) return undefined;
  const carrying: BatchCall = {
    ...last,
    body: { ...last.body, deletes: [...(last.body.deletes ?? []), { id: recordId }] },
    releases: recordId,
  };
  const before = lastStep.calls.slice(0, -1);
  return [
    ...steps.slice(0, -1),
    ...(before.length > 0 ? [{ phases: lastStep.phases, calls: before }] : []),
    { phases: lastStep.phases, calls: [carrying] },
  ];
}
