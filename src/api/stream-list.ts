/**
 * Reads a list answer (`{"result": [...], "result_info": ..., ...}`) as it arrives: neither the
 * whole body as one string nor the whole raw array is ever held (a 100,000-record zone in one
 * page is a 39 MB body). The elements of `result` are parsed a chunk of the body at a time, many
 * per `JSON.parse`, and handed to `decode` in order. The rest of the envelope is kept, with
 * `result` as `[]`, and parsed by the caller as any answer.
 *
 * Two ways through `result`:
 * - Cutting (the usual one): at an element boundary, the bytes up to the last `},{` of the chunk
 *   are parsed as `[` bytes `]`. When that parses, the cut was a boundary between two elements
 *   (JSON is read the same way from the same state: the bytes hold whole elements and no more),
 *   and the chunk was never looked at byte by byte. The rest is held for the next chunk.
 * - Scanning, when the cut does not parse (a `},{` inside a string, a bad element, the end of
 *   `result`): byte by byte, tracking strings and brackets, the elements that complete in the
 *   chunk are parsed together, and one by one when they do not parse together, so that a bad
 *   element fails at the same place with the same error. Cutting resumes at the next chunk.
 *
 * Scanning bytes for JSON structure is safe in UTF-8: every byte of a multi-byte character is
 * 0x80 or above, so `"`, `\`, `{`, `}`, `[`, `]`, `:` and `,` are never part of one.
 */
import { DecodeFailure, ElementBatch, NOT_AN_OBJECT, decodeElements } from './stream-list-batch.js';

export { DecodeFailure } from './stream-list-batch.js';

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const COLON = 0x3a;
const COMMA = 0x2c;
const SPACE = 0x20;
/** Between two elements of a compact list of objects. */
const BETWEEN_OBJECTS = Buffer.from('},{');

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
  /** In `result`, at an element boundary: see `cut`. */
  private cutting = false;
  private envelopeBytes = 0;

  constructor(private readonly decode: (item: unknown) => T) {}

  /** Elements decoded so far. */
  get itemCount(): number {
    return this.items.length;
  }

  /** Bytes held while they cannot be parsed yet: the element in progress, or the envelope so far. */
  get openBytes(): number {
    return Math.max(this.batch.heldLength, this.envelopeBytes);
  }

  private keepEnvelope(part: Buffer): void {
    this.envelopeParts.push(part);
    this.envelopeBytes += part.length;
  }

  /** Feeds the next chunk of the body. */
  push(chunk: Buffer): void {
    if (chunk.length === 0) return;
    if (this.cutting) this.cut(chunk);
    else this.scan(chunk, true);
  }

  /**
   * In `result` at an element boundary (the held bytes start an element): parses up to the
   * chunk's last `},{`, or scans when that is no boundary.
   */
  private cut(chunk: Buffer): void {
    let part = chunk;
    if (this.batch.heldLength === 0) {
      let from = 0;
      while (from < part.length && (part[from]! <= SPACE || part[from] === COMMA)) from++;
      part = part.subarray(from);
    }
    const at = part.lastIndexOf(BETWEEN_OBJECTS);
    // No cut (an element longer than the chunk, the end of the list, a list with spaces
    // between elements): scanned, so that what is held stays within one element.
    const values = at === -1 ? undefined : this.batch.parseThrough(part, at + 1);
    if (values === undefined) {
      this.scanFromHeld(part);
      return;
    }
    this.batch.hold(part.subarray(at + 2));
    const failure = decodeElements(values, this.decode, this.items);
    if (failure !== undefined) {
      this.failure = failure;
      this.scanFromHeld(undefined); // to the end of `result` and the envelope, decoding nothing more
    }
  }

  /** Leaves cutting: scans the held bytes (from an element boundary, at depth 2), then `chunk`. */
  private scanFromHeld(chunk: Buffer | undefined): void {
    this.cutting = false;
    this.depth = 2;
    this.inString = false;
    this.escaped = false;
    for (const part of this.batch.takeHeld()) this.scan(part, false);
    if (chunk !== undefined) this.scan(chunk, true);
  }

  /** Byte by byte; `mayCut`: go back to cutting when the chunk ends at an element boundary. */
  private scan(chunk: Buffer, mayCut: boolean): void {
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
        this.keepEnvelope(chunk.subarray(envelopeFrom, i));
        envelopeFrom = -1;
        if (mayCut) {
          this.cutting = true;
          this.cut(chunk.subarray(i));
          return;
        }
      }
    }
    if (this.inResult) {
      this.flush(chunk);
      if (this.failure === undefined) {
        this.batch.holdOpenElement(chunk);
        // Between elements, or in one that began in this chunk (held from its first byte, and
        // scanned again from there if the next cut fails): cutting can resume. An element
        // that began earlier is scanned on, so that no byte is scanned more than twice.
        if (mayCut && (this.batch.elementOpen ? this.batch.elementBeganInChunk : this.depth === 2)) this.cutting = true;
      }
    }
    if (envelopeFrom >= 0) this.keepEnvelope(chunk.subarray(envelopeFrom));
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
      const b = chunk[i]!;
      if (b === QUOTE) {
        if (depth === 2) this.unexpected(chunk);
        // Skip the string (most of the bytes of a list): to its closing quote, over escapes.
        i = this.skipString(chunk, i + 1);
        if (i >= length) {
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
    this.failure ??= new DecodeFailure(new Error(NOT_AN_OBJECT));
  }

  /** Parses and decodes the elements completed so far (in order; the first failure stops decoding). */
  private flush(chunk: Buffer): void {
    if (this.failure !== undefined) return;
    const failure = this.batch.decodeCompleted(chunk, this.decode, this.items);
    if (failure !== undefined) this.failure = failure;
  }

  /** The envelope and the decoded elements, once the body ended. */
  finish(): ScannedList<T> {
    if (this.cutting) this.scanFromHeld(undefined);
    const envelope = Buffer.concat(this.envelopeParts).toString('utf8');
    return { envelope, items: this.resultDone ? this.items : undefined, ...(this.failure ? { failure: this.failure } : {}) };
  }
}
