/**
 * SIGINT and SIGTERM during a session that writes (apply, token roll): the first signal stops new
 * calls, the calls in flight may finish for a bounded time (`graceMs`), then the session says what
 * it did and the command exits 128 + the signal's number (130 for SIGINT, 143 for SIGTERM: the
 * shell's convention, https://www.gnu.org/software/bash/manual/html_node/Exit-Status.html). A
 * second signal, or the end of the grace time, gives up waiting at once.
 */
import { constants } from 'node:os';

export type StopSignal = 'SIGINT' | 'SIGTERM';

export const INTERRUPT_GRACE_MS = 10_000;

export function signalExitCode(signal: StopSignal): number {
  return 128 + constants.signals[signal];
}

export interface InterruptWatch {
  /** The signal received, if any. */
  readonly signal: StopSignal | undefined;
  /** Stops listening (the run ended). */
  dispose(): void;
}

export interface InterruptHandlers {
  /** First signal: the run stops sending and lets its calls in flight finish. */
  readonly onStop: (signal: StopSignal) => void;
  /** Second signal, or the calls in flight did not finish in `graceMs`: say what is known and exit. */
  readonly onGiveUp: (signal: StopSignal) => void;
  readonly graceMs?: number;
}

/** Where signals come from: the process, or a test's emitter. */
export interface SignalSource {
  on(signal: StopSignal, listener: (signal: StopSignal) => void): unknown;
  off(signal: StopSignal, listener: (signal: StopSignal) => void): unknown;
}

/** How a session takes its signals: from the process by default, a test's emitter, another grace time. */
export interface InterruptOptions {
  readonly source?: SignalSource;
  readonly graceMs?: number;
}

/**
 * The one place zonectl listens for SIGINT and SIGTERM (test/app/apply/signal-owner.test.ts), one
 * watch per process, installed by its session for the whole run: apply (src/app/apply/session.ts:
 * planning under an early lock, confirmation, zone creation, writes, accounts) or token roll
 * (src/app/token/session.ts: the roll call). The emulator's server stops itself apart.
 */
export function watchInterrupts(handlers: InterruptHandlers, source: SignalSource = process): InterruptWatch {
  let received: StopSignal | undefined;
  let timer: NodeJS.Timeout | undefined;
  const listener = (signal: StopSignal): void => {
    if (received !== undefined) {
      handlers.onGiveUp(received);
      return;
    }
    received = signal;
    handlers.onStop(signal);
    timer = setTimeout(() => handlers.onGiveUp(signal), handlers.graceMs ?? INTERRUPT_GRACE_MS);
    timer.unref();
  };
  source.on('SIGINT', listener);
  source.on('SIGTERM', listener);
  return {
    get signal() {
      return received;
    },
    dispose() {
      if (timer) clearTimeout(timer);
      source.off('SIGINT', listener);
      source.off('SIGTERM', listener);
    },
  };
}
