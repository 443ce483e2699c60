/** The service's authentication and authorization errors (statuses and codes: src/emulator/README.md). */
import { ApiError, type ApiErrorItem } from '../contract.js';

export function missingCredentials(): ApiError {
  return new ApiError(400, [{ code: 9106, message: 'Missing X-Auth-Key, X-Auth-Email or Authorization headers' }]);
}

/** 6003 "Invalid request headers" with the malformed headers in `error_chain`. */
export function invalidHeaders(chain: ApiErrorItem[]): ApiError {
  return new ApiError(400, [{ code: 6003, message: 'Invalid request headers', error_chain: chain }]);
}

export const BAD_AUTHORIZATION: ApiErrorItem = { code: 6111, message: 'Invalid format for Authorization header' };
export const BAD_AUTH_EMAIL: ApiErrorItem = { code: 6102, message: 'Invalid format for X-Auth-Email header' };
export const BAD_AUTH_KEY: ApiErrorItem = { code: 6103, message: 'Invalid format for X-Auth-Key header' };

export function invalidAccessToken(message = 'Invalid access token'): ApiError {
  return new ApiError(403, [{ code: 9109, message }]);
}

export function unknownKeyPair(): ApiError {
  return new ApiError(403, [{ code: 9103, message: 'Unknown X-Auth-Key or X-Auth-Email' }]);
}

export function ipRefused(clientIp: string): ApiError {
  return new ApiError(403, [{ code: 9109, message: `Cannot use the access token from location: ${clientIp}` }]);
}

export function authenticationError(): ApiError {
  return new ApiError(403, [{ code: 10000, message: 'Authentication error' }]);
}

export function unauthorizedTokenAccess(): ApiError {
  return new ApiError(403, [{ code: 9109, message: 'Unauthorized to access requested resource' }]);
}

/** Token body validation problems: 400, one 1001 error per problem. */
export function invalidTokenRequest(problems: readonly string[]): ApiError {
  return new ApiError(
    400,
    problems.map((message) => ({ code: 1001, message })),
  );
}

export function tokenNotFound(): ApiError {
  return new ApiError(404, [{ code: 1003, message: 'Token not found' }]);
}

export function verifyNeedsBearer(): ApiError {
  return new ApiError(400, [{ code: 1001, message: 'Missing "Authorization" header' }]);
}
