/**
 * `--request-timeout` (a global flag, read before any command runs): the deadline of each HTTP
 * exchange of the clients `connect` builds (src/api/client.ts, `requestTimeoutMs`). A module of
 * its own so that the CLI's entry point sets it without loading the HTTP client.
 */
let requestTimeoutMs: number | undefined;

export function setRequestTimeout(ms: number | undefined): void {
  requestTimeoutMs = ms;
}

/** The deadline set by `--request-timeout`, or undefined for the client's default (5 minutes). */
export function requestTimeout(): number | undefined {
  return requestTimeoutMs;
}
