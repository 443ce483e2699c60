import { ZonectlError, type ErrorCode } from '../../core/errors.js';
import { detail, log } from './io.js';

/** The code of any error: its own for zonectl's errors, INTERNAL for anything else (a bug). */
export function errorCode(error: unknown): ErrorCode {
  return error instanceof ZonectlError ? error.code : 'INTERNAL';
}

/**
 * The one closing-line format of every command (docs/architecture.md, "Errors"):
 * `zonectl: error[CODE]: message`. CI logs and tools grep it; keep it stable.
 */
export function errorLine(code: ErrorCode, message: string): string {
  return `zonectl: error[${code}]: ${message}`;
}

/**
 * Turn any error into one clear line on stderr and exit code 1; stack traces only with
 * `--verbose`. Error messages never carry credentials (the client strips them).
 */
export function reportFatal(error: unknown): void {
  const e = error as { message?: unknown; stack?: unknown } | null | undefined;
  const message = typeof e?.message === 'string' ? e.message : String(error);
  log(errorLine(errorCode(error), message));
  if (typeof e?.stack === 'string') detail(e.stack);
  process.exitCode = 1;
}
