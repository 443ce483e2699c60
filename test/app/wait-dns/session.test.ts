/**
 * The wait-dns session against the emulator's two nameservers, the second held (the emulator's
 * deterministic control, src/emulator/README.md "Several nameservers, lag and hold"): the first
 * serves the change at once, the second only once released. Time is an injected clock that the
 * test moves: nothing sleeps, and the deadline passes without waiting for it.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { CloudflareClient } from '../../../src/api/client.js';
import { findZone, readLiveRecords } from '../../../src/api/live.js';
import type { Clock } from '../../../src/api/rate-limiter.js';
import { parseNameserver, runWaitDns, type WaitDnsEvent, type WaitDnsResult } from '../../../src/app/wait-dns/index.js';
import type { CanonicalRecord } from '../../../src/core/model/record.js';
import { expectedAnswers, zoneViewAfter, type Expectation } from '../../../src/core/propagation/index.js';
import { startEmulator, type RunningEmulator } from '../../../src/emulator/server.js';
import { waitUntil } from '../../support/wait-until.js';

const TOKEN = 'wait-dns-test-token-0123456789';
const ZONE = 'example.com';

/** A clock only the test moves: `sleep` resolves when `advance` passes its time. */
class ManualClock implements Clock {
  private t = 0;
  private waiters: Array<{ at: number; resolve: () => void }> = [];
  sleeps = 0;
  now(): number {
    return this.t;
  }
  sleep(ms: number): Promise<void> {
    this.sleeps += 1;
    return new Promise((resolve) => this.waiters.push({ at: this.t + ms, resolve }));
  }
  get sleeping(): boolean {
    return this.waiters.length > 0;
  }
  advance(ms: number): void {
    this.t += ms;
    const due = this.waiters.filter((w) => w.at <= this.t);
    this.waiters = this.waiters.filter((w) => w.at > this.t);
    for (const w of due) w.resolve();
  }
}

let emu: RunningEmulator | undefined;
let client: CloudflareClient | undefined;
afterEach(async () => {
  await client?.close();
  await emu?.close();
  emu = client = undefined;
});

interface Setup {
  readonly emu: RunningEmulator;
  readonly servers: string[];
  readonly expectations: Expectation[];
}

/**
 * Two nameservers, the second held; then a change through the API: `www` A created, `web` A
 * created proxied, `old` TXT deleted. The expectations are made as apply would: the zone read
 * back, the changed records.
 */
async function changeWithSecondHeld(): Promise<Setup> {
  emu = await startEmulator({ zones: [ZONE], token: TOKEN, dnsPorts: [0, 0] });
  client = new CloudflareClient({ baseUrl: emu.baseUrl, credentials: { kind: 'token', token: TOKEN }, limiter: null });
  const zone = await findZone(client, ZONE);
  const records = `/zones/${zone.id}/dns_records`;
  const old = await client.request<{ id: string }>('POST', records, { body: { type: 'TXT', name: 'old', content: '"bye"', ttl: 300 } });
  emu.nameservers[1]!.hold();
  await client.request('DELETE', `${records}/${old.result.id}`);
  await client.request('POST', records, { body: { type: 'A', name: 'www', content: '192.0.2.2', ttl: 1 } });
  await client.request('POST', records, { body: { type: 'A', name: 'web', content: '192.0.2.10', proxied: true } });

  const live = (await readLiveRecords(client, zone.id, ZONE)).records;
  const find = (name: string): CanonicalRecord => live.find((r) => r.name === name)!;
  const before: CanonicalRecord = { name: 'old.example.com', type: 'TXT', content: 'bye', ttl: 300, proxied: false };
  const view = zoneViewAfter({ zone: ZONE, records: live, flattenAllCnames: false, nameServers: (zone.name_servers as string[]) ?? [] });
  const expectations = expectedAnswers(view, [{ after: find('www.example.com') }, { after: find('web.example.com') }, { before }]);
  return { emu, servers: emu.nameservers.map((n) => `127.0.0.1:${n.port}`), expectations };
}

function record(): { events: WaitDnsEvent[]; output: { emit(e: WaitDnsEvent): void } } {
  const events: WaitDnsEvent[] = [];
  return { events, output: { emit: (e) => events.push(e) } };
}

