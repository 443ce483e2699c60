/**
 * One wait-dns run (`apply --wait-dns`, `zonectl wait-dns`): ask each of the zone's
 * authoritative nameservers, in rounds, for every name and type the plan changed until each
 * serves what the zone now holds (src/core/propagation/), or until the deadline. What the user
 * sees goes through the `WaitDnsOutput` passed in (./output.ts); the result says how the wait
 * ended (./output.ts `WaitDnsResult`: each outcome its own) and what is not served where. It
 * never ends the process.
 *
 * - The deadline bounds the whole wait, whatever the file holds (issue 39 item 1): no question
 *   starts once it has passed, each question's own timeout is at most the time left (UDP and the
 *   TCP retry together), and a round asks what it can within it (4 questions at a time); the
 *   checks a round did not reach are reported "not asked". Resolving a nameserver's name is
 *   bounded by it too.
 * - A check a nameserver served is not asked of it again (a nameserver does not go back).
 * - A question that gets no usable answer (a timeout, a broken reply) leaves the check pending,
 *   with the reason, and is asked again next round.
 * - A nameserver whose name does not resolve, or that cannot be reached (every question of a
 *   round refused or without a route: src/api/dns/query.ts), is reported at once and not asked
 *   again; the wait goes on for the others, and ends as `unreachable`, before the deadline, once
 *   the others are served: it says so, never that the deadline passed (issue 43 item 10).
 * - Between rounds the session sleeps on the injected clock (`intervalMs`, at most until the
 *   deadline); once the deadline is reached, the result is `not-served`.
 * - Expectations that cannot be checked from the zone (`unverifiable`) are reported, not waited
 *   for; with nothing left to check, the wait asks nothing and ends as `nothing`.
 */
import { runBounded } from '../../api/bounded.js';
import { DnsQueryError, queryNameserver, type DnsReply, type DnsServer } from '../../api/dns/index.js';
import { systemClock, type Clock } from '../../api/rate-limiter.js';
import { judgeReply, type Expectation } from '../../core/propagation/index.js';
import { addressOf, parseNameserver, systemLookup, type HostLookup, type NameserverSpec } from './nameservers.js';
import type { CheckRef, NotServed, PendingCheck, SkippedCheck, WaitDnsOutput, WaitDnsResult } from './output.js';

export interface WaitDnsRequest {
  /** Canonical zone name (for the report). */
  readonly zone: string;
  /** `HOST[:PORT]` each: `--nameserver`, or the zone's `name_servers`. */
  readonly nameservers: readonly string[];
  /** From `expectedAnswers` (src/core/propagation/expected-answers.ts). */
  readonly expectations: readonly Expectation[];
  /** How long to wait in all, from the start. */
  readonly deadlineMs: number;
  /** Between rounds (default 2 s). */
  readonly intervalMs?: number;
  /** Deadline of one question (default 3 s; never more than the time left). */
  readonly queryTimeoutMs?: number;
  /** Why there is nothing to wait for when `expectations` is empty (default: "no record to check"). */
  readonly nothingReason?: string;
  /** Stops the wait between rounds (SIGINT). */
  readonly signal?: AbortSignal;
}

/** What the session uses from outside, injected by tests. */
export interface WaitDnsDeps {
  readonly clock?: Clock;
  readonly lookup?: HostLookup;
  readonly query?: (server: DnsServer, name: string, type: string, options: { timeoutMs?: number }) => Promise<DnsReply>;
}

const DEFAULT_INTERVAL_MS = 2000;
const DEFAULT_QUERY_TIMEOUT_MS = 3000;
const QUESTIONS_IN_FLIGHT = 4;
const NOT_ASKED = 'not asked yet';
const NOT_ASKED_IN_TIME = 'not asked: the deadline passed first';

interface ServerState {
  readonly spec: NameserverSpec;
  readonly address?: string;
  readonly unresolved?: string;
  /** Set once every question of a round failed as unreachable: not asked again. */
  unreachable?: string;
  /** Checks not served yet, with what the server answered last. */
  readonly pending: Map<Expectation, string>;
  /** Served count at the last event (undefined before the first round). */
  lastReported?: number;
  done: boolean;
}

