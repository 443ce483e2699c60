/**
 * A client's `abandon` signal (ClientOptions): once aborted, the exchange in flight is dropped and
 * none is sent after it, each failing with ExchangeAbandonedError (never retried). A session that
 * gave up waiting for its calls (a second Ctrl-C) uses it to end without waiting for the network.
 */
import { ExchangeAbandonedError } from './errors.js';

export class Abandonable {
  constructor(private readonly signal: AbortSignal | undefined) {}

  /** Throws ExchangeAbandonedError once the signal was aborted. */
  check(method: string, path: string): void {
    if (this.signal?.aborted) throw new ExchangeAbandonedError(method, path);
  }

  /** Aborts `exchange` when the signal is; returns the function that unlinks them. */
  link(exchange: AbortController): () => void {
    const signal = this.signal;
    if (signal === undefined) return () => undefined;
    const drop = (): void => exchange.abort();
    signal.addEventListener('abort', drop, { once: true });
    return () => signal.removeEventListener('abort', drop);
  }
}
