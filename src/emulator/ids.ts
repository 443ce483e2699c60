import { createHash, randomBytes } from 'node:crypto';

/** A 32-hex identifier, as the service uses for users, accounts, zones and records. */
export function newId(): string {
  return randomBytes(16).toString('hex');
}

/** A 40-character token secret (the shape of the service's API tokens). */
export function newTokenValue(): string {
  return randomBytes(30).toString('base64url');
}

/** A 37-hex global API key (the shape of the service's key-pair keys). */
export function newApiKey(): string {
  return randomBytes(19).toString('hex').slice(0, 37);
}

/** A stable 32-hex id derived from a label (plan ids). */
export function stableId(label: string): string {
  return createHash('md5').update(label).digest('hex');
}
