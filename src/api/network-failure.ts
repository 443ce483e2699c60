/** How a failed exchange is described: a network error, a body that is not the API's. */
import { networkErrorCode } from './retry-policy.js';

/** Short, printable excerpt of a non-JSON body. */
export function excerpt(text: string): string {
  const flat = text.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim();
  return flat.length > 120 ? `${flat.slice(0, 120)}…` : flat;
}

export function describeNetworkError(err: unknown): string {
  const code = networkErrorCode(err);
  const message = err instanceof Error ? err.message : String(err);
  return code && !message.includes(code) ? `${code}: ${message}` : message;
}

/**
 * A connection that fails in a way that suggests the base URL is not the API (refused, no such
 * host, TLS spoken to a plain HTTP port or the reverse): the hint to add.
 */
export function looksLikeWrongBaseUrl(err: unknown): boolean {
  const code = networkErrorCode(err) ?? '';
  const message = err instanceof Error ? err.message : String(err);
  return (
    /^(ECONNREFUSED|ENOTFOUND|EAI_AGAIN|EPROTO|ERR_SSL|HPE_)/.test(code) ||
    /wrong version number|packet length too long|SSL routines|certificate/i.test(message)
  );
}
