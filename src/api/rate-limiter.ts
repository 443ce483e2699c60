/**
 * Client-side request limiter (docs/architecture.md, "HTTP"): at most `limit` requests in any
 * `windowMs`, shared by every client of the process (the service counts 1,200 requests per 5
 * minutes per user: https://developers.cloudflare.com/fundamentals/api/reference/limits/).
 *
 * It is a sliding window rather than a plain token bucket: a bucket that starts full and refills
 * at limit/window would let up to twice the limit through in the first window, which the
 * service answers with 429. Here each request reserves a send time no earlier than the send
 * time of the request `limit` places before it plus the window. Reservations are synchronous, so
 * concurrent callers never overbook. O(1) per request (a ring of `limit` timestamps).
 */
import { ZonectlError } from '../core/errors.js';

/** A rate limit that is not a positive count per positive window. */
export class RateLimitSpecError extends ZonectlError {
  constructor(message: string) {
    super('BAD_FLAG', message);
  }
}


export interface Clock {
  now(): number;
  sleep(ms: number): Promise<void>;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms))),
};

export interface RateLimiterOptions {
  limit: number;
  windowMs: number;
  clock?: Clock;
}

export class RateLimiter {
  readonly limit: number;
  readonly windowMs: number;
  private readonly clock: Clock;
  private readonly ring: Float64Array;
  private head = 0;
  private pausedUntil = 0;

  constructor(options: RateLimiterOptions) {
    if (!Number.isInteger(options.limit) || options.limit < 1) throw new RateLimitSpecError('rate limit must be a positive integer');
    if (!(options.windowMs > 0)) throw new RateLimitSpecError('rate limit window must be positive');
    this.limit = options.limit;
    this.windowMs = options.windowMs;
    this.clock = options.clock ?? systemClock;
    this.ring = new Float64Array(options.limit).fill(Number.NEGATIVE_INFINITY);
  }

  /** Reserves a send slot and returns how long the caller must wait for it (ms). */
  reserve(): number {
    const now = this.clock.now();
    const oldest = this.ring[this.head]!;
    const at = Math.max(now, oldest + this.windowMs, this.pausedUntil);
    this.ring[this.head] = at;
    this.head = (this.head + 1) % this.limit;
    return at - now;
  }

  /** Waits until a request may be sent. */
  async acquire(): Promise<void> {
    const wait = this.reserve();
    if (wait > 0) await this.clock.sleep(wait);
  }

  /** The service said "slow down" (429 with Retry-After): hold every new request until then. */
  pauseFor(ms: number): void {
    this.pausedUntil = Math.max(this.pausedUntil, this.clock.now() + ms);
  }
}

/** `N/SECONDS`, e.g. `1200/300`. */
export function parseRateLimit(spec: string): { limit: number; windowMs: number } {
  const m = /^\s*(\d+)\s*\/\s*(\d+(?:\.\d+)?)\s*s?\s*$/.exec(spec);
  if (!m) throw new RateLimitSpecError(`rate limit must look like N/SECONDS (e.g. 1200/300), got "${spec}"`);
  const limit = Number(m[1]);
  const windowMs = Number(m[2]) * 1000;
  if (limit < 1 || windowMs <= 0) throw new RateLimitSpecError(`rate limit must be positive, got "${spec}"`);
  return { limit, windowMs };
}

export const DEFAULT_RATE_LIMIT = { limit: 1200, windowMs: 300_000 } as const;

let sharedLimiter: RateLimiter | undefined;

/** The process-wide limiter every client uses unless given its own. */
export function defaultRateLimiter(): RateLimiter {
  sharedLimiter ??= new RateLimiter(DEFAULT_RATE_LIMIT);
  return sharedLimiter;
}
