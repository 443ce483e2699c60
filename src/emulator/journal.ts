/**
 * Durable state for `--state FILE`:
 * - FILE is a snapshot, JSON lines: a header `{"zonectl_state":1,"seq":N}`, one `[collection,
 *   id, value]` line per entry, and a trailer `{"end":COUNT}`. It is only ever replaced by
 *   rename of a fully written and fsync'd temp file, so it is always complete.
 * - FILE.journal is an append-only log of committed changes, one JSON line each:
 *   `{"s":SEQ,"ops":[{o:'p'|'d',c,i,v?}]}`. Appends are group-committed: every change waiting
 *   when a write starts goes out in one write + fdatasync, and `flush()` resolves once the
 *   changes made before it was called are on disk.
 * - Compaction writes a new snapshot (everything up to the current sequence number), renames it
 *   into place, then truncates the journal. Journal lines with a sequence number not above the
 *   snapshot's are skipped on load, so a crash between rename and truncate is harmless.
 * - Loading tolerates a torn last journal line (a crash mid-append) and cuts it off.
 * - FILE.lock keeps a second emulator off the state while this one has it open (state-lock.ts).
 * - The snapshot's temporary file has a random name and is created exclusively (never a file or
 *   symlink that was already there); leftovers of a crashed compaction are removed on open.
 */
import { randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { lockState, type StateLock } from './state-lock.js';

export type JournalOp = { o: 'p'; c: string; i: string; v: unknown } | { o: 'd'; c: string; i: string };

export interface StateImage {
  /** Snapshot entries, in order. */
  entries: Array<[string, string, unknown]>;
  /** Journal entries newer than the snapshot, in order. */
  replay: JournalOp[][];
}

export class StateFileError extends Error {
  readonly code = 'STATE_FILE_CORRUPT';
}

type ImageSource = () => Iterable<[string, string, unknown]>;

const DEFAULT_COMPACT_AFTER = 20_000;
const CHUNK_BYTES = 1 << 20;

export class Journal {
  private seq: number;
  private durableSeq: number;
  private pending: string[] = [];
  private writing: Promise<void> | undefined;
  private opsSinceSnapshot: number;
  private snapshotCount: number;
  private source: ImageSource | undefined;
  private closed = false;

  private constructor(
    private readonly path: string,
    private fh: FileHandle,
    private readonly lock: StateLock,
    seq: number,
    opsInJournal: number,
    snapshotCount: number,
    private readonly compactAfter: number,
  ) {
    this.seq = seq;
    this.durableSeq = seq;
    this.opsSinceSnapshot = opsInJournal;
    this.snapshotCount = snapshotCount;
  }

  static async open(path: string, options: { compactAfter?: number } = {}): Promise<{ journal: Journal; image: StateImage }> {
    await fs.mkdir(dirname(path), { recursive: true });
    const lock = await lockState(path);
    try {
      await removeCompactionLeftovers(path);
      const snapshot = await readSnapshot(path);
      const journalPath = `${path}.journal`;
      const log = await readJournal(journalPath, snapshot.seq);
      const fh = await fs.open(journalPath, 'a');
      if (log.validBytes < log.totalBytes) {
        await fh.truncate(log.validBytes);
        await fh.datasync();
      }
      const opsInJournal = log.replay.reduce((n, ops) => n + ops.length, 0);
      const journal = new Journal(
        path,
        fh,
        lock,
        Math.max(snapshot.seq, log.lastSeq),
        opsInJournal,
        snapshot.entries.length,
        options.compactAfter ?? DEFAULT_COMPACT_AFTER,
      );
      return { journal, image: { entries: snapshot.entries, replay: log.replay } };
    } catch (err) {
      await lock.release();
      throw err;
    }
  }

  /** The store's contents, read when a snapshot is written. */
  attach(source: ImageSource): void {
    this.source = source;
  }

  append(ops: JournalOp[]): void {
    if (this.closed) throw new Error('state journal is closed');
    this.seq += 1;
    this.pending.push(`${JSON.stringify({ s: this.seq, ops })}\n`);
    this.opsSinceSnapshot += ops.length;
  }

  /** Resolves once every change appended before this call is on disk. */
  async flush(): Promise<void> {
    const target = this.seq;
    while (this.durableSeq < target) {
      if (this.writing) {
        await this.writing.catch(() => undefined);
        continue;
      }
      this.writing = this.writeOut().finally(() => {
        this.writing = undefined;
      });
      await this.writing;
    }
  }

  private async writeOut(): Promise<void> {
    const lines = this.pending;
    const upTo = this.seq;
    this.pending = [];
    try {
      for (const chunk of chunkLines(lines)) await this.fh.write(chunk);
      await this.fh.datasync();
    } catch (err) {
      // Put the lines back so a later flush retries them; the caller's request fails.
      this.pending = [...lines, ...this.pending];
      throw err;
    }
    this.durableSeq = upTo;
    if (this.opsSinceSnapshot >= Math.max(this.compactAfter, this.snapshotCount)) await this.compact();
  }

  /** Write a snapshot of everything up to now and empty the journal. */
  async compact(): Promise<void> {
    if (!this.source) return;
    const seqAt = this.seq;
    // Built synchronously, so the image is one consistent state (no request runs meanwhile).
    const chunks: string[] = [];
    let current: string[] = [`${JSON.stringify({ zonectl_state: 1, seq: seqAt })}\n`];
    let bytes = 0;
    let count = 0;
    for (const entry of this.source()) {
      const line = `${JSON.stringify(entry)}\n`;
      current.push(line);
      bytes += line.length;
      count += 1;
      if (bytes >= CHUNK_BYTES) {
        chunks.push(current.join(''));
        current = [];
        bytes = 0;
      }
    }
    current.push(`${JSON.stringify({ end: count })}\n`);
    chunks.push(current.join(''));
    const opsAtSnapshot = this.opsSinceSnapshot;

    const tmp = compactionPathFor(this.path);
    const out = await fs.open(tmp, 'wx');
    try {
      try {
        for (const chunk of chunks) await out.write(chunk);
        await out.sync();
      } finally {
        await out.close();
      }
      await fs.rename(tmp, this.path);
    } catch (err) {
      await fs.rm(tmp, { force: true });
      throw err;
    }
    await syncDirectory(dirname(this.path));
    // Everything in the journal now has seq <= seqAt (writes are serialised with this method).
    await this.fh.truncate(0);
    await this.fh.datasync();
    this.snapshotCount = count;
    this.opsSinceSnapshot = Math.max(0, this.opsSinceSnapshot - opsAtSnapshot);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    await this.flush();
    this.closed = true;
    await this.fh.close();
    await this.lock.release();
  }
}

const COMPACTION_SUFFIX = '.compact.tmp';

/** A snapshot being written: `.FILE.<random>.compact.tmp` beside FILE. */
function compactionPathFor(path: string): string {
  return join(dirname(path), `.${basename(path)}.${randomBytes(8).toString('hex')}${COMPACTION_SUFFIX}`);
}

/** Removes snapshots a crashed compaction left (and the `FILE.tmp` of earlier versions). */
async function removeCompactionLeftovers(path: string): Promise<void> {
  await fs.rm(`${path}.tmp`, { force: true });
  const prefix = `.${basename(path)}.`;
  for (const name of await fs.readdir(dirname(path))) {
    if (name.startsWith(prefix) && name.endsWith(COMPACTION_SUFFIX)) await fs.rm(join(dirname(path), name), { force: true });
  }
}

function* chunkLines(lines: string[]): Generator<string> {
  let current: string[] = [];
  let bytes = 0;
  for (const line of lines) {
    current.push(line);
    bytes += line.length;
    if (bytes >= CHUNK_BYTES) {
      yield current.join('');
      current = [];
      bytes = 0;
    }
  }
  if (current.length > 0) yield current.join('');
}

async function syncDirectory(dir: string): Promise<void> {
  try {
    const d = await fs.open(dir, 'r');
    try {
      await d.sync();
    } finally {
      await d.close();
    }
  } catch {
    // Some platforms cannot fsync a directory; the rename is still atomic.
  }
}

async function readIfExists(path: string): Promise<string | undefined> {
  try {
    return await fs.readFile(path, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
}

async function readSnapshot(path: string): Promise<{ seq: number; entries: Array<[string, string, unknown]> }> {
  const text = await readIfExists(path);
  if (text === undefined || text === '') return { seq: 0, entries: [] };
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  const fail = (why: string): never => {
    throw new StateFileError(`state file ${path} is not a zonectl emulator state file (${why})`);
  };
  let header: { zonectl_state?: number; seq?: number };
  try {
    header = JSON.parse(lines[0]) as typeof header;
  } catch {
    return fail('unreadable header');
  }
  if (header.zonectl_state !== 1 || typeof header.seq !== 'number') fail('unknown header');
  const entries: Array<[string, string, unknown]> = [];
  for (let i = 1; i < lines.length - 1; i += 1) {
    try {
      entries.push(JSON.parse(lines[i]) as [string, string, unknown]);
    } catch {
      fail(`line ${i + 1} is not JSON`);
    }
  }
  let trailer: { end?: number } = {};
  try {
    trailer = JSON.parse(lines[lines.length - 1] ?? '') as typeof trailer;
  } catch {
    fail('no trailer');
  }
  if (trailer.end !== entries.length) fail('incomplete');
  return { seq: header.seq as number, entries };
}

interface JournalRead {
  replay: JournalOp[][];
  lastSeq: number;
  validBytes: number;
  totalBytes: number;
}

async function readJournal(path: string, afterSeq: number): Promise<JournalRead> {
  const buf = await fs.readFile(path).catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') return Buffer.alloc(0);
    throw err;
  });
  const replay: JournalOp[][] = [];
  let lastSeq = 0;
  let pos = 0;
  while (pos < buf.length) {
    const nl = buf.indexOf(0x0a, pos);
    if (nl < 0) break; // torn last line: never acknowledged
    const line = buf.toString('utf8', pos, nl);
    let entry: { s?: unknown; ops?: unknown };
    try {
      entry = JSON.parse(line) as typeof entry;
    } catch {
      if (buf.indexOf(0x0a, nl + 1) >= 0) {
        throw new StateFileError(`state journal ${path} is corrupt at byte ${pos} (not a torn last line)`);
      }
      break;
    }
    if (typeof entry.s !== 'number' || !Array.isArray(entry.ops)) {
      throw new StateFileError(`state journal ${path} has an unexpected entry at byte ${pos}`);
    }
    lastSeq = entry.s;
    if (entry.s > afterSeq) replay.push(entry.ops as JournalOp[]);
    pos = nl + 1;
  }
  return { replay, lastSeq, validBytes: pos, totalBytes: buf.length };
}
