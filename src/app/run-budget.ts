/**
 * The rate budget of one run: one limiter per credential (the run's one client), from
 * `--rate-limit N/SECONDS`, else the service's default budget divided by N under `--shard K/N`.
 */
import { RateLimiter, runBudget, type CloudflareClient } from '../api/index.js';
import type { Shard } from '../core/shard.js';
import { connect } from './connect.js';

export interface BudgetFlags {
  readonly baseUrl?: string;
  readonly rateLimit?: string;
  readonly shard?: Shard;
  readonly env?: Readonly<Record<string, string | undefined>>;
}

export function runLimiter(flags: BudgetFlags): RateLimiter {
  return new RateLimiter(runBudget(flags.rateLimit, flags.shard?.count ?? 1));
}

/** The run's client with its own limiter. */
export function connectWithBudget(flags: BudgetFlags): CloudflareClient {
  return connect({
    limiter: runLimiter(flags),
    ...(flags.baseUrl !== undefined ? { baseUrl: flags.baseUrl } : {}),
    ...(flags.env !== undefined ? { env: flags.env } : {}),
  });
}
