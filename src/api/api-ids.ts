/**
 * Ids the API hands out (zones, records, tokens, accounts) go into request paths
 * (`/zones/{id}/dns_records/{id}`), so each is checked to be an id (32 hex characters) where it
 * is read, before any request is built from it: an answer holding `../../user/tokens/x` as an id
 * is an error naming the object, and no request is sent. The client checks every request path
 * too (`checkRequestPath`), as the last line: a segment is only ever letters, digits, `_` and `-`.
 */
import { ZonectlError } from '../core/errors.js';

const API_ID = /^[0-9a-f]{32}$/i;
const PATH = /^(?:\/[A-Za-z0-9_-]+)+$/;

/** An id from the API that is not one, or a request path that is not a plain API path. */
export class ApiIdError extends ZonectlError {
  constructor(message: string) {
    super('API_BAD_ID', message);
  }
}

/** Whether `id` is an API id (32 hex characters): the test of `checkApiId`, for callers that build its message only on failure. */
export function isApiId(id: unknown): id is string {
  return typeof id === 'string' && API_ID.test(id);
}

/** `id` when it is an API id; else an ApiIdError naming `what` (e.g. `record "www.example.com" A`). */
export function checkApiId(id: unknown, what: string): string {
  if (isApiId(id)) return id;
  throw new ApiIdError(
    `the API gave ${what} the id ${JSON.stringify(id) ?? 'undefined'}, which is not an id (32 hex characters); no request was sent with it`,
  );
}

/** Refuses a request path that is not `/segment/segment…` of letters, digits, `_` and `-` (no `..`, `%`, `?`, `#`). */
export function checkRequestPath(method: string, path: string): void {
  if (!PATH.test(path))
    throw new ApiIdError(
      `refusing to send ${method} ${JSON.stringify(path)}: a request path holds only ids and API words (letters, digits, _ and -)`,
    );
}
