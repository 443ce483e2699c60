/** Credentials for the API (README.md, "Commands"): a Bearer token, or the email + global key pair. */
import { CredentialsError } from './errors.js';

/**
 * A credential and, when known, the environment variables it was read from (`variable`;
 * `emailVariable`, `keyVariable`): an error about a refused credential names them, never the
 * value (error-hints.ts). Without them, the names are zonectl's own (CLOUDFLARE_API_TOKEN, ...).
 */
export type Credentials =
  | { readonly kind: 'token'; readonly token: string; readonly variable?: string }
  | { readonly kind: 'key'; readonly email: string; readonly key: string; readonly emailVariable?: string; readonly keyVariable?: string };

/** The variables a credential was read from, as an error names them. */
export function credentialVariablesNamed(credentials: Credentials): string {
  switch (credentials.kind) {
    case 'token':
      return credentials.variable ?? 'CLOUDFLARE_API_TOKEN';
    case 'key':
      return `${credentials.emailVariable ?? 'CLOUDFLARE_EMAIL'} and ${credentials.keyVariable ?? 'CLOUDFLARE_API_KEY'}`;
    default: {
      const never: never = credentials;
      return never;
    }
  }
}

/**
 * The environment variables zonectl reads credentials from (credentialsFromEnv). A zone file can
 * never read them (src/core/yaml/interpolate.ts) and their values are masked in output
 * (app/output/secret-redaction.ts), CLOUDFLARE_EMAIL's too: the email is half of a key pair.
 */
export const CREDENTIAL_VARIABLES: readonly string[] = ['CLOUDFLARE_API_TOKEN', 'CLOUDFLARE_API_KEY', 'CLOUDFLARE_EMAIL'];

/**
 * Reads credentials the way the official SDK does: CLOUDFLARE_API_TOKEN, else CLOUDFLARE_EMAIL
 * plus CLOUDFLARE_API_KEY. Empty values count as unset.
 */
export function credentialsFromEnv(env: Readonly<Record<string, string | undefined>>): Credentials {
  const token = env.CLOUDFLARE_API_TOKEN?.trim();
  if (token) return { kind: 'token', token };
  const email = env.CLOUDFLARE_EMAIL?.trim();
  const key = env.CLOUDFLARE_API_KEY?.trim();
  if (email && key) return { kind: 'key', email, key };
  if (email || key) {
    const missing = email ? 'CLOUDFLARE_API_KEY' : 'CLOUDFLARE_EMAIL';
    throw new CredentialsError(
      `incomplete key-pair credentials: ${missing} is not set (set CLOUDFLARE_EMAIL and CLOUDFLARE_API_KEY together, or CLOUDFLARE_API_TOKEN)`,
    );
  }
  throw new CredentialsError('no API credentials: set CLOUDFLARE_API_TOKEN, or CLOUDFLARE_EMAIL and CLOUDFLARE_API_KEY');
}

/** The request headers that carry the credentials. */
export function authHeaders(credentials: Credentials): Record<string, string> {
  switch (credentials.kind) {
    case 'token':
      return { authorization: `Bearer ${credentials.token}` };
    case 'key':
      return { 'x-auth-email': credentials.email, 'x-auth-key': credentials.key };
    default: {
      const never: never = credentials;
      return never;
    }
  }
}

/** The secret strings to scrub from anything the client reports. */
export function secretsOf(credentials: Credentials): string[] {
  switch (credentials.kind) {
    case 'token':
      return [credentials.token];
    case 'key':
      return [credentials.key];
    default: {
      const never: never = credentials;
      return never;
    }
  }
}

/** Replaces every occurrence of the given secrets (of 4+ characters) with `***`. */
export function redactSecrets(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const s of secrets) {
    if (s.length >= 4 && out.includes(s)) out = out.split(s).join('***');
  }
  return out;
}
