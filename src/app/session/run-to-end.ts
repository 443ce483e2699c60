/**
 * The start and the end of a run, told in one place (docs/architecture.md, "The shape of a
 * verb"): a session never emits its own. `runToEnd` is the runner: it tells its output `started`,
 * runs the session, and tells `failed` when it threw (also when it was refused before its first
 * call, e.g. by its flags) and then `finished`, once, whether it returned (with the result, which
 * a view that prints at the end reads there), threw, or gave up waiting for calls in flight.
 */

/** The first event of a run's one event stream. A view that needs nothing from it ignores it. */
export type StartEvent = { readonly kind: 'started' };

/** The events that end a run's one event stream: `finished` is always the last; `result` is there when the run returned. */
export type EndEvent<R = unknown> =
  | { readonly kind: 'failed'; readonly error: unknown }
  | { readonly kind: 'finished'; readonly result?: R };

/** What the runner tells of a run: its start and its end. */
export type RunEvent<R = unknown> = StartEvent | EndEvent<R>;

/** `output` is any session's output whose events include the run events (./index.ts, `SessionOutput`). */
export async function runToEnd<R>(output: { emit(event: RunEvent<NoInfer<R>>): void }, run: () => Promise<R>): Promise<R> {
  let result: { readonly value: R } | undefined;
  output.emit({ kind: 'started' });
  try {
    result = { value: await run() };
    return result.value;
  } catch (error) {
    output.emit({ kind: 'failed', error });
    throw error;
  } finally {
    output.emit(result !== undefined ? { kind: 'finished', result: result.value } : { kind: 'finished' });
  }
}
