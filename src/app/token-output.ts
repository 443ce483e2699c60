import { closeSync, existsSync, openSync, readFileSync, statSync, unlinkSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { ZonectlError } from '../core/errors.js';
import { writeFileAtomic } from './write-file-atomic.js';

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
    typeof parsed === 'object' &&
    parsed !== null &&
    !Array.isArray(parsed) &&
    Object.values(parsed).every((v) => typeof v === 'string');
  if (!isStringMap) throw new TokenOutputError(`${path} exists but is not a JSON object of token secrets; refusing to overwrite it (give another file)`);
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
  const probe = join(dir, `.${basename(full)}.${process.pid}.${Date.now()}.probe.tmp`);
  let fd: number;
  try {
    fd = openSync(probe, 'wx', 0o600);
  } catch (err) {
    throw new TokenOutputError(describeFsError(err, dir), err);
  }
  closeSync(fd);
  unlinkSync(probe);
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
