/**
 * Reads a list answer (`{"result": [...], "result_info": ..., ...}`) as it arrives, one element
 * of `result` at a time: each element's bytes are parsed alone and handed to `decode`, so that
 * neither the whole body as one string nor the whole raw array is ever held (a 100,000-record
 * zone in one page is a 37 MB body). The rest of the envelope is kept, with `result` as `[]`,
 * and parsed by the caller as any answer.
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

/** A `decode` that threw: reported after the body was read (it is no network failure). */
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
  private elementParts: Buffer[] = [];
  private elementOpen = false;
  private readonly items: T[] = [];
  private failure: DecodeFailure | undefined;

  constructor(private readonly decode: (item: unknown) => T) {}

  /** Feeds the next chunk of the body. */
  push(chunk: Buffer): void {
    let envelopeFrom = this.inResult ? -1 : 0;
    let elementFrom = this.elementOpen ? 0 : -1;
    let nextBackslash = -1;
    for (let i = 0; i < chunk.length; i++) {
      const b = chunk[i]!;
      if (this.inString && !this.escaped && !this.collectingKey) {
        // Inside a value string, jump to its end (or to the next escape) with the native
        // byte search: strings are most of the bytes of a records list.
        if (nextBackslash !== -2 && nextBackslash < i) {
          const at = chunk.indexOf(BACKSLASH, i);
          nextBackslash = at === -1 ? -2 : at; // -2: none left in this chunk
        }
        const quote = chunk.indexOf(QUOTE, i);
        if (nextBackslash >= 0 && (quote === -1 || nextBackslash < quote)) {
          i = nextBackslash; // the escape: the byte after it is skipped below
          this.escaped = true;
          continue;
        }
        if (quote === -1) break; // the string goes on in the next chunk
        i = quote;
        this.inString = false;
        continue;
      }
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
        if (this.inResult && this.depth === 2) this.unexpected();
        this.inString = true;
        if (this.depth === 1) {
          this.collectingKey = true;
          this.keyBytes = [];
          this.lastKey = '';
        }
        continue;
      }
      if (b === COLON && this.depth === 1) {
        this.currentKey = this.lastKey;
        continue;
      }
      if (b === OPEN_OBJECT || b === OPEN_ARRAY) {
        this.depth++;
        if (this.depth === 2 && b === OPEN_ARRAY && this.currentKey === 'result' && !this.resultDone) {
          // The envelope keeps the `[`; the elements are cut out.
          this.envelopeParts.push(chunk.subarray(envelopeFrom, i + 1));
          envelopeFrom = -1;
          this.inResult = true;
        } else if (this.inResult && this.depth === 3) {
          this.elementOpen = true;
          this.elementParts = [];
          elementFrom = i;
        }
        continue;
      }
      if (b !== CLOSE_OBJECT && b !== CLOSE_ARRAY) {
        // A number, true, false or null as an element of `result`: not a list this reads.
        if (this.inResult && this.depth === 2 && b > 0x20 && b !== 0x2c) this.unexpected();
        continue;
      }
      this.depth--;
      if (this.inResult && this.depth === 2 && this.elementOpen) {
        this.elementParts.push(chunk.subarray(elementFrom, i + 1));
        this.finishElement();
        elementFrom = -1;
      } else if (this.inResult && this.depth === 1) {
        this.inResult = false;
        this.resultDone = true;
        envelopeFrom = i;
      }
    }
    if (this.elementOpen && elementFrom >= 0) this.elementParts.push(chunk.subarray(elementFrom));
    if (envelopeFrom >= 0) this.envelopeParts.push(chunk.subarray(envelopeFrom));
  }

  private unexpected(): void {
    this.failure ??= new DecodeFailure(new Error('an element of `result` is not an object'));
  }

  private finishElement(): void {
    this.elementOpen = false;
    const parts = this.elementParts;
    this.elementParts = [];
    if (this.failure !== undefined) return;
    const text = parts.length === 1 ? parts[0]!.toString('utf8') : Buffer.concat(parts).toString('utf8');
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (error) {
      this.failure = new DecodeFailure(error);
      return;
    }
    try {
      this.items.push(this.decode(value));
    } catch (error) {
      this.failure = new DecodeFailure(error);
    }
  }

  /** The envelope and the decoded elements, once the body ended. */
  finish(): ScannedList<T> {
    const envelope = Buffer.concat(this.envelopeParts).toString('utf8');
    return { envelope, items: this.resultDone ? this.items : undefined, ...(this.failure ? { failure: this.failure } : {}) };
  }
}
