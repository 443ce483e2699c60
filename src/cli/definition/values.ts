/** Flag values read by a handler (not by commander), so that a bad one is refused as the command's own error. */
import { ZonectlError } from '../../core/errors.js';

/** `--lock-timeout`: `90s`, `10m`, `1h`, or seconds. */
export function parseDuration(flag: string, value: string): number {
  const m = /^(\d+(?:\.\d+)?)(ms|s|m|h)?$/.exec(value.trim());
  if (!m) throw new ZonectlError('BAD_FLAG', `${flag} must be a duration such as 30s, 10m or 1h, got "${value}"`);
  const unit = { ms: 1, s: 1_000, m: 60_000, h: 3_600_000 }[(m[2] ?? 's') as 'ms' | 's' | 'm' | 'h'];
  return Math.round(Number(m[1]) * unit);
}

/** A whole number from `min` to `max` (`--concurrency`). */
export function parseWholeNumber(flag: string, value: string, min: number, max: number): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < min || n > max)
    throw new ZonectlError('BAD_FLAG', `${flag} must be a whole number from ${min} to ${max}, got "${value}"`);
  return n;
}
