import { CloudflareClient, DEFAULT_BASE_URL, credentialsFromEnv, type Credentials, type RateLimiter } from '../../api/index.js';
import { requestTimeout } from './request-timeout.js';

export interface ConnectOptions {
  readonly baseUrl?: string;
  readonly env?: Readonly<Record<string, string | undefined>>;
  /** An account's credential of the repository configuration (account-clients.ts); default the environment's. */
  readonly credentials?: Credentials;
  /** The run's own limiter (one per credential: see run-budget.ts); default the client's. */
  readonly limiter?: RateLimiter;
  /** Once aborted, the client drops its exchange in flight and sends no other (a session that gave up). */
  readonly abandon?: AbortSignal;
}

/** `--base-url`, else CLOUDFLARE_BASE_URL, else the real API. */
export function resolveBaseUrl(flag: string | undefined, env: Readonly<Record<string, string | undefined>>): string {
  return flag ?? env.CLOUDFLARE_BASE_URL ?? DEFAULT_BASE_URL;
}

/**
 * The one way to build a client for a run: credentials from the environment (never from flags,
 * never printed), the base URL from `--base-url` or the environment, and an optional limiter.
 */
export function connect(options: ConnectOptions = {}): CloudflareClient {
  const env = options.env ?? process.env;
  return new CloudflareClient({
    baseUrl: resolveBaseUrl(options.baseUrl, env),
    credentials: options.credentials ?? credentialsFromEnv(env),
    ...(options.limiter !== undefined ? { limiter: options.limiter } : {}),
    ...(options.abandon !== undefined ? { abandon: options.abandon } : {}),
    ...(requestTimeout() !== undefined ? { requestTimeoutMs: requestTimeout() } : {}),
  });
}
