/**
 * Client-side request limiter (docs/architecture.md, "HTTP"): at most `limit` requests in any
 * `windowMs`. One limiter per credential per run, shared by every zone of the run (the service
 * counts 1,200 requests per 5 minutes per user, whatever the number of zones or processes:
 * https://developers.cloudflare.com/fundamentals/api/reference/limits/).
 *
 * It also paces itself by what the service says is left: every answer carries
 * `Ratelimit: "default";r=REMAINING;t=SECONDS_TO_RESET` (and `Ratelimit-Policy:
 * "default";q=QUOTA;w=WINDOW`; same page). When the remaining quota, less the requests
 * already on their way, is spent, new requests wait for the reset: the run slows down before
 * a 429, not after. A 429's Retry-After holds every new request (`pauseFor`).
 *
 * It is a sliding window rather than a plain token bucket: a bucket that starts full and refills
 * at limit/window would let up to twice the limit through in the first window, which the
 * service answers with 429. Here each request reserves a send time no earlier than the send
 * time of the request `limit` places before it plus the window. Reservations are synchronous, so
 * concurrent callers never overbook. O(1) per request (a ring of `limit` timestamps).
 */
import { ZonectlError } from '../core/errors.js';
import { API_RATE_LIMIT } from '../core/service/api-limits.js';

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

/** One item of a `Ratelimit` header: the quota left and the seconds until it resets. */
export interface RateLimitItem {
  readonly remaining: number;
  readonly resetSeconds: number;
}

/** One item of a `Ratelimit-Policy` header: the quota and its window in seconds. */
export interface RatePolicyItem {
  readonly quota: number;
  readonly windowSeconds: number;
}

function headerText(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value.join(', ') : value;
}

/** The numeric parameters of each item of a structured-field list (`"name";a=1;b=2, ...`). */
function listItems(text: string): Array<Record<string, number>> {
  return text.split(',').map((item) => {
    const params: Record<string, number> = {};
    for (const part of item.split(';').slice(1)) {
      const m = /^\s*([a-z]+)\s*=\s*(\d+(?:\.\d+)?)\s*$/i.exec(part);
      if (m) params[m[1]!.toLowerCase()] = Number(m[2]);
    }
    return params;
  });
}

/** The most constraining item of a `Ratelimit` header (least left, then latest reset). */
export function parseRatelimitHeader(value: string | string[] | undefined): RateLimitItem | undefined {
  const text = headerText(value);
  if (text === undefined) return undefined;
  let worst: RateLimitItem | undefined;
  for (const p of listItems(text)) {
    if (p.r === undefined || p.t === undefined) continue;
    const item = { remaining: p.r, resetSeconds: p.t };
    if (
      worst === undefined ||
      item.remaining < worst.remaining ||
      (item.remaining === worst.remaining && item.resetSeconds > worst.resetSeconds)
    )
      worst = item;
  }
  return worst;
}

/** The smallest quota of a `Ratelimit-Policy` header. */
export function parseRatelimitPolicyHeader(value: string | string[] | undefined): RatePolicyItem | undefined {
  const text = headerText(value);
  if (text === undefined) return undefined;
  let smallest: RatePolicyItem | undefined;
  for (const p of listItems(text)) {
    if (p.q === undefined || p.w === undefined) continue;
    if (smallest === undefined || p.q < smallest.quota) smallest = { quota: p.q, windowSeconds: p.w };
  }
  return smallest;
}

