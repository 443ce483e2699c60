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
import { setFlagsFromString } from 'node:v8';
import Dispatcher from 'undici/lib/dispatcher/dispatcher.js';
import request from 'undici/lib/api/api-request.js';
import Pool from 'undici/lib/dispatcher/pool.js';
import buildConnector from 'undici/lib/core/connect.js';

const prototype = Dispatcher.prototype as { request?: unknown };
prototype.request ??= request;

export { Pool };

/**
 * V8's default of `--wasm-tiering-budget` by V8 major version (deps/v8/src/flags/flag-definitions.h
 * of each: 1,800,000 in V8 11, 13,000,000 from V8 12), needed to put the flag back exactly.
 */
const DEFAULT_TIERING_BUDGET: Readonly<Record<string, number>> = { '11': 1_800_000, '12': 13_000_000, '13': 13_000_000 };
/** A budget no run of zonectl spends: the HTTP parser stays in V8's baseline code (Liftoff). */
const UNSPENT_TIERING_BUDGET = 2_000_000_000;

/** What the first connection of this process does to V8's flags: nothing yet, or done. */
let tieringWindow: 'pending' | 'done' = 'pending';

/**
 * Runs `connected` (undici's own continuation of a new connection) with V8's WebAssembly tiering
 * budget out of reach, the first time in this process. That continuation compiles undici's HTTP
 * parser (llhttp, WebAssembly) for the process; compiled with that budget, the parser never
 * becomes hot enough for V8 to recompile it with TurboFan in the background. That recompile is
 * about 0.5 G instructions on a helper thread for a 1,000-record plan, and Node waits for it
 * before the process exits (even through `process.exit`): 0.1-0.5 s after the plan has printed,
 * more on a busy machine (bench/README.md, part 4). Parsing a few answers in baseline code costs
 * far less. The flag is put back at once: V8 checks the hash of its flags before it uses the
 * code cache of Node's own modules, so a flag left changed would make every Node module loaded
 * later compile from source. Only where the default is known (the table above) and the user
 * set no tiering flag of their own (`node --wasm-tiering-budget=N zonectl ...`).
 */
function withUnspentTieringBudget(connected: () => void): void {
  const defaultBudget = DEFAULT_TIERING_BUDGET[process.versions.v8.split('.')[0] ?? ''];
  const userFlag = process.execArgv.some((arg) => /^--(wasm[-_]tiering[-_]budget|liftoff|no[-_]liftoff|wasm[-_]dynamic)/.test(arg));
  tieringWindow = 'done';
  if (defaultBudget === undefined || userFlag) {
    connected();
    return;
  }
  setFlagsFromString(`--wasm-tiering-budget=${UNSPENT_TIERING_BUDGET}`);
  try {
    connected();
  } finally {
    setFlagsFromString(`--wasm-tiering-budget=${defaultBudget}`);
  }
}

type Connector = ReturnType<typeof buildConnector>;

/**
 * undici's own connector with undici's defaults (what Pool builds when given no `connect`),
 * whose first successful connection in the process runs through `withUnspentTieringBudget`.
 */
export function poolConnector(): Connector {
  const connect = buildConnector({});
  return (options, callback) =>
    connect(options, (...result) => {
      if (result[0] === null && tieringWindow === 'pending') withUnspentTieringBudget(() => callback(...result));
      else callback(...result);
    });
}
