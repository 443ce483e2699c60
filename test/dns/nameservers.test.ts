/**
 * Several nameservers (`dnsPorts` / `--dns-port` repeated), and each one's view: held (the
 * deterministic test control: hold, publish, release) and lagging (`dnsLagMs` / `--dns-lag`),
 * so that "the first nameserver serves the change, the second not yet" is observable without
 * waiting for a clock.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../src/emulator/server.js';
import { runCli } from '../support/run-cli.js';
import { spawnCli } from '../support/spawn-cli.js';
import { query } from './wire-client.js';

const TOKEN = 'nameservers-test-token-0123456789';
let emu: RunningEmulator | undefined;
afterEach(async () => {
  await emu?.close();
  emu = undefined;
});

async function addA(e: RunningEmulator, name: string, content: string): Promise<void> {
  const res = await fetch(`${e.baseUrl}/zones/${e.zones[0].id}/dns_records`, {
    method: 'POST',
    headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify({ type: 'A', name, content, ttl: 300 }),
  });
  expect(res.status).toBe(200);
}

/** What a nameserver answers for `name` A, over UDP and TCP alike. */
async function answerAt(port: number, name: string): Promise<string> {
  const [udp, tcp] = [await query(port, name, 'A'), await query(port, name, 'A', { transport: 'tcp' })];
  const show = (r: typeof udp) => (r.rcode === 'NOERROR' ? r.answer.map((a) => a.data).join(',') : r.rcode);
  expect(show(tcp)).toBe(show(udp));
  return show(udp);
}

const serial = async (port: number): Promise<string> => (await query(port, 'example.com', 'SOA')).answer[0]!.data.split(' ')[2]!;

describe('several nameservers', () => {
  it('each listener serves every zone; the first is `dns`, all are in `nameservers`', async () => {
    emu = await startEmulator({ zones: ['example.com'], token: TOKEN, dnsPorts: [0, 0] });
    expect(emu.nameservers.map((n) => n.index)).toEqual([0, 1]);
    expect(emu.dns).toEqual({ host: '127.0.0.1', port: emu.nameservers[0]!.port });
    expect(emu.nameservers[0]!.port).not.toBe(emu.nameservers[1]!.port);
    await addA(emu, 'www', '192.0.2.1');
    for (const ns of emu.nameservers) expect(await answerAt(ns.port, 'www.example.com')).toBe('192.0.2.1');
  });

  it('a held nameserver serves the zone as it was until publish or release; the other serves the write at once', async () => {
    emu = await startEmulator({ zones: ['example.com'], token: TOKEN, dnsPorts: [0, 0] });
    const [ns1, ns2] = emu.nameservers as [NonNullable<RunningEmulator['nameservers'][0]>, NonNullable<RunningEmulator['nameservers'][0]>];
    await addA(emu, 'www', '192.0.2.1');
    const before = await serial(ns2.port);
    ns2.hold();
    expect(ns2.held).toBe(true);
    await addA(emu, 'new', '192.0.2.2');
    expect(await answerAt(ns1.port, 'new.example.com')).toBe('192.0.2.2');
    expect(await answerAt(ns2.port, 'new.example.com')).toBe('NXDOMAIN');
    expect(await serial(ns2.port)).toBe(before);
    expect(Number(await serial(ns1.port))).toBeGreaterThan(Number(before));

    ns2.publish();
    expect(ns2.held).toBe(true);
    expect(await answerAt(ns2.port, 'new.example.com')).toBe('192.0.2.2');
    await addA(emu, 'later', '192.0.2.3');
    expect(await answerAt(ns2.port, 'later.example.com')).toBe('NXDOMAIN');

    ns2.release();
    expect(ns2.held).toBe(false);
    expect(await answerAt(ns2.port, 'later.example.com')).toBe('192.0.2.3');
    await addA(emu, 'live', '192.0.2.4');
    expect(await answerAt(ns2.port, 'live.example.com')).toBe('192.0.2.4');
  });

  it('a lagging nameserver still serves the old answer right after a write; the other does not lag', async () => {
    // A lag far longer than any test run: what is checked is "not yet", never the clock.
    emu = await startEmulator({ zones: ['example.com'], token: TOKEN, dnsPorts: [0, 0], dnsLagMs: [0, 3_600_000] });
    await addA(emu, 'www', '192.0.2.1');
    expect(await answerAt(emu.nameservers[0]!.port, 'www.example.com')).toBe('192.0.2.1');
    expect(await answerAt(emu.nameservers[1]!.port, 'www.example.com')).toBe('NXDOMAIN');
    expect(emu.nameservers.map((n) => n.lagMs)).toEqual([0, 3_600_000]);
    // The test control wins over the lag: publish shows the write now.
    emu.nameservers[1]!.hold();
    emu.nameservers[1]!.publish();
    expect(await answerAt(emu.nameservers[1]!.port, 'www.example.com')).toBe('192.0.2.1');
  });

  it('a held nameserver keeps serving the DNSSEC state it had (signed or not)', async () => {
    emu = await startEmulator({ zones: ['example.com'], token: TOKEN, dnsPorts: [0, 0] });
    await addA(emu, 'www', '192.0.2.1');
    emu.nameservers[1]!.hold();
    const res = await fetch(`${emu.baseUrl}/zones/${emu.zones[0].id}/dnssec`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
      body: '{"status":"active"}',
    });
    expect(res.status).toBe(200);
    const types = async (port: number) =>
      (await query(port, 'www.example.com', 'A', { edns: 1232, dnssecOk: true })).answer.map((r) => r.type);
    expect(await types(emu.nameservers[0]!.port)).toEqual(['A', 'RRSIG']);
    expect(await types(emu.nameservers[1]!.port)).toEqual(['A']);
  });
});

describe('zonectl emulator --dns-port (repeated) --dns-lag', () => {
  it('prints one line per nameserver, and each answers', async () => {
    const args = ['emulator', '--port', '0', '--dns-port', '0', '--dns-port', '0'];
    const cli = spawnCli([...args, '--dns-lag', '0,30', '--zone', 'example.com', '--token', TOKEN], {});
    const first = /emulator: DNS on 127\.0\.0\.1 port (\d+) \(UDP and TCP\)/;
    const second = /emulator: DNS nameserver 2 on 127\.0\.0\.1 port (\d+) \(UDP and TCP\)/;
    await cli.waitForStderr(first);
    await cli.waitForStderr(second);
    const ports = [first, second].map((line) => Number(line.exec(cli.stderr())?.[1]));
    for (const port of ports) expect((await query(port, 'example.com', 'SOA')).rcode).toBe('NOERROR');
    cli.child.kill('SIGTERM');
    expect((await cli.done).code).toBe(0);
  });

  it('refuses --dns-lag without --dns-port, or with as many values as no nameservers', async () => {
    const alone = await runCli(['emulator', '--port', '0', '--dns-lag', '5']);
    expect(alone.code).toBe(1);
    expect(alone.stderr).toBe('zonectl: error[BAD_FLAG]: --dns-lag needs --dns-port: the lag is that of the DNS nameservers\n');
    const mismatch = await runCli(['emulator', '--port', '0', '--dns-port', '0', '--dns-lag', '1,2,3']);
    expect(mismatch.code).toBe(1);
    expect(mismatch.stderr).toContain('--dns-lag has 3 values for 1 --dns-port nameservers');
    const bad = await runCli(['emulator', '--port', '0', '--dns-port', '0', '--dns-lag', 'soon']);
    expect(bad.code).not.toBe(0);
    expect(bad.stderr).toContain('--dns-lag must be SECONDS');
  });
});
