/**
 * What to check when the service refuses a request for a reason that is usually the
 * configuration's, not the zone's: a base URL without the API's path, a credential the service
 * does not accept. The hint names the setting or variable, never its value.
 */
import type { Credentials } from './credentials.js';
import type { ApiErrorDetail } from './errors.js';

/** The service's codes for a credential it does not accept (the token, or the key pair). */
const BAD_TOKEN = new Set([9109, 6111, 6003, 10000, 1000]);
const BAD_KEY_PAIR = new Set([9103, 9106, 6003, 10000]);
/** "Could not route to …": the path is not one of the API's (7000, 7003). */
const NO_ROUTE = new Set([7000, 7003]);

/** `variables`: where the credential came from (credentialVariablesNamed), named in the hint instead of any value. */
export function errorHint(
  errors: readonly ApiErrorDetail[],
  baseUrl: string,
  auth: Credentials['kind'],
  variables: string,
): string | undefined {
  const codes = new Set(errors.map((e) => e.code));
  const any = (set: ReadonlySet<number>): boolean => [...codes].some((c) => set.has(c));
  if (any(NO_ROUTE) && !/\/client\/v4\/?$/.test(new URL(baseUrl).pathname)) {
    return `the base URL ${baseUrl} does not end with /client/v4: check CLOUDFLARE_BASE_URL (or --base-url), e.g. ${new URL(baseUrl).origin}/client/v4`;
  }
  if (auth === 'token' && any(BAD_TOKEN)) {
    return `the service does not accept the API token: check ${variables} (a token, not a global API key; not expired or revoked; its IP filter and TTL)`;
  }
  if (auth === 'key' && any(BAD_KEY_PAIR)) {
    return `the service does not accept the key pair: check ${variables} (the global API key of that account)`;
  }
  return undefined;
}