describe('runWaitDns', () => {
  it('reports ns1 served and ns2 pending, and completes only once ns2 is released', async () => {
    const { emu, servers, expectations } = await changeWithSecondHeld();
    expect(expectations.map((e) => `${e.name} ${e.type} ${e.expect.kind}`)).toEqual([
      'old.example.com TXT absent',
      'web.example.com A service-addresses',
      'www.example.com A records',
    ]);
    const clock = new ManualClock();
    const { events, output } = record();
    let result: WaitDnsResult | undefined;
    const run = runWaitDns({ zone: ZONE, nameservers: servers, expectations, deadlineMs: 60_000, intervalMs: 1000 }, output, {
      clock,
    }).then((r) => (result = r));

    await waitUntil(() => clock.sleeping);
    const [ns1, ns2] = servers as [string, string];
    expect(events.map((e) => e.kind)).toEqual(['started', 'served', 'progress']);
    expect(events[1]).toEqual({ kind: 'served', server: ns1, total: 3 });
    expect(events[2]).toEqual({
      kind: 'progress',
      server: ns2,
      served: 0,
      total: 3,
      pending: [
        { name: 'old.example.com', type: 'TXT', why: 'answers TXT "bye" (TTL 300); expected NXDOMAIN or no records' },
        { name: 'web.example.com', type: 'A', why: "answers NXDOMAIN; expected the service's own addresses (proxied), TTL 300" },
        { name: 'www.example.com', type: 'A', why: 'answers NXDOMAIN; expected A 192.0.2.2 (TTL 300)' },
      ],
    });

    // Another round while ns2 is still held: nothing new to say, still waiting.
    clock.advance(1000);
    await waitUntil(() => clock.sleeps === 2 && clock.sleeping);
    expect(result).toBeUndefined();
    expect(events).toHaveLength(3);

    emu.nameservers[1]!.release();
    clock.advance(1000);
    await run;
    expect(result).toEqual({ status: 'served', servers: [ns1, ns2], skipped: [] });
    expect(events.slice(3)).toEqual([
      { kind: 'served', server: ns2, total: 3 },
      { kind: 'finished', result },
    ]);
  });

  it('gives the not-served report once the deadline passes, naming what is missing where', async () => {
    const { servers, expectations } = await changeWithSecondHeld();
    const clock = new ManualClock();
    const { events, output } = record();
    const run = runWaitDns({ zone: ZONE, nameservers: servers, expectations, deadlineMs: 30_000, intervalMs: 5000 }, output, { clock });
    await waitUntil(() => clock.sleeping);
    clock.advance(30_000);
    const result = await run;
    expect(result.status).toBe('not-served');
    if (result.status !== 'not-served') return;
    expect(result.notServed).toEqual([
      {
        server: servers[1],
        address: '127.0.0.1',
        checks: [
          { name: 'old.example.com', type: 'TXT', why: expect.stringMatching(/^answers TXT "bye"/) },
          { name: 'web.example.com', type: 'A', why: expect.stringMatching(/^answers NXDOMAIN/) },
          { name: 'www.example.com', type: 'A', why: expect.stringMatching(/^answers NXDOMAIN/) },
        ],
      },
    ]);
    expect(events.map((e) => e.kind)).toEqual(['started', 'served', 'progress', 'timed-out', 'finished']);
    expect(clock.now()).toBe(30_000);
  });

  it('resolves nameserver names through the lookup it is given, reports one that does not resolve, and skips what cannot be checked', async () => {
    const { emu, expectations } = await changeWithSecondHeld();
    emu.nameservers[1]!.release();
    const skipped: Expectation = { name: 'example.com', type: 'NS', expect: { kind: 'unverifiable', reason: 'not checkable' } };
    const lookup = async (host: string): Promise<string[]> => {
      if (host === 'ada.ns.test') return ['127.0.0.1'];
      throw Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' });
    };
    const { events, output } = record();
    const result = await runWaitDns(
      {
        zone: ZONE,
        nameservers: [`ada.ns.test:${emu.nameservers[0]!.port}`, 'gone.ns.test'],
        expectations: [...expectations, skipped],
        deadlineMs: 10_000,
      },
      output,
      { clock: new ManualClock(), lookup },
    );
    expect(events.slice(0, 3)).toEqual([
      expect.objectContaining({ kind: 'started', skipped: [{ name: 'example.com', type: 'NS', reason: 'not checkable' }] }),
      { kind: 'resolved', server: `ada.ns.test:${emu.nameservers[0]!.port}`, address: '127.0.0.1' },
      { kind: 'unresolved', server: 'gone.ns.test', why: 'gone.ns.test could not be resolved (ENOTFOUND)' },
    ]);
    // Ended because a nameserver cannot be asked, not by the deadline (issue 43 item 10).
    expect(result).toMatchObject({
      status: 'unreachable',
      notServed: [{ server: 'gone.ns.test', unresolved: 'gone.ns.test could not be resolved (ENOTFOUND)' }],
      skipped: [{ name: 'example.com', type: 'NS', reason: 'not checkable' }],
    });
  });

  it('stops between rounds when its signal is aborted', async () => {
    const { servers, expectations } = await changeWithSecondHeld();
    const clock = new ManualClock();
    const stop = new AbortController();
    const run = runWaitDns({ zone: ZONE, nameservers: servers, expectations, deadlineMs: 60_000, signal: stop.signal }, record().output, {
      clock,
    });
    await waitUntil(() => clock.sleeping);
    stop.abort();
    expect(await run).toMatchObject({ status: 'stopped', notServed: [{ server: servers[1] }] });
  });
});

describe('parseNameserver', () => {
  const good: ReadonlyArray<[string, { host: string; port: number }]> = [
    ['ns1.example.net', { host: 'ns1.example.net', port: 53 }],
    ['ns1.example.net.:5353', { host: 'ns1.example.net', port: 5353 }],
    ['192.0.2.1', { host: '192.0.2.1', port: 53 }],
    ['192.0.2.1:5301', { host: '192.0.2.1', port: 5301 }],
    ['2001:db8::1', { host: '2001:db8::1', port: 53 }],
    ['[2001:db8::1]:5353', { host: '2001:db8::1', port: 5353 }],
  ];
  it.each(good)('reads %s', (text, want) => expect(parseNameserver(text)).toMatchObject(want));

  const bad: ReadonlyArray<[string, string]> = [
    ['ns1.example.net:0', 'the port must be 1..65535'],
    ['ns1.example.net:99999', 'the port must be 1..65535'],
    ['[ns1.example.net]:53', 'brackets hold an IPv6 address'],
    ['bad host!', 'not a host name or an address'],
    ['', 'not a host name or an address'],
  ];
  it.each(bad)('refuses %j (BAD_ARGS)', (text, why) => {
    expect(() => parseNameserver(text)).toThrow(
      expect.objectContaining({ code: 'BAD_ARGS', message: expect.stringContaining(why) }) as unknown as Error,
    );
  });
});