export class RateLimiter {
  readonly limit: number;
  readonly windowMs: number;
  private readonly clock: Clock;
  private readonly ring: Float64Array;
  private head = 0;
  private pausedUntil = 0;
  /** Requests reserved whose answer has not been observed yet. */
  private pending = 0;
  /** What the service last said is left (less what was sent since), until `serverResetAt`. */
  private serverRemaining: number | undefined;
  private serverResetAt = 0;
  /** Requests counted in the current server window are not sent before it starts. */
  private serverWindowStart = 0;
  private serverQuota: number | undefined;
  private serverWindowMs = 0;
  /**
   * True while `serverResetAt` is this client's guess (a window it expects to have started when
   * it sent a request), not yet a bound the service gave. The service starts its window when the
   * request arrives, later than it was sent, so the guess may be early: the first answer's bound
   * replaces it instead of narrowing it.
   */
  private resetGuessed = false;

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
    let at = Math.max(now, oldest + this.windowMs, this.pausedUntil);
    at = this.takeServerSlot(at);
    this.ring[this.head] = at;
    this.head = (this.head + 1) % this.limit;
    this.pending += 1;
    return at - now;
  }

  /** The service's own count: wait for its reset once what it said is left is spent. */
  private takeServerSlot(at: number): number {
    if (this.serverRemaining === undefined) return at;
    at = Math.max(at, this.serverWindowStart);
    if (at >= this.serverResetAt) this.startServerWindow(at);
    if (this.serverRemaining !== undefined && this.serverRemaining <= 0) {
      at = Math.max(at, this.serverResetAt);
      this.startServerWindow(at);
    }
    if (this.serverRemaining !== undefined) this.serverRemaining -= 1;
    return at;
  }

  /** After a reset the quota is whole again (when the policy is known; else unknown until told). */
  private startServerWindow(at: number): void {
    if (this.serverQuota === undefined) {
      this.serverRemaining = undefined;
      return;
    }
    this.serverRemaining = this.serverQuota;
    this.serverWindowStart = at;
    this.serverResetAt = at + this.serverWindowMs;
    this.resetGuessed = true;
  }

  /**
   * An answer arrived with these headers: learn what the service says is left. The requests
   * still on their way (reserved, not yet answered) are counted against it.
   */
  observe(headers: Readonly<Record<string, string | string[] | undefined>>): void {
    this.pending = Math.max(0, this.pending - 1);
    const policy = parseRatelimitPolicyHeader(headers['ratelimit-policy']);
    if (policy !== undefined) {
      this.serverQuota = policy.quota;
      this.serverWindowMs = policy.windowSeconds * 1000;
    }
    const left = parseRatelimitHeader(headers.ratelimit);
    if (left === undefined) return;
    const now = this.clock.now();
    // An answer about the current window; requests already booked into a later one keep their slot.
    if (now < this.serverWindowStart) return;
    // `t` is rounded up to whole seconds: each answer bounds the reset from above. Within one
    // window the smallest bound is the closest (a fresh window's bound lies a window later).
    const upper = now + left.resetSeconds * 1000;
    const sameWindow =
      !this.resetGuessed && this.serverRemaining !== undefined && now < this.serverResetAt && upper < this.serverResetAt + 1000;
    this.serverResetAt = sameWindow ? Math.min(this.serverResetAt, upper) : upper;
    this.resetGuessed = false;
    this.serverRemaining = left.remaining - this.pending;
    this.serverWindowStart = now;
  }

  /** A request ended without an answer (network error): it no longer counts as on its way. */
  release(): void {
    this.pending = Math.max(0, this.pending - 1);
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

export const DEFAULT_RATE_LIMIT = { limit: API_RATE_LIMIT.requests, windowMs: API_RATE_LIMIT.windowSeconds * 1000 } as const;

/**
 * A limiter at the service's default budget, for a client built without one. Not a process-wide
 * singleton: a run builds one client per credential, and so one limiter per credential.
 */
export function defaultRateLimiter(): RateLimiter {
  return new RateLimiter(DEFAULT_RATE_LIMIT);
}

/**
 * The budget of one run: `--rate-limit` when given; otherwise the service's default, divided
 * by N under `--shard K/N` (N jobs of a CI matrix share one user's budget).
 */
export function runBudget(spec: string | undefined, shards = 1): { limit: number; windowMs: number } {
  if (spec !== undefined) return parseRateLimit(spec);
  return { limit: Math.max(1, Math.floor(DEFAULT_RATE_LIMIT.limit / Math.max(1, shards))), windowMs: DEFAULT_RATE_LIMIT.windowMs };
}
