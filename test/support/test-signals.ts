/** Signals sent by a test to a session's injected SignalSource (src/app/session/interrupts.ts), not the process's. */
import { EventEmitter } from 'node:events';
import type { SignalSource, StopSignal } from '../../src/app/session/index.js';

export interface TestSignals {
  readonly source: SignalSource;
  /** Delivers `signal` to the listeners, as the process would. */
  send(signal: StopSignal): void;
  /** How many listeners are installed (0 once the session disposed its watch). */
  listeners(): number;
}

export function testSignals(): TestSignals {
  const emitter = new EventEmitter();
  return {
    source: {
      on: (signal, listener) => emitter.on(signal, listener),
      off: (signal, listener) => emitter.off(signal, listener),
    },
    send: (signal) => {
      emitter.emit(signal, signal);
    },
    listeners: () => emitter.listenerCount('SIGINT') + emitter.listenerCount('SIGTERM'),
  };
}
