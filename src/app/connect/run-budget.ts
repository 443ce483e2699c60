/**
 * The rate budget of one run: one limiter per credential (each credential its own client, as the
 * service's limit is per user: src/app/engine/clients-by-account.ts), from
 * `--rate-limit N/SECONDS`, else the service's default budget divided by N under `--shard K/N`.
 */
import { RateLimiter, runBudget, type CloudflareClient, type Credentials } from '../../api/index.js';
import type { Shard } from '../../core/shard.js';
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

/** The run's client with its own limiter (one per credential: an account's, or the environment's). */
export function connectWithBudget(flags: BudgetFlags, credentials?: Credentials): CloudflareClient {
  return connect({
    limiter: runLimiter(flags),
    ...(credentials !== undefined ? { credentials } : {}),
    ...(flags.baseUrl !== undefined ? { baseUrl: flags.baseUrl } : {}),
    ...(flags.env !== undefined ? { env: flags.env } : {}),
  });
}
