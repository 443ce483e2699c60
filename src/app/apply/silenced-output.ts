/**
 * The session's output once the run gave up waiting for calls in flight: the abandoned writes
 * may still answer, and what they answer is no longer the user's business (the run has already
 * said what it knew and is exiting).
 */
import type { ApplyOutput } from './output.js';

/** An object whose methods do nothing once the run gave up (the abandoned writes may still answer). */
function untilAbandoned<T extends object>(target: T, abandoned: () => boolean): T {
  return new Proxy(target, {
    get(t, key, receiver) {
      const value: unknown = Reflect.get(t, key, receiver);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => (abandoned() ? undefined : Reflect.apply(value, t, args));
    },
  });
}

/** The output, silenced once the run gave up; asking and progress pass through. */
export function silencedAfter(output: ApplyOutput, abandoned: () => boolean): ApplyOutput {
  const say = untilAbandoned(output, abandoned);
  return {
    report: untilAbandoned(output.report, abandoned),
    progress: () => output.progress(),
    cannotConfirm: () => output.cannotConfirm(),
    confirm: (question) => output.confirm(question),
    info: (line) => say.info(line),
    warn: (line) => say.warn(line),
    error: (code, message) => say.error(code, message),
    detail: (line) => say.detail(line),
  };
}
