/**
 * Fault injection for reliability tests, deterministic under a seed: every request draws
 * exactly two numbers from one PRNG (in arrival order), so a sequential client sees the same
 * faults on every run with the same `seed`.
 */

export interface RateLimit {
  requests: number;
  seconds: number;
}

export interface FaultOptions {
  latencyMs?: number;
  /** Probability 0..1 that a request fails. */
  failRate?: number;
  seed?: number;
  rateLimit?: RateLimit;
}

export type FaultDecision =
  /** Answer with this status before acting. */
  | { kind: 'refuse'; status: 500 | 502 | 503 }
  /** Act (and make durable), then destroy the connection: the answer is lost. */
  | { kind: 'lose-answer' }
  | { kind: 'none' };

/** mulberry32: small, fast, good enough for test faults. */
export function createPrng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const REFUSALS = [500, 502, 503] as const;

export class Faults {
  readonly latencyMs: number;
  readonly failRate: number;
  private readonly random: () => number;

  constructor(options: FaultOptions) {
    this.latencyMs = options.latencyMs ?? 0;
    this.failRate = options.failRate ?? 0;
    this.random = createPrng(options.seed ?? Math.floor(Math.random() * 2 ** 32));
  }

  decide(): FaultDecision {
    const hit = this.random();
    const pick = this.random();
    if (hit >= this.failRate) return { kind: 'none' };
    // Half refused before acting (one of 500/502/503), half acted with the answer lost.
    if (pick < 0.5) return { kind: 'refuse', status: REFUSALS[Math.floor(pick * 6) % 3] };
    return { kind: 'lose-answer' };
  }
}

export type RateDecision =
  | { kind: 'allowed'; headers: Record<string, string> }
  | { kind: 'limited'; headers: Record<string, string>; retryAfter: number };

/**
 * Fixed window of `seconds` starting at the first request of the window, shared by every
 * caller (the emulator has one user). Headers as the service sends them:
 * `Ratelimit: "default";r=REMAINING;t=SECONDS_TO_RESET` and
 * `Ratelimit-Policy: "default";q=LIMIT;w=WINDOW`.
 */
export class RateLimiter {
  private windowStart = 0;
  private used = 0;

  constructor(readonly limit: RateLimit) {}

  take(nowMs: number): RateDecision {
    const windowMs = this.limit.seconds * 1000;
    if (this.used === 0 || nowMs >= this.windowStart + windowMs) {
      this.windowStart = nowMs;
      this.used = 0;
    }
    const reset = Math.max(1, Math.ceil((this.windowStart + windowMs - nowMs) / 1000));
    const policy = `"default";q=${this.limit.requests};w=${this.limit.seconds}`;
    if (this.used >= this.limit.requests) {
      return {
        kind: 'limited',
        retryAfter: reset,
        headers: {
          Ratelimit: `"default";r=0;t=${reset}`,
          'Ratelimit-Policy': policy,
          'Retry-After': String(reset),
        },
      };
    }
    this.used += 1;
    return {
      kind: 'allowed',
      headers: {
        Ratelimit: `"default";r=${this.limit.requests - this.used};t=${reset}`,
        'Ratelimit-Policy': policy,
      },
    };
  }
}

/** `N/SECONDS`, e.g. `1200/300`. */
export function parseRateLimit(text: string): RateLimit | undefined {
  const m = /^\s*(\d+)\s*\/\s*(\d+)\s*$/.exec(text);
  if (!m) return undefined;
  const requests = Number(m[1]);
  const seconds = Number(m[2]);
  if (requests < 1 || seconds < 1) return undefined;
  return { requests, seconds };
}
