/** Where requests go: the base URL (checked) and the query string. */
import { ZonectlError } from '../core/errors.js';

export const DEFAULT_BASE_URL = 'https://api.cloudflare.com/client/v4';

/** A base URL that cannot be the API's. */
export class BaseUrlError extends ZonectlError {
  constructor(message: string) {
    super('BAD_BASE_URL', message);
  }
}

export type QueryValue = string | number | boolean | undefined | readonly (string | number)[];

/** Parses and checks a base URL: `http(s)://host[:port][/prefix]`. */
export function parseBaseUrl(baseUrl: string): { origin: string; prefix: string } {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw new BaseUrlError(`invalid API base URL "${baseUrl}" (expected e.g. ${DEFAULT_BASE_URL})`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new BaseUrlError(`invalid API base URL "${baseUrl}": only http and https are supported`);
  }
  if (url.username || url.password) throw new BaseUrlError('the API base URL must not hold credentials');
  return { origin: url.origin, prefix: url.pathname.replace(/\/+$/, '') };
}

/** `?a=1&b=x&b=y` from a query object (undefined values dropped, arrays repeated). */
export function buildQuery(query: Readonly<Record<string, QueryValue>> | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const v of value) params.append(key, String(v));
    else params.append(key, String(value));
  }
  const s = params.toString();
  return s === '' ? '' : `?${s}`;
}