const ref = (e: Expectation): CheckRef => ({ name: e.name, type: e.type });
const pendingOf = (s: ServerState): PendingCheck[] => [...s.pending].map(([e, why]) => ({ ...ref(e), why }));
const cannotBeAsked = (s: ServerState): boolean => s.unresolved !== undefined || s.unreachable !== undefined;

function notServedOf(servers: readonly ServerState[]): NotServed[] {
  return servers
    .filter((s) => !s.done)
    .map((s) => ({
      server: s.spec.label,
      ...(s.address !== undefined ? { address: s.address } : {}),
      ...(s.unresolved !== undefined ? { unresolved: s.unresolved } : {}),
      ...(s.unreachable !== undefined ? { unreachable: s.unreachable } : {}),
      checks: pendingOf(s),
    }));
}

/**
 * One round at one server: its pending checks, at most QUESTIONS_IN_FLIGHT at a time, none
 * started once the deadline passed, each given at most the time left. Returns why the server
 * cannot be reached when every question asked failed so.
 */
async function askRound(
  server: ServerState,
  request: WaitDnsRequest,
  deadlineAt: number,
  clock: Clock,
  query: NonNullable<WaitDnsDeps['query']>,
): Promise<string | undefined> {
  const target: DnsServer = { address: server.address!, port: server.spec.port };
  const perQuestion = request.queryTimeoutMs ?? DEFAULT_QUERY_TIMEOUT_MS;
  let asked = 0;
  let unreachable: string | undefined;
  let unreachableCount = 0;
  await runBounded(
    [...server.pending.keys()],
    QUESTIONS_IN_FLIGHT,
    async (check) => {
      const left = deadlineAt - clock.now();
      if (left <= 0) return; // the deadline passed while this worker waited: ask nothing more
      asked += 1;
      let why: string;
      try {
        const verdict = judgeReply(check, await query(target, check.name, check.type, { timeoutMs: Math.min(perQuestion, left) }));
        if (verdict.served) {
          server.pending.delete(check);
          return;
        }
        why = verdict.why;
      } catch (err) {
        why = err instanceof Error ? err.message : String(err);
        if (err instanceof DnsQueryError && err.unreachable) {
          unreachableCount += 1;
          unreachable ??= why;
        }
      }
      server.pending.set(check, why);
    },
    () => deadlineAt - clock.now() <= 0,
  );
  return asked > 0 && unreachableCount === asked ? unreachable : undefined;
}

/** The wait's end when there is nothing to ask: said, and `nothing` (no question, no lookup). */
export function nothingToWaitFor(zone: string, reason: string, skipped: readonly SkippedCheck[], output: WaitDnsOutput): WaitDnsResult {
  output.emit({ kind: 'nothing', zone, reason, skipped });
  const result: WaitDnsResult = { status: 'nothing', reason, skipped };
  output.emit({ kind: 'finished', result });
  return result;
}

/** The nameserver's address, or why there is none; the lookup is waited for until the deadline at most. */
async function addressWithin(spec: NameserverSpec, lookup: HostLookup, leftMs: number): Promise<{ address: string } | { why: string }> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<{ why: string }>((resolve) => {
    timer = setTimeout(() => resolve({ why: `${spec.host} could not be resolved before the deadline` }), Math.max(0, leftMs));
  });
  try {
    return await Promise.race([addressOf(spec, lookup), late]);
  } finally {
    clearTimeout(timer);
  }
}

