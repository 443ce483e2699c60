/**
 * When to retry and how long to wait (pure). Exponential backoff with full jitter
 * (delay = random(0, min(cap, base * 2^(attempt-1)))); a 429's Retry-After is honoured.
 */

export interface RetryOptions {
  /** Total attempts, the first included (default 5). */
  maxAttempts: number;
  /** Base delay of the first retry, ms (default 250). */
  baseDelayMs: number;
  /** Cap of one backoff delay, ms (default 20,000). */
  maxDelayMs: number;
  /** Longest Retry-After the client will honour, ms (default 300,000); longer values fail. */
  maxRetryAfterMs: number;
}

export const DEFAULT_RETRY: RetryOptions = {
  maxAttempts: 5,
  baseDelayMs: 250,
  maxDelayMs: 20_000,
  maxRetryAfterMs: 300_000,
};

/** Methods whose repetition has the same effect as one request. */
export function isIdempotent(method: string): boolean {
  return method === 'GET' || method === 'PUT' || method === 'DELETE' || method === 'PATCH' || method === 'HEAD';
}

/** What to do with an answer or a failure. */
export type RetryDecision =
  | { kind: 'done' }
  | { kind: 'retry' }
  /** The request may have been acted on and must not be repeated blindly. */
  | { kind: 'unknown' };

const RETRYABLE_STATUS = new Set([429, 500, 502, 503, 504]);

/**
 * Decision for an HTTP status. An idempotent request is retried on 429/5xx. A POST is retried on
 * 429 and 503 (the service refused before acting); on 500/502/504 its outcome is unknown.
 */
export function decideOnStatus(method: string, status: number): RetryDecision {
  if (!RETRYABLE_STATUS.has(status)) return { kind: 'done' };
  if (isIdempotent(method)) return { kind: 'retry' };
  return status === 429 || status === 503 ? { kind: 'retry' } : { kind: 'unknown' };
}

/** Error codes meaning the request never reached the server (safe to repeat for any method). */
const NOT_SENT_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'UND_ERR_CONNECT_TIMEOUT']);
/** Error codes of a connection lost or stalled after the request may have been sent. */
const LOST_CODES = new Set([
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'UND_ERR_SOCKET',
  'UND_ERR_CLOSED',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
]);

/** The error code of a network error (undici wraps socket errors in `cause`). */
export function networkErrorCode(err: unknown): string | undefined {
  let e: unknown = err;
  for (let i = 0; i < 4 && e !== null && typeof e === 'object'; i++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && (NOT_SENT_CODES.has(code) || LOST_CODES.has(code))) return code;
    e = (e as { cause?: unknown }).cause;
  }
  const message = err instanceof Error ? err.message : '';
  if (/other side closed|socket (?:hang up|closed)/i.test(message)) return 'UND_ERR_SOCKET';
  return undefined;
}

/** Decision for a network failure; undefined when the error is not a network error at all. */
export function decideOnNetworkError(method: string, err: unknown): RetryDecision | undefined {
  const code = networkErrorCode(err);
  if (code === undefined) return undefined;
  if (NOT_SENT_CODES.has(code) || isIdempotent(method)) return { kind: 'retry' };
  return { kind: 'unknown' };
}

/** Backoff before attempt `attempt + 1` (attempt counts from 1), with full jitter. */
export function backoffDelay(attempt: number, options: RetryOptions, random: () => number): number {
  const ceiling = Math.min(options.maxDelayMs, options.baseDelayMs * 2 ** Math.max(0, attempt - 1));
  return Math.floor(random() * ceiling);
}

/**
 * Parses Retry-After: delta seconds or an HTTP date. Returns ms, or undefined when absent or
 * unreadable.
 */
export function parseRetryAfter(value: string | string[] | undefined, nowMs: number): number | undefined {
  const v = Array.isArray(value) ? value[0] : value;
  if (v === undefined || v.trim() === '') return undefined;
  if (/^\s*\d+(?:\.\d+)?\s*$/.test(v)) return Math.round(Number(v) * 1000);
  const at = Date.parse(v);
  return Number.isNaN(at) ? undefined : Math.max(0, at - nowMs);
}
