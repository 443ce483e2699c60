/**
 * The emulator's store: JSON collections in memory (one Map per collection, insertion order),
 * transactions with an undo log, and optional durability through a journal (see journal.ts).
 *
 * Every committed change (one put/delete outside a transaction, or a whole outermost
 * transaction) becomes ONE journal entry, so a crash never replays half a transaction.
 * `flush()` makes every change made so far durable; the server awaits it before answering.
 */
import type { Store } from './contract.js';
import { Journal, type JournalOp, type StateImage } from './journal.js';

type Collections = Map<string, Map<string, unknown>>;

type Undo = { collection: string; id: string; had: boolean; previous: unknown };

export class MemoryStore implements Store {
  private readonly collections: Collections = new Map();
  private depth = 0;
  private undo: Undo[] = [];
  private txOps: JournalOp[] = [];
  /** Key order of collections a transaction deleted from, to restore order on rollback. */
  private orderBefore = new Map<string, string[]>();
  private readonly journal: Journal | undefined;

  private constructor(journal: Journal | undefined) {
    this.journal = journal;
  }

  /** A store that lives in memory only. */
  static inMemory(): MemoryStore {
    return new MemoryStore(undefined);
  }

  /** A durable store backed by `path` (snapshot) and `path.journal`; loads what is there. */
  static async open(path: string, options: { compactAfter?: number } = {}): Promise<MemoryStore> {
    const { journal, image } = await Journal.open(path, options);
    const store = new MemoryStore(journal);
    store.load(image);
    journal.attach(() => store.image());
    return store;
  }

  get durable(): boolean {
    return this.journal !== undefined;
  }

  private load(image: StateImage): void {
    for (const [collection, id, value] of image.entries) this.bucket(collection).set(id, value);
    for (const ops of image.replay) this.applyOps(ops);
  }

  private applyOps(ops: readonly JournalOp[]): void {
    for (const op of ops) {
      if (op.o === 'p') this.bucket(op.c).set(op.i, op.v);
      else this.collections.get(op.c)?.delete(op.i);
    }
  }

  /** Every entry, for snapshots. */
  private *image(): Generator<[string, string, unknown]> {
    for (const [collection, map] of this.collections) {
      for (const [id, value] of map) yield [collection, id, value];
    }
  }

  private bucket(collection: string): Map<string, unknown> {
    let map = this.collections.get(collection);
    if (!map) {
      map = new Map();
      this.collections.set(collection, map);
    }
    return map;
  }

  get<T>(collection: string, id: string): T | undefined {
    return this.collections.get(collection)?.get(id) as T | undefined;
  }

  values<T>(collection: string): T[] {
    const map = this.collections.get(collection);
    return map ? ([...map.values()] as T[]) : [];
  }

  size(collection: string): number {
    return this.collections.get(collection)?.size ?? 0;
  }

  /** Names of the collections that hold at least one value. */
  collectionNames(): string[] {
    return [...this.collections.entries()].filter(([, m]) => m.size > 0).map(([c]) => c);
  }

  put<T>(collection: string, id: string, value: T): void {
    const map = this.bucket(collection);
    if (this.depth > 0) this.undo.push({ collection, id, had: map.has(id), previous: map.get(id) });
    map.set(id, value);
    this.record({ o: 'p', c: collection, i: id, v: value });
  }

  delete(collection: string, id: string): boolean {
    const map = this.collections.get(collection);
    if (!map?.has(id)) return false;
    if (this.depth > 0) {
      this.undo.push({ collection, id, had: true, previous: map.get(id) });
      if (!this.orderBefore.has(collection)) this.orderBefore.set(collection, [...map.keys()]);
    }
    map.delete(id);
    this.record({ o: 'd', c: collection, i: id });
    return true;
  }

  private record(op: JournalOp): void {
    if (!this.journal) return;
    if (this.depth > 0) this.txOps.push(op);
    else this.journal.append([op]);
  }

  transaction<R>(fn: () => R): R {
    const undoMark = this.undo.length;
    const opsMark = this.txOps.length;
    this.depth += 1;
    try {
      const result = fn();
      this.depth -= 1;
      if (this.depth === 0) this.commit();
      return result;
    } catch (err) {
      this.depth -= 1;
      this.rollback(undoMark);
      this.txOps.length = opsMark;
      if (this.depth === 0) this.commit();
      throw err;
    }
  }

  private rollback(mark: number): void {
    for (let i = this.undo.length - 1; i >= mark; i -= 1) {
      const u = this.undo[i];
      const map = this.bucket(u.collection);
      if (u.had) map.set(u.id, u.previous);
      else map.delete(u.id);
    }
    this.undo.length = mark;
    for (const [collection, order] of this.orderBefore) {
      this.collections.set(collection, reorder(this.bucket(collection), order));
    }
  }

  private commit(): void {
    this.undo = [];
    this.orderBefore.clear();
    const ops = this.txOps;
    this.txOps = [];
    if (ops.length > 0 && this.journal) this.journal.append(ops);
  }

  /** Resolves when every change made so far is on disk (no-op in memory). */
  async flush(): Promise<void> {
    if (this.journal) await this.journal.flush();
  }

  async close(): Promise<void> {
    if (this.journal) await this.journal.close();
  }
}

/** `map` with the keys of `order` first (in that order), then its other keys as they are. */
function reorder(map: Map<string, unknown>, order: readonly string[]): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const id of order) if (map.has(id)) out.set(id, map.get(id));
  for (const [id, value] of map) if (!out.has(id)) out.set(id, value);
  return out;
}
