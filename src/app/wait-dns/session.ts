/**
 * One wait-dns run (`apply --wait-dns`, `zonectl wait-dns`): ask each of the zone's
 * authoritative nameservers, in rounds, for every name and type the plan changed until each
 * serves what the zone now holds (src/core/propagation/), or until the deadline. What the user
 * sees goes through the `WaitDnsOutput` passed in (./output.ts); the result says whether every
 * nameserver served everything, and what is not served where. It never ends the process.
 *
 * - A check a nameserver served is not asked of it again (a nameserver does not go back).
 * - A question that gets no usable answer (a timeout, a broken reply) leaves the check pending,
 *   with the reason, and is asked again next round.
 * - A nameserver whose name does not resolve is reported at once and counted as not served; the
 *   wait goes on for the others.
 * - Between rounds the session sleeps on the injected clock (`intervalMs`, at most until the
 *   deadline); once a round ends at or past the deadline, the result is `not-served`.
 * - Expectations that cannot be checked from the zone (`unverifiable`) are reported, not waited for.
 */
import { mapBounded } from '../../api/bounded.js';
import { queryNameserver, type DnsReply, type DnsServer } from '../../api/dns/index.js';
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
  /** Deadline of one question (default 3 s). */
  readonly queryTimeoutMs?: number;
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
const QUESTIONS_IN_FLIGHT = 4;

interface ServerState {
  readonly spec: NameserverSpec;
  readonly address?: string;
  readonly unresolved?: string;
  /** Checks not served yet, with what the server answered last. */
  readonly pending: Map<Expectation, string>;
  /** Served count at the last event (undefined before the first round). */
  lastReported?: number;
  done: boolean;
}

const ref = (e: Expectation): CheckRef => ({ name: e.name, type: e.type });
const pendingOf = (s: ServerState): PendingCheck[] => [...s.pending].map(([e, why]) => ({ ...ref(e), why }));

function notServedOf(servers: readonly ServerState[]): NotServed[] {
  return servers
    .filter((s) => !s.done)
    .map((s) => ({
      server: s.spec.label,
      ...(s.address !== undefined ? { address: s.address } : {}),
      ...(s.unresolved !== undefined ? { unresolved: s.unresolved } : {}),
      checks: pendingOf(s),
    }));
}

async function askRound(server: ServerState, request: WaitDnsRequest, query: NonNullable<WaitDnsDeps['query']>): Promise<void> {
  const target: DnsServer = { address: server.address!, port: server.spec.port };
  const options = request.queryTimeoutMs !== undefined ? { timeoutMs: request.queryTimeoutMs } : {};
  await mapBounded([...server.pending.keys()], QUESTIONS_IN_FLIGHT, async (check) => {
    let why: string;
    try {
      const verdict = judgeReply(check, await query(target, check.name, check.type, options));
      if (verdict.served) {
        server.pending.delete(check);
        return;
      }
      why = verdict.why;
    } catch (err) {
      why = err instanceof Error ? err.message : String(err);
    }
    server.pending.set(check, why);
  });
}

export async function runWaitDns(request: WaitDnsRequest, output: WaitDnsOutput, deps: WaitDnsDeps = {}): Promise<WaitDnsResult> {
  const clock = deps.clock ?? systemClock;
  const query = deps.query ?? queryNameserver;
  const specs = request.nameservers.map(parseNameserver);
  const checks = request.expectations.filter((e) => e.expect.kind !== 'unverifiable');
  const skipped: SkippedCheck[] = request.expectations.flatMap((e) =>
    e.expect.kind === 'unverifiable' ? [{ ...ref(e), reason: e.expect.reason }] : [],
  );
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
    const found = await addressOf(spec, deps.lookup ?? systemLookup);
    if ('why' in found) {
      output.emit({ kind: 'unresolved', server: spec.label, why: found.why });
      servers.push({ spec, unresolved: found.why, pending: new Map(checks.map((c) => [c, `not asked: ${found.why}`])), done: false });
      continue;
    }
    if (found.address !== spec.host) output.emit({ kind: 'resolved', server: spec.label, address: found.address });
    servers.push({ spec, address: found.address, pending: new Map(checks.map((c) => [c, 'not asked yet'])), done: false });
  }

  for (;;) {
    const asking = servers.filter((s) => s.unresolved === undefined && !s.done);
    await Promise.all(asking.map((s) => askRound(s, request, query)));
    for (const s of asking) {
      const served = checks.length - s.pending.size;
      if (s.pending.size === 0) {
        s.done = true;
        output.emit({ kind: 'served', server: s.spec.label, total: checks.length });
      } else if (s.lastReported !== served) {
        output.emit({ kind: 'progress', server: s.spec.label, served, total: checks.length, pending: pendingOf(s) });
      }
      s.lastReported = served;
    }
    if (servers.every((s) => s.done || s.unresolved !== undefined)) {
      const notServed = notServedOf(servers);
      return finish(
        notServed.length === 0
          ? { status: 'served', servers: specs.map((s) => s.label), skipped }
          : { status: 'not-served', notServed, skipped },
      );
    }
    const left = deadlineAt - clock.now();
    if (left <= 0) {
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
