/**
 * What one API answer may cost (docs/architecture.md, "HTTP"): a deadline for the whole exchange
 * and caps on its size, so that a hostile or broken endpoint (a byte every 20 s, an endless body,
 * ten million elements) ends in a clear error instead of a hang or an out-of-memory crash.
 *
 * The caps fit the largest real zones: an Enterprise account's default DNS record quota is
 * 1,000,000 records, shared by its zones, more on request (`ENTERPRISE_ACCOUNT_RECORD_QUOTA`,
 * src/core/service/api-limits.ts); a record is about 400 bytes of JSON (a 100,000-record zone is
 * a 39 MB page, bench/README.md), and one record (content, comment, tags) is a few KB at most.
 */
import { ZonectlError } from '../core/errors.js';
import { ENTERPRISE_ACCOUNT_RECORD_QUOTA } from '../core/service/api-limits.js';
import type { ListScanner } from './stream-list.js';

export interface ResponseLimits {
  /** Bytes of an answer that is not read as a list (settings, one record, a batch). */
  readonly maxBodyBytes: number;
  /** Bytes of one list answer, read as they arrive (never held whole). */
  readonly maxListBytes: number;
  /** Elements of one list, all pages together. */
  readonly maxListItems: number;
  /** Bytes of one element of a list, and of the envelope around the list. */
  readonly maxElementBytes: number;
}

const MiB = 1024 * 1024;

export const DEFAULT_RESPONSE_LIMITS: ResponseLimits = {
  maxBodyBytes: 64 * MiB,
  maxListBytes: 2048 * MiB,
  maxListItems: 2 * ENTERPRISE_ACCOUNT_RECORD_QUOTA,
  maxElementBytes: 1 * MiB,
};

/** Default deadline of one HTTP exchange (connect, send, the whole answer): `--request-timeout`. */
export const DEFAULT_REQUEST_TIMEOUT_MS = 300_000;

/** An answer larger than zonectl reads (bytes or elements). */
export class ResponseTooLargeError extends ZonectlError {
  constructor(message: string) {
    super('API_TOO_LARGE', message);
  }
}

/** An exchange that did not complete within the deadline. */
export class RequestTimeoutError extends ZonectlError {
  constructor(message: string) {
    super('API_TIMEOUT', message);
  }
}

function sizeOf(bytes: number): string {
  return bytes >= MiB ? `${Math.round(bytes / MiB).toLocaleString('en-US')} MiB` : `${bytes.toLocaleString('en-US')} bytes`;
}

/** The whole body as text; ResponseTooLargeError past `maxBytes`. */
export async function readCappedText(body: AsyncIterable<Uint8Array>, maxBytes: number, what: string): Promise<string> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of body) {
    total += chunk.length;
    if (total > maxBytes) throw new ResponseTooLargeError(`${what}: the answer is larger than ${sizeOf(maxBytes)}; stopped reading`);
    chunks.push(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.length));
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** Feeds the body to `scanner` as it arrives; ResponseTooLargeError past any of the list caps (`maxItems`: the room the list's earlier pages left). */
export async function readCappedList(
  body: AsyncIterable<Uint8Array>,
  scanner: ListScanner<unknown>,
  limits: ResponseLimits,
  maxItems: number,
  what: string,
): Promise<void> {
  let total = 0;
  for await (const chunk of body) {
    total += chunk.length;
    if (total > limits.maxListBytes)
      throw new ResponseTooLargeError(`${what}: the list is larger than ${sizeOf(limits.maxListBytes)}; stopped reading`);
    scanner.push(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.length));
    if (scanner.itemCount > maxItems) {
      throw new ResponseTooLargeError(
        `${what}: the list has more than ${limits.maxListItems.toLocaleString('en-US')} elements (all its pages together), more than zonectl reads (the largest zones hold about 1,000,000 records); stopped reading`,
      );
    }
    if (scanner.openBytes > limits.maxElementBytes) {
      throw new ResponseTooLargeError(
        `${what}: an element of the list (or the answer around it) is larger than ${sizeOf(limits.maxElementBytes)}; stopped reading`,
      );
    }
  }
}
