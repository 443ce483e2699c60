/**
 * The rate budget of one run: one limiter per credential (the run's one client), from
 * `--rate-limit N/SECONDS`, else the service's default budget divided by N under `--shard K/N`.
 */
import { CloudflareClient, RateLimiter, credentialsFromEnv, runBudget } from '../api/index.js';
import type { Shard } from '../core/shard.js';
import { resolveBaseUrl } from './connect.js';

export interface BudgetFlags {
  readonly baseUrl?: string;
  readonly rateLimit?: string;
  readonly shard?: Shard;
  readonly env?: Readonly<Record<string, string | undefined>>;
}

export function runLimiter(flags: BudgetFlags): RateLimiter {
  return new RateLimiter(runBudget(flags.rateLimit, flags.shard?.count ?? 1));
}

/**
 * The run's client with its own limiter. (Built here rather than by connect() until connect()
 * takes a limiter; the credentials come from the environment the same way.)
 */
export function connectWithBudget(flags: BudgetFlags): CloudflareClient {
  const env = flags.env ?? process.env;
  return new CloudflareClient({ baseUrl: resolveBaseUrl(flags.baseUrl, env), credentials: credentialsFromEnv(env), limiter: runLimiter(flags) });
}
