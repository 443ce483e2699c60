/**
 * Reads a list answer (`{"result": [...], "result_info": ..., ...}`) as it arrives: neither the
 * whole body as one string nor the whole raw array is ever held (a 100,000-record zone in one
 * page is a 39 MB body). The elements of `result` that complete within one chunk of the body
 * are one contiguous byte range: that range is parsed by one `JSON.parse` (as `[` range `]`)
 * and each element handed to `decode` in order. The rest of the envelope is kept, with `result`
 * as `[]`, and parsed by the caller as any answer.
 *
 * Scanning bytes for JSON structure is safe in UTF-8: every byte of a multi-byte character is
 * 0x80 or above, so `"`, `\`, `{`, `}`, `[`, `]`, `:` and `,` are never part of one.
 */
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const COLON = 0x3a;
const COMMA = 0x2c;
const SPACE = 0x20;

/** A `decode` that threw, or an element that is no JSON object: reported after the body was read (it is no network failure). */
export class DecodeFailure {
  constructor(readonly error: unknown) {}
}

export interface ScannedList<T> {
  /** The envelope's text with the elements of `result` left out (`"result":[]`). */
  readonly envelope: string;
  /** The decoded elements, when a top-level `result` array was found. */
  readonly items: T[] | undefined;
  /** The first `decode` failure, if any (decoding stops there). */
  readonly failure?: DecodeFailure;
}

export class ListScanner<T> {
  private depth = 0;
  private inString = false;
  private escaped = false;
  /** Bytes of the last string closed at depth 1 (a key), when short. */
  private keyBytes: number[] = [];
  private collectingKey = false;
  private lastKey = '';
  private currentKey = '';
  private inResult = false;
  private resultDone = false;
  private readonly envelopeParts: Buffer[] = [];
  private readonly items: T[] = [];
  private failure: DecodeFailure | undefined;
  private readonly batch = new ElementBatch();

  constructor(private readonly decode: (item: unknown) => T) {}

  /** Feeds the next chunk of the body. */
  push(chunk: Buffer): void {
    if (chunk.length === 0) return;
    let envelopeFrom = this.inResult ? -1 : 0;
    this.batch.beginChunk();
    let i = 0;
    while (i < chunk.length) {
      if (this.inResult) {
        i = this.scanResult(chunk, i);
        if (i === chunk.length) break;
        // `i` is the `]` that closes `result`: the envelope goes on from there.
        this.flush(chunk);
        this.inResult = false;
        this.resultDone = true;
        envelopeFrom = i;
        i++;
      } else {
        i = this.scanEnvelope(chunk, i);
        if (!this.inResult) break;
        // `i` is just past the `[` that opens `result`: the envelope keeps the `[`.
        this.envelopeParts.push(chunk.subarray(envelopeFrom, i));
        envelopeFrom = -1;
      }
    }
    if (this.inResult) {
      this.flush(chunk);
      if (this.failure === undefined) this.batch.holdOpenElement(chunk);
    }
    if (envelopeFrom >= 0) this.envelopeParts.push(chunk.subarray(envelopeFrom));
  }

  /**
   * Byte by byte outside `result` (the envelope is small), collecting the keys at depth 1.
   * Returns where it stopped: the end of the chunk, or just past the `[` opening `result`.
   */
  private scanEnvelope(chunk: Buffer, from: number): number {
    for (let i = from; i < chunk.length; i++) {
      const b = chunk[i]!;
      if (this.inString) {
        if (this.escaped) this.escaped = false;
        else if (b === BACKSLASH) this.escaped = true;
        else if (b === QUOTE) {
          this.inString = false;
          if (this.collectingKey) {
            this.lastKey = Buffer.from(this.keyBytes).toString('utf8');
            this.collectingKey = false;
          }
        } else if (this.collectingKey) {
          if (this.keyBytes.length < 32) this.keyBytes.push(b);
          else this.collectingKey = false;
        }
        continue;
      }
      if (b === QUOTE) {
        this.inString = true;
        if (this.depth === 1) {
          this.collectingKey = true;
          this.keyBytes = [];
          this.lastKey = '';
        }
      } else if (b === COLON && this.depth === 1) {
        this.currentKey = this.lastKey;
      } else if (b === OPEN_OBJECT || b === OPEN_ARRAY) {
        this.depth++;
        if (this.depth === 2 && b === OPEN_ARRAY && this.currentKey === 'result' && !this.resultDone) {
          this.inResult = true;
          return i + 1;
        }
      } else if (b === CLOSE_OBJECT || b === CLOSE_ARRAY) {
        this.depth--;
      }
    }
    return chunk.length;
  }

  /**
   * Inside `result` (depth 2 and below): only strings and brackets matter. Returns the end of
   * the chunk, or the index of the `]` that closes `result`.
   */
  private scanResult(chunk: Buffer, from: number): number {
    const length = chunk.length;
    let depth = this.depth;
    let i = from;
    if (this.inString) {
      i = this.skipString(chunk, this.escaped ? i + 1 : i);
      if (i >= length) return length;
      i++;
    }
    for (; i < length; i++) {
      let b = chunk[i]!;
      if (b === QUOTE) {
        if (depth === 2) this.unexpected(chunk);
        // Skip the string (most of the bytes of a list): to its closing quote, over escapes.
        for (i++; i < length; i++) {
          b = chunk[i]!;
          if (b === QUOTE) break;
          if (b === BACKSLASH) i++;
        }
        if (i >= length) {
          this.inString = true;
          this.escaped = i > length; // the chunk ended on a backslash: the next byte is escaped
          this.depth = depth;
          return length;
        }
      } else if (b === OPEN_OBJECT || b === OPEN_ARRAY) {
        if (++depth === 3 && this.failure === undefined) this.batch.elementStart(i);
      } else if (b === CLOSE_OBJECT || b === CLOSE_ARRAY) {
        if (--depth === 2) {
          if (this.failure === undefined) this.batch.elementEnd(i);
        } else if (depth === 1) {
          this.depth = 1;
          return i;
        }
      } else if (depth === 2 && b > SPACE && b !== COMMA) {
        // A number, true, false or null as an element of `result`: not a list this reads.
        this.unexpected(chunk);
      }
    }
    this.depth = depth;
    return length;
  }

