/**
 * The bytes of the elements of a streamed list's `result` not yet parsed, for ListScanner
 * (src/api/stream-list.ts): the part of an element begun in earlier chunks (`held`, always from
 * the first byte of an element, where the list is at depth 2 outside any string), and the range
 * of the current chunk up to the end of the last element completed in it. Everything ready is
 * parsed by one `JSON.parse` of `[` + bytes + `]`.
 */
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;

/** A `decode` that threw, or an element that is no JSON object: reported after the body was read (it is no network failure). */
export class DecodeFailure {
  constructor(readonly error: unknown) {}
}

export const NOT_AN_OBJECT = 'an element of `result` is not an object';

/**
 * Decodes parsed elements into `into`, in order, until the first failure (returned): an element
 * that is no object or array, or a `decode` that throws.
 */
export function decodeElements<T>(values: readonly unknown[], decode: (item: unknown) => T, into: T[]): DecodeFailure | undefined {
  for (const value of values) {
    if (value === null || typeof value !== 'object') return new DecodeFailure(new Error(NOT_AN_OBJECT));
    try {
      into.push(decode(value));
    } catch (error) {
      return new DecodeFailure(error);
    }
  }
  return undefined;
}

export class ElementBatch {
  private held: Buffer[] = [];
  private heldBytes = 0;
  /** In the current chunk: where the range starts (-1: no element yet), where it ends (-1: none completed). */
  private from = -1;
  private end = -1;
  /** Start of the element still open in the current chunk (0 when it began earlier; -1: none). */
  private openStart = -1;
  /** Whether the element open began in the current chunk. */
  private openedHere = false;
  /** Offsets of the elements within `[` held + range `]` minus 1, to parse them one by one when the whole does not parse. */
  private starts: number[] = [];
  private ends: number[] = [];
  private scratch = Buffer.allocUnsafe(0);

  get heldLength(): number {
    return this.heldBytes;
  }

  /** Keeps bytes that follow the held ones (a chunk read without scanning). */
  hold(part: Buffer): void {
    if (part.length === 0) return;
    this.held.push(part);
    this.heldBytes += part.length;
  }

  /** Gives up the held bytes (to be scanned byte by byte). */
  takeHeld(): Buffer[] {
    const held = this.held;
    this.held = [];
    this.heldBytes = 0;
    this.starts = [];
    this.ends = [];
    return held;
  }

  /**
   * Parses held + `chunk[0, end)` as one array: its elements when that is valid JSON (the held
   * bytes are then dropped), undefined otherwise (nothing changes).
   */
  parseThrough(chunk: Buffer, end: number): unknown[] | undefined {
    const bytes = this.join(chunk, 0, end);
    let values: unknown;
    try {
      values = JSON.parse(bytes.toString('utf8'));
    } catch {
      return undefined;
    }
    this.held = [];
    this.heldBytes = 0;
    return values as unknown[];
  }

  // Byte-by-byte mode: the scanner reports where elements start and end in each chunk.

  beginChunk(): void {
    this.from = this.heldBytes > 0 ? 0 : -1;
    this.openStart = this.heldBytes > 0 ? 0 : -1;
    this.openedHere = false;
    this.end = -1;
  }

  elementStart(at: number): void {
    if (this.from === -1) this.from = at;
    this.openStart = at;
    this.openedHere = true;
    this.starts.push(this.heldBytes + at - this.from);
  }

  elementEnd(at: number): void {
    this.end = at + 1;
    this.openStart = -1;
    this.ends.push(this.heldBytes + this.end - this.from);
  }

  /** Whether an element is open at the end of the chunk. */
  get elementOpen(): boolean {
    return this.openStart >= 0;
  }

  /** Whether that element began in the current chunk. */
  get elementBeganInChunk(): boolean {
    return this.openStart >= 0 && this.openedHere;
  }

  /** At the end of a chunk: keep the bytes of the element still open. */
  holdOpenElement(chunk: Buffer): void {
    if (this.openStart >= 0) this.hold(chunk.subarray(this.openStart));
  }

  /** Parses the completed elements, decodes them into `into`; the first failure, if any. */
  decodeCompleted<T>(chunk: Buffer, decode: (item: unknown) => T, into: T[]): DecodeFailure | undefined {
    if (this.end === -1) return undefined;
    const bytes = this.join(chunk, this.from, this.end);
    const { starts, ends } = this;
    this.held = [];
    this.heldBytes = 0;
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
    if (values !== undefined) return decodeElements(values, decode, into);
    for (let k = 0; k < ends.length; k++) {
      let value: unknown;
      try {
        value = JSON.parse(bytes.toString('utf8', 1 + starts[k]!, 1 + ends[k]!));
      } catch (error) {
        return new DecodeFailure(error);
      }
      const failure = decodeElements([value], decode, into);
      if (failure !== undefined) return failure;
    }
    return undefined;
  }

  /** `[` + held bytes + `chunk[from, end)` + `]`, in a reused buffer. */
  private join(chunk: Buffer, from: number, end: number): Buffer {
    const total = this.heldBytes + (end - from) + 2;
    if (this.scratch.length < total) this.scratch = Buffer.allocUnsafe(Math.max(total, this.scratch.length * 2));
    const out = this.scratch;
    out[0] = OPEN_ARRAY;
    let at = 1;
    for (const part of this.held) at += part.copy(out, at);
    at += chunk.copy(out, at, from, end);
    out[at] = CLOSE_ARRAY;
    return out.subarray(0, total);
  }
}
