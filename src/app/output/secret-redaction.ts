/**
 * Defence in depth for secrets in output: the values of the credential variables (those zonectl
 * reads, and those zonectl.yaml names: app/files/read-repository-config.ts
 * `credentialVariablesOf`; emails included) are replaced by `***` in everything zonectl writes
 * for people or other programs (stdout, stderr, GitHub annotations and step summary, plan
 * files, exported zone files), should one ever get there (a record holding the token, a hostile
 * answer echoing it). The token secrets a run creates go only where the user asked
 * (`--token-output`), which does not pass through here.
 *
 * Interpolation already never reads a credential (src/core/yaml/interpolate.ts): this is
 * the second wall, not the first.
 */
import { CREDENTIAL_VARIABLES } from '../../api/credentials.js';

const MASK = '***';
/** Shorter values are not masked: they would mangle ordinary text and are no real credential. */
const MIN_SECRET_LENGTH = 8;

const secrets = new Set<string>();

/** Adds a value to mask from now on (empty, short and undefined values are ignored). */
export function registerSecret(value: string | undefined): void {
  const v = value?.trim();
  if (v !== undefined && v.length >= MIN_SECRET_LENGTH) secrets.add(v);
}

/** Registers the values of the credential variables zonectl reads, as set in `env`. */
export function registerCredentialsOf(
  env: Readonly<Record<string, string | undefined>>,
  names: Iterable<string> = CREDENTIAL_VARIABLES,
): void {
  for (const name of names) registerSecret(env[name]);
}

/** `text` with every registered secret replaced by `***`. */
export function redact(text: string): string {
  let out = text;
  for (const s of secrets) if (out.includes(s)) out = out.split(s).join(MASK);
  return out;
}

/** Forgets every registered secret (tests). */
export function clearSecrets(): void {
  secrets.clear();
}
