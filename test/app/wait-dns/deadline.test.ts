/**
 * Issue 39 item 1: the deadline of a wait bounds the whole wait, whatever the file holds. With
 * 200 records and a nameserver that never answers, the wait ran a round of every record (3 s a
 * question, 4 at a time: 150 s) before it looked at a deadline of 5 s. Now no question starts at or
 * after the deadline, no question's own timeout reaches past it, and the wait ends at it.
 *
 * Time is a clock only the test moves; the nameserver is a query function that never answers
 * (it fails when its timeout passes on that clock), recording when each question was asked and
 * with which timeout. Nothing sleeps for real, and nothing is asserted on wall time.
 */
import { describe, expect, it } from 'vitest';
import { DnsQueryError, type DnsServer } from '../../../src/api/dns/index.js';
import type { Clock } from '../../../src/api/rate-limiter.js';
import { runWaitDns, type WaitDnsEvent, type WaitDnsResult } from '../../../src/app/wait-dns/index.js';
import type { Expectation } from '../../../src/core/propagation/index.js';
import { waitUntil } from '../../support/wait-until.js';

/** A clock only the test moves: `sleep` resolves when the clock reaches its time. */
class ManualClock implements Clock {
  private t = 0;
  private waiters: Array<{ at: number; resolve: () => void }> = [];
  now(): number {
    return this.t;
  }
  sleep(ms: number): Promise<void> {
    return new Promise((resolve) => this.waiters.push({ at: this.t + Math.max(0, ms), resolve }));
  }
  get sleeping(): boolean {
    return this.waiters.length > 0;
  }
  /** Moves to the earliest sleeper's time and wakes everyone due then. */
  advanceToNext(): void {
    this.t = Math.max(this.t, Math.min(...this.waiters.map((w) => w.at)));
    const due = this.waiters.filter((w) => w.at <= this.t);
    this.waiters = this.waiters.filter((w) => w.at > this.t);
    for (const w of due) w.resolve();
  }
}

interface Question {
  readonly name: string;
  readonly at: number;
  readonly timeoutMs: number;
}

/** A nameserver that reads every question and never answers: each question fails at its own timeout. */
function silentNameserver(clock: ManualClock): {
  asked: Question[];
  query: (server: DnsServer, name: string, type: string, options: { timeoutMs?: number }) => Promise<never>;
} {
  const asked: Question[] = [];
  return {
    asked,
    query: async (server, name, _type, options) => {
      const timeoutMs = options.timeoutMs ?? 3000; // queryNameserver's own default
      asked.push({ name, at: clock.now(), timeoutMs });
      await clock.sleep(timeoutMs);
      throw new DnsQueryError(`no answer from ${server.address}:${server.port} over UDP within ${timeoutMs} ms`);
    },
  };
}

const records = (n: number): Expectation[] =>
  Array.from({ length: n }, (_, i) => ({
    name: `r${i}.example.com`,
    type: 'A',
    expect: { kind: 'records', answer: [{ name: `r${i}.example.com`, type: 'A', ttl: 300, data: '192.0.2.1' }] },
  }));

/** Runs the wait to its end, moving the clock whenever everything in flight sleeps on it. */
async function runToEnd(clock: ManualClock, start: () => Promise<WaitDnsResult>): Promise<WaitDnsResult> {
  let result: WaitDnsResult | undefined;
  void start().then((r) => (result = r));
  for (;;) {
    await waitUntil(() => result !== undefined || clock.sleeping);
    if (result !== undefined) break;
    clock.advanceToNext();
  }
  return result;
}

describe('the deadline bounds the whole wait (issue 39 item 1)', () => {
  it('200 records, a nameserver that never answers, a 5 s deadline: no question after the deadline, the wait ends at it', async () => {
    const clock = new ManualClock();
    const ns = silentNameserver(clock);
    const events: WaitDnsEvent[] = [];
    const deadlineMs = 5000;
    const result = await runToEnd(clock, () =>
      runWaitDns(
        { zone: 'example.com', nameservers: ['127.0.0.1:5301'], expectations: records(200), deadlineMs },
        { emit: (e) => events.push(e) },
        { clock, query: ns.query },
      ),
    );
    // Questions were asked, but none at or after the deadline, and none whose timeout reaches past it.
    expect(ns.asked.length).toBeGreaterThan(0);
    expect(ns.asked.filter((q) => q.at >= deadlineMs)).toEqual([]);
    expect(ns.asked.filter((q) => q.at + q.timeoutMs > deadlineMs)).toEqual([]);
    // A round asks what it can within the deadline: not every record.
    expect(ns.asked.length).toBeLessThan(200);
    // The wait ended at the deadline, saying so, with what is not served where.
    expect(clock.now()).toBe(deadlineMs);
    expect(result.status).toBe('not-served');
    expect(events.map((e) => e.kind)).toEqual(['started', 'progress', 'timed-out', 'finished']);
    if (result.status !== 'not-served') return;
    expect(result.notServed).toHaveLength(1);
    expect(result.notServed[0]!.checks).toHaveLength(200);
    expect(result.notServed[0]!.checks[0]!.why).toMatch(/^no answer from 127\.0\.0\.1:5301 over UDP within \d+ ms$/);
    expect(result.notServed[0]!.checks[199]!.why).toBe('not asked: the deadline passed first');
  });

  it('several rounds: each question is given at most the time left, and no round starts past the deadline', async () => {
    const clock = new ManualClock();
    const ns = silentNameserver(clock);
    const deadlineMs = 10_000;
    const result = await runToEnd(clock, () =>
      runWaitDns(
        {
          zone: 'example.com',
          nameservers: ['127.0.0.1:5301'],
          expectations: records(3),
          deadlineMs,
          intervalMs: 2000,
          queryTimeoutMs: 3000,
        },
        { emit: () => undefined },
        { clock, query: ns.query },
      ),
    );
    // Round 1 at 0 (3 s), round 2 at 5 s (3 s), round 3 at 10 s would be past it: the last
    // round's questions get what is left.
    expect(ns.asked.filter((q) => q.at >= deadlineMs)).toEqual([]);
    expect(ns.asked.filter((q) => q.at + q.timeoutMs > deadlineMs)).toEqual([]);
    expect(new Set(ns.asked.map((q) => q.at))).toEqual(new Set([0, 5000]));
    expect(clock.now()).toBe(deadlineMs);
    expect(result.status).toBe('not-served');
  });
});