export async function runWaitDns(request: WaitDnsRequest, output: WaitDnsOutput, deps: WaitDnsDeps = {}): Promise<WaitDnsResult> {
  const clock = deps.clock ?? systemClock;
  const query = deps.query ?? queryNameserver;
  const specs = request.nameservers.map(parseNameserver);
  const checks = request.expectations.filter((e) => e.expect.kind !== 'unverifiable');
  const skipped: SkippedCheck[] = request.expectations.flatMap((e) =>
    e.expect.kind === 'unverifiable' ? [{ ...ref(e), reason: e.expect.reason }] : [],
  );
  if (checks.length === 0) {
    const reason =
      skipped.length > 0
        ? `none of the ${skipped.length === 1 ? 'changed name and type' : `${skipped.length} changed names and types`} can be checked from the zone`
        : (request.nothingReason ?? 'no record to check');
    return nothingToWaitFor(request.zone, reason, skipped, output);
  }
  const deadlineAt = clock.now() + request.deadlineMs;
  const finish = (result: WaitDnsResult): WaitDnsResult => {
    output.emit({ kind: 'finished', result });
    return result;
  };
  output.emit({
    kind: 'started',
    zone: request.zone,
    servers: specs.map((s) => s.label),
    checks: checks.map(ref),
    skipped,
    deadlineMs: request.deadlineMs,
  });

  const servers: ServerState[] = [];
  for (const spec of specs) {
    const found = await addressWithin(spec, deps.lookup ?? systemLookup, deadlineAt - clock.now());
    if ('why' in found) {
      output.emit({ kind: 'unresolved', server: spec.label, why: found.why });
      servers.push({ spec, unresolved: found.why, pending: new Map(checks.map((c) => [c, `not asked: ${found.why}`])), done: false });
      continue;
    }
    if (found.address !== spec.host) output.emit({ kind: 'resolved', server: spec.label, address: found.address });
    servers.push({ spec, address: found.address, pending: new Map(checks.map((c) => [c, NOT_ASKED])), done: false });
  }

  for (;;) {
    const asking = servers.filter((s) => !cannotBeAsked(s) && !s.done);
    const unreachable = await Promise.all(asking.map((s) => askRound(s, request, deadlineAt, clock, query)));
    asking.forEach((s, i) => {
      const why = unreachable[i];
      if (why !== undefined) {
        s.unreachable = why;
        output.emit({ kind: 'unreachable', server: s.spec.label, why });
        return;
      }
      const served = checks.length - s.pending.size;
      if (s.pending.size === 0) {
        s.done = true;
        output.emit({ kind: 'served', server: s.spec.label, total: checks.length });
      } else if (s.lastReported !== served) {
        output.emit({ kind: 'progress', server: s.spec.label, served, total: checks.length, pending: pendingOf(s) });
      }
      s.lastReported = served;
    });
    const left = deadlineAt - clock.now();
    if (servers.every((s) => s.done || cannotBeAsked(s))) {
      const notServed = notServedOf(servers);
      if (notServed.length === 0) return finish({ status: 'served', servers: specs.map((s) => s.label), skipped });
      // Ended because a nameserver cannot be asked, not by the deadline (unless that passed too).
      if (left > 0) return finish({ status: 'unreachable', notServed, skipped });
    }
    if (left <= 0) {
      for (const s of servers) for (const [check, why] of s.pending) if (why === NOT_ASKED) s.pending.set(check, NOT_ASKED_IN_TIME);
      const notServed = notServedOf(servers);
      output.emit({ kind: 'timed-out', notServed });
      return finish({ status: 'not-served', notServed, skipped });
    }
    await untilStopped(clock.sleep(Math.min(request.intervalMs ?? DEFAULT_INTERVAL_MS, left)), request.signal);
    if (request.signal?.aborted === true) return finish({ status: 'stopped', notServed: notServedOf(servers), skipped });
  }
}

/** The sleep, cut short by the stop signal. */
function untilStopped(sleep: Promise<void>, signal: AbortSignal | undefined): Promise<void> {
  if (signal === undefined) return sleep;
  return new Promise((resolve) => {
    const stop = (): void => resolve();
    signal.addEventListener('abort', stop, { once: true });
    void sleep.then(() => {
      signal.removeEventListener('abort', stop);
      resolve();
    });
  });
}
