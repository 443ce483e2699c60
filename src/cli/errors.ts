import { log } from './io.js';

/**
 * Turn any error into one clear line on stderr and exit code 1; stack traces only with
 * ZONECTL_DEBUG=1. Error messages never carry credentials (the client strips them).
 */
export function reportFatal(error: unknown): void {
  const e = error as { code?: unknown; message?: unknown; stack?: unknown };
  const message = typeof e?.message === 'string' ? e.message : String(error);
  log(`zonectl: error: ${message}`);
  if (process.env.ZONECTL_DEBUG === '1' && typeof e?.stack === 'string') log(e.stack);
  process.exitCode = 1;
}
