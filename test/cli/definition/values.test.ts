/** --lock-timeout durations and the exit codes of a signalled apply. */
import { describe, expect, it } from 'vitest';
import { parseDuration } from '../../../src/cli/definition/values.js';
import { signalExitCode } from '../../../src/app/session/interrupts.js';

describe('apply flags', () => {
  it('--lock-timeout takes ms, s, m, h, or plain seconds', () => {
    expect(parseDuration('--lock-timeout', '10m')).toBe(600_000);
    expect(parseDuration('--lock-timeout', '90s')).toBe(90_000);
    expect(parseDuration('--lock-timeout', '1h')).toBe(3_600_000);
    expect(parseDuration('--lock-timeout', '250ms')).toBe(250);
    expect(parseDuration('--lock-timeout', '30')).toBe(30_000);
    expect(parseDuration('--lock-timeout', '0')).toBe(0);
    expect(() => parseDuration('--lock-timeout', 'ten minutes')).toThrow(
      /--lock-timeout must be a duration such as 30s, 10m or 1h, got "ten minutes"/,
    );
    expect(() => parseDuration('--lock-timeout', '-1m')).toThrow(/must be a duration/);
  });

  it('SIGINT exits 130 and SIGTERM 143 (128 + the signal number)', () => {
    expect(signalExitCode('SIGINT')).toBe(130);
    expect(signalExitCode('SIGTERM')).toBe(143);
  });
});
