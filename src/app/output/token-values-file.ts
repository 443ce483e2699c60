import { closeSync, existsSync, openSync, readFileSync, statSync, unlinkSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { ZonectlError } from '../../core/errors.js';
import { ReservedFile, temporaryPathFor, writeFileAtomic } from './write-file-atomic.js';

/** The `--token-output` file cannot be read or written. Messages never hold a secret. */
export class TokenOutputError extends ZonectlError {
  constructor(message: string, cause?: unknown) {
    super('TOKEN_OUTPUT', message, { cause });
  }
}

/** A short reason for a file system error (no stack, no temp file names). */
function describeFsError(err: unknown, dir: string): string {
  const code = (err as { code?: unknown } | null)?.code;
  switch (code) {
    case 'ENOENT':
      return `the directory ${dir} does not exist`;
    case 'ENOTDIR':
      return `${dir} is not a directory`;
    case 'EACCES':
    case 'EPERM':
      return `no permission to create files in ${dir}`;
    case 'EROFS':
      return `${dir} is on a read-only file system`;
    case 'ENOSPC':
      return `no space left on the device of ${dir}`;
    default:
      return typeof code === 'string' ? `${code} in ${dir}` : err instanceof Error ? err.message : String(err);
  }
}

/** The earlier content of the file: a JSON object of strings, or none. Throws when it is something else. */
function readPrevious(path: string): Record<string, string> {
  if (!existsSync(path)) return {};
  if (statSync(path).isDirectory()) throw new TokenOutputError(`${path} is a directory`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(path, 'utf8')) as unknown;
  } catch (err) {
    // Never quote the content: it may hold secrets.
    const code = (err as { code?: unknown } | null)?.code;
    const why = typeof code === 'string' ? `cannot be read (${code})` : 'is not JSON';
    throw new TokenOutputError(`${path} exists but ${why}; refusing to overwrite it (give another file)`, err);
  }
  const isStringMap =
    typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) && Object.values(parsed).every((v) => typeof v === 'string');
  if (!isStringMap)
    throw new TokenOutputError(`${path} exists but is not a JSON object of token secrets; refusing to overwrite it (give another file)`);
  return parsed as Record<string, string>;
}

/**
 * Checks, before anything is changed, that `writeTokenValues(path, …)` will be able to write:
 * an existing file must be zonectl's JSON `{ name: value }` (it is merged, never clobbered),
 * and a file of mode 0600 can be created and removed in its directory (where the atomic write
 * puts its temporary file). Throws TokenOutputError with the reason.
 */
export function checkTokenOutputWritable(path: string): void {
  const full = resolve(path);
  const dir = dirname(full);
  readPrevious(full);
  const probe = temporaryPathFor(full);
  let fd: number;
  try {
    fd = openSync(probe, 'wx', 0o600);
  } catch (err) {
    throw new TokenOutputError(describeFsError(err, dir), err);
  }
  closeSync(fd);
  unlinkSync(probe);
}

/** Room kept for the new secrets in a file opened before they exist (a token secret is about 40 characters). */
const ROOM_FOR_SECRETS = 4096;

/** A `--token-output` file opened before the secret it will hold exists (see `openTokenOutput`). */
export interface OpenTokenOutput {
  /** Writes the secrets (merged into the earlier content) and puts the file in place. Throws TokenOutputError. */
  save(values: Readonly<Record<string, string>>): void;
  /** Gives up: removes the temporary file; the file itself is untouched. */
  discard(): void;
}

/**
 * Opens the `--token-output` file before a secret is made (`token roll`): the earlier content is
 * read and checked, and the temporary file that will replace it is created (mode 0600, exclusively,
 * random name) and filled with room for the secrets, so that a missing directory, a file that is
 * not ours, no permission or no space fail here, before the roll. When the final rename fails
 * anyway, the error names the temporary file that holds the secret.
 */
export function openTokenOutput(path: string): OpenTokenOutput {
  const full = resolve(path);
  const previous = readPrevious(full);
  const before = `${JSON.stringify(previous, null, 2)}\n`;
  let reserved: ReservedFile;
  try {
    reserved = ReservedFile.reserve(full, Buffer.byteLength(before) + ROOM_FOR_SECRETS, 0o600);
  } catch (err) {
    throw new TokenOutputError(describeFsError(err, dirname(full)), err);
  }
  return {
    save(values) {
      try {
        reserved.commit(`${JSON.stringify({ ...previous, ...values }, null, 2)}\n`);
      } catch (err) {
        throw new TokenOutputError(
          `${describeFsError(err, dirname(full))}; the new secret is kept in ${reserved.temporaryPath} (mode 0600): move it to ${full}`,
          err,
        );
      }
    },
    discard() {
      reserved.discard();
    },
  };
}

/**
 * Write new token secrets to a file only its owner can read (mode 0600), as JSON
 * `{ name: value }`, merged into the file's earlier content. Throws TokenOutputError.
 */
export function writeTokenValues(path: string, values: Readonly<Record<string, string>>): void {
  const full = resolve(path);
  const previous = readPrevious(full);
  try {
    writeFileAtomic(full, `${JSON.stringify({ ...previous, ...values }, null, 2)}\n`, 0o600);
  } catch (err) {
    throw new TokenOutputError(describeFsError(err, dirname(full)), err);
  }
}
