import { CloudflareClient, DEFAULT_BASE_URL, credentialsFromEnv } from '../api/index.js';

export interface ConnectOptions {
  readonly baseUrl?: string;
  readonly env?: Readonly<Record<string, string | undefined>>;
}

/** `--base-url`, else CLOUDFLARE_BASE_URL, else the real API. */
export function resolveBaseUrl(flag: string | undefined, env: Readonly<Record<string, string | undefined>>): string {
  return flag ?? env.CLOUDFLARE_BASE_URL ?? DEFAULT_BASE_URL;
}

/** A client for the run: credentials from the environment (never from flags, never printed). */
export function connect(options: ConnectOptions = {}): CloudflareClient {
  const env = options.env ?? process.env;
  return new CloudflareClient({ baseUrl: resolveBaseUrl(options.baseUrl, env), credentials: credentialsFromEnv(env) });
}
