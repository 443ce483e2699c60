/**
 * undici's connection pool with its `request` method, without the rest of the library: undici's
 * index.js evaluates every dispatcher, fetch, WebSocket, the caches, mocks and interceptors at
 * start-up, about 1 G instructions of a 1,400-record plan (bench/README.md, part 2), none of which
 * zonectl uses. The index's only work that `Pool#request` needs is the one line putting the
 * request API on the dispatcher prototype (`Object.assign(Dispatcher.prototype, api)`), done here
 * for `request` alone, and left as it is when the whole library was loaded too (same functions).
 * undici is pinned and bundled (package.json), so these module paths are fixed with it;
 * test/api/undici-pool.test.ts checks that the method is undici's own.
 */
import Dispatcher from 'undici/lib/dispatcher/dispatcher.js';
import request from 'undici/lib/api/api-request.js';
import Pool from 'undici/lib/dispatcher/pool.js';

const prototype = Dispatcher.prototype as { request?: unknown };
prototype.request ??= request;

export { Pool };
