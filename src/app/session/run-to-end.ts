/**
 * The end of a run, told in one place (docs/architecture.md, "The shape of a verb"): a session
 * never emits its own end. `runToEnd` runs it and tells its output `failed` when it threw (also
 * when it was refused before its first call, e.g. by its flags) and then `finished`, once,
 * whether it returned, threw, or gave up waiting for calls in flight.
 */
/** The events that end a run's one event stream: `finished` is always the last. */
export type EndEvent = { readonly kind: 'failed'; readonly error: unknown } | { readonly kind: 'finished' };

/** `output` is any session's output whose events include the end events (./index.ts, `SessionOutput`). */
export async function runToEnd<R>(output: { emit(event: EndEvent): void }, run: () => Promise<R>): Promise<R> {
  try {
    return await run();
  } catch (error) {
    output.emit({ kind: 'failed', error });
    throw error;
  } finally {
    output.emit({ kind: 'finished' });
  }
}
