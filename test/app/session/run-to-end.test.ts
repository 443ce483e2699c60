/**
 * The runner (src/app/session/run-to-end.ts) tells a run's start and end, once each: `started`
 * before the session's first event, then `finished` with the result when it returned, or
 * `failed` and `finished` (no result) when it threw, the error thrown on.
 */
import { describe, expect, it } from 'vitest';
import { type RunEvent, runToEnd } from '../../../src/app/session/index.js';

type Event = RunEvent<number> | { readonly kind: 'step'; readonly n: number };

function recording(): { readonly events: Event[]; emit(event: Event): void } {
  const events: Event[] = [];
  return { events, emit: (event) => events.push(event) };
}

describe('runToEnd', () => {
  it('a run that returns: started, its own events, finished with the result', async () => {
    const output = recording();
    const result = await runToEnd(output, async () => {
      output.emit({ kind: 'step', n: 1 });
      return 42;
    });
    expect(result).toBe(42);
    expect(output.events).toEqual([{ kind: 'started' }, { kind: 'step', n: 1 }, { kind: 'finished', result: 42 }]);
  });

  it('a run that throws: started, failed with the error, finished without a result; the error is thrown on', async () => {
    const output = recording();
    const error = new Error('refused');
    await expect(
      runToEnd(output, async (): Promise<number> => {
        throw error;
      }),
    ).rejects.toBe(error);
    expect(output.events).toEqual([{ kind: 'started' }, { kind: 'failed', error }, { kind: 'finished' }]);
  });

  it('a view that throws at finished (init --ci: files differ) ends the run with that error', async () => {
    const events: string[] = [];
    const refusal = new Error('differs');
    const output = {
      emit(event: RunEvent<number>) {
        events.push(event.kind);
        if (event.kind === 'finished') throw refusal;
      },
    };
    await expect(runToEnd(output, async () => 1)).rejects.toBe(refusal);
    expect(events).toEqual(['started', 'finished']);
  });
});
