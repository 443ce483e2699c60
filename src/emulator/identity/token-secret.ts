/** Token secrets: generated, hashed for storage, never stored or echoed in clear. */
import { createHash, randomBytes } from 'node:crypto';

/** A new secret: 40 URL-safe characters (30 random bytes, base64url). */
export function generateTokenValue(): string {
  return randomBytes(30).toString('base64url');
}

/** SHA-256 (hex) of a secret: the only form that is stored. */
export function hashTokenValue(value: string): string {
  return createHash('sha256').update(value, 'utf8').digest('hex');
}

/** A new 32-hex identifier (token, policy, user tag). */
export function generateId(): string {
  return randomBytes(16).toString('hex');
}

/**
 * Bearer credentials: RFC 6750 `b64token` syntax. Anything else (spaces, quotes, non-ASCII,
 * empty) is a malformed Authorization header.
 */
export const BEARER_VALUE = /^[A-Za-z0-9\-._~+/]+=*$/;

/** The service's Global API Key: 37 hexadecimal characters. */
export const API_KEY_FORMAT = /^[0-9a-f]{37}$/i;

export const EMAIL_FORMAT = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