  /**
   * From inside a string at `from`: the index of its closing quote, or (the string goes on in
   * the next chunk) an index at or past the end, with `inString` and `escaped` kept for the next chunk.
   */
  private skipString(chunk: Buffer, from: number): number {
    const length = chunk.length;
    let j = from;
    while (j < length) {
      const c = chunk[j]!;
      if (c === QUOTE) {
        this.inString = false;
        this.escaped = false;
        return j;
      }
      j += c === BACKSLASH ? 2 : 1;
    }
    this.inString = true;
    this.escaped = j > length; // the chunk ended on a backslash: the next byte is escaped
    return length;
  }

  /** An element of `result` that is no object or array: the failure, after the elements before it. */
  private unexpected(chunk: Buffer): void {
    if (this.failure !== undefined) return;
    this.flush(chunk);
    this.failure ??= new DecodeFailure(new Error('an element of `result` is not an object'));
  }

  /** Parses and decodes the elements completed so far (in order; the first failure stops decoding). */
  private flush(chunk: Buffer): void {
    if (this.failure !== undefined) return;
    const failure = this.batch.decodeCompleted(chunk, this.decode, this.items);
    if (failure !== undefined) this.failure = failure;
  }

  /** The envelope and the decoded elements, once the body ended. */
  finish(): ScannedList<T> {
    const envelope = Buffer.concat(this.envelopeParts).toString('utf8');
    return { envelope, items: this.resultDone ? this.items : undefined, ...(this.failure ? { failure: this.failure } : {}) };
  }
}

/**
 * The bytes of the elements of `result` not yet parsed: the part of an element begun in earlier
 * chunks (`held`), and the range of the current chunk from the first element that starts in it
 * (or from 0 when one goes on) to the end of the last one completed. Offsets of each element
 * within that joined range are kept so that, when the range does not parse as one array, each
 * element is parsed alone (the same error as before, at the same element).
 */
class ElementBatch {
  private held: Buffer[] = [];
  private heldLength = 0;
  /** In the current chunk: where the range starts (-1: no element yet), where it ends (-1: none completed). */
  private from = -1;
  private end = -1;
  /** Start of the element still open in the current chunk (0 when it began earlier; -1: none). */
  private openStart = -1;
  private starts: number[] = [];
  private ends: number[] = [];
  private scratch = Buffer.allocUnsafe(0);

  beginChunk(): void {
    this.from = this.heldLength > 0 ? 0 : -1;
    this.openStart = this.heldLength > 0 ? 0 : -1;
    this.end = -1;
  }

  elementStart(at: number): void {
    if (this.from === -1) this.from = at;
    this.openStart = at;
    this.starts.push(this.heldLength + at - this.from);
  }

  elementEnd(at: number): void {
    this.end = at + 1;
    this.openStart = -1;
    this.ends.push(this.heldLength + this.end - this.from);
  }

  /** At the end of a chunk: keep the bytes of the element still open. */
  holdOpenElement(chunk: Buffer): void {
    if (this.openStart < 0) return;
    const part = chunk.subarray(this.openStart);
    this.held.push(part);
    this.heldLength += part.length;
  }

  /** Parses the completed elements, decodes them into `into`; the first failure, if any. */
  decodeCompleted<T>(chunk: Buffer, decode: (item: unknown) => T, into: T[]): DecodeFailure | undefined {
    if (this.end === -1) return undefined;
    const bytes = this.join(chunk);
    const count = this.ends.length;
    const starts = this.starts;
    const ends = this.ends;
    this.held = [];
    this.heldLength = 0;
    this.from = -1;
    this.end = -1;
    this.starts = this.openStart >= 0 ? [0] : [];
    this.ends = [];
    let values: unknown[] | undefined;
    try {
      values = JSON.parse(bytes.toString('utf8')) as unknown[];
    } catch {
      values = undefined; // parsed again one element at a time below, to find the one at fault
    }
    for (let k = 0; k < count; k++) {
      let value: unknown;
      if (values !== undefined) value = values[k];
      else {
        try {
          value = JSON.parse(bytes.toString('utf8', 1 + starts[k]!, 1 + ends[k]!));
        } catch (error) {
          return new DecodeFailure(error);
        }
      }
      try {
        into.push(decode(value));
      } catch (error) {
        return new DecodeFailure(error);
      }
    }
    return undefined;
  }

  /** `[` + held bytes + the chunk's completed range + `]`, in a reused buffer. */
  private join(chunk: Buffer): Buffer {
    const rangeLength = this.end - this.from;
    const total = this.heldLength + rangeLength + 2;
    if (this.scratch.length < total) this.scratch = Buffer.allocUnsafe(Math.max(total, this.scratch.length * 2));
    const out = this.scratch;
    out[0] = OPEN_ARRAY;
    let at = 1;
    for (const part of this.held) at += part.copy(out, at);
    at += chunk.copy(out, at, this.from, this.end);
    out[at] = CLOSE_ARRAY;
    return out.subarray(0, total);
  }
}
