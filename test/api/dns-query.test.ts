/**
 * src/api/dns/query.ts: one question to one nameserver, against the emulator's DNS listener
 * (UDP, TCP after truncation, negative answers) and against hostile loopback servers (a reply
 * with another id or from another port is ignored, a silent server times out, bytes that could
 * drive a terminal come back escaped).
 */
import { createSocket, type Socket } from 'node:dgram';
import packet from 'dns-packet';
import { afterEach, describe, expect, it } from 'vitest';
import { DnsQueryError, queryNameserver } from '../../src/api/dns/index.js';
import { startEmulator, type RunningEmulator } from '../../src/emulator/server.js';

const TOKEN = 'dns-query-test-token-0123456789';
let emu: RunningEmulator | undefined;
const sockets: Socket[] = [];
afterEach(async () => {
  for (const s of sockets.splice(0)) s.close();
  await emu?.close();
  emu = undefined;
});

async function post(e: RunningEmulator, body: Record<string, unknown>): Promise<void> {
  const res = await fetch(`${e.baseUrl}/zones/${e.zones[0].id}/dns_records`, {
    method: 'POST',
    headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(res.status).toBe(200);
}

describe('queryNameserver against the emulator', () => {
  it('asks over UDP and reads the answer in presentation form', async () => {
    emu = await startEmulator({ zones: ['example.com'], token: TOKEN, dnsPort: 0 });
    await post(emu, { type: 'A', name: 'www', content: '192.0.2.1', ttl: 600 });
    await post(emu, { type: 'MX', name: '@', content: 'mx.example.net', priority: 10, ttl: 1 });
    const server = { address: emu.dns!.host, port: emu.dns!.port };
    expect(await queryNameserver(server, 'www.example.com', 'A')).toEqual({
      rcode: 'NOERROR',
      aa: true,
      answer: [{ name: 'www.example.com', type: 'A', ttl: 600, data: '192.0.2.1' }],
      authority: [],
      transport: 'udp',
    });
    expect((await queryNameserver(server, 'example.com', 'MX')).answer).toEqual([
      { name: 'example.com', type: 'MX', ttl: 300, data: '10 mx.example.net.' },
    ]);
    const missing = await queryNameserver(server, 'nope.example.com', 'A');
    expect(missing).toMatchObject({ rcode: 'NXDOMAIN', answer: [], transport: 'udp' });
    expect(missing.authority.map((r) => r.type)).toEqual(['SOA']);
    expect((await queryNameserver(server, 'www.example.com', 'TXT')).rcode).toBe('NOERROR');
  });

  it('asks again over TCP when the UDP answer is truncated, and reads it whole', async () => {
    emu = await startEmulator({ zones: ['example.com'], token: TOKEN, dnsPort: 0 });
    const strings = Array.from({ length: 12 }, (_, i) => `"${String(i).padStart(2, '0')}${'x'.repeat(200)}"`);
    for (const content of strings) await post(emu, { type: 'TXT', name: 'big', content, ttl: 300 });
    const reply = await queryNameserver({ address: emu.dns!.host, port: emu.dns!.port }, 'big.example.com', 'TXT');
    expect(reply.transport).toBe('tcp');
    expect(reply.answer.map((r) => r.data).sort()).toEqual(strings.sort());
  });
});

/** A loopback UDP server answering each query with what `answer` makes of it (nothing when undefined). */
async function fakeServer(
  answer: (query: ReturnType<typeof packet.decode>, send: (msg: Buffer, port?: number) => void) => void,
): Promise<number> {
  const socket = createSocket('udp4');
  sockets.push(socket);
  socket.on('message', (msg, from) => {
    answer(packet.decode(msg), (reply, port) => {
      if (port === undefined) socket.send(reply, from.port, from.address);
      else {
        // From another port: a second socket.
        const other = createSocket('udp4');
        sockets.push(other);
        other.bind(port, '127.0.0.1', () => other.send(reply, from.port, from.address));
      }
    });
  });
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  return socket.address().port;
}

const responseTo = (q: ReturnType<typeof packet.decode>, extra: Partial<packet.Packet> = {}): Buffer =>
  packet.encode({
    type: 'response',
    id: q.id,
    flags: packet.AUTHORITATIVE_ANSWER,
    questions: q.questions,
    answers: [{ name: 'www.example.com', type: 'A', ttl: 60, data: '192.0.2.5' }],
    ...extra,
  });

describe('queryNameserver against hostile servers', () => {
  it('ignores a reply with another id or for another question, and takes the real one', async () => {
    const port = await fakeServer((q, send) => {
      send(
        responseTo(
          { ...q, id: ((q.id ?? 0) + 1) % 65536 },
          { answers: [{ name: 'www.example.com', type: 'A', ttl: 60, data: '203.0.113.66' }] },
        ),
      );
      send(
        responseTo(
          { ...q, questions: [{ name: 'evil.example.com', type: 'A', class: 'IN' }] },
          { answers: [{ name: 'evil.example.com', type: 'A', ttl: 60, data: '203.0.113.67' }] },
        ),
      );
      send(responseTo(q));
    });
    const reply = await queryNameserver({ address: '127.0.0.1', port }, 'www.example.com', 'A');
    expect(reply.answer).toEqual([{ name: 'www.example.com', type: 'A', ttl: 60, data: '192.0.2.5' }]);
  });

  it('times out on a server that never answers (and on one that answers from another port only)', async () => {
    const silent = await fakeServer(() => {});
    await expect(queryNameserver({ address: '127.0.0.1', port: silent }, 'www.example.com', 'A', { timeoutMs: 300 })).rejects.toThrow(
      new DnsQueryError(`no answer from 127.0.0.1:${silent} over UDP within 300 ms`),
    );
    const elsewhere = await fakeServer((q, send) => send(responseTo(q), 0));
    await expect(
      queryNameserver({ address: '127.0.0.1', port: elsewhere }, 'www.example.com', 'A', { timeoutMs: 300 }),
    ).rejects.toMatchObject({
      code: 'DNS_QUERY',
    });
  });

  it('a port nobody listens on is refused, and the error says the server cannot be reached (not a timeout)', async () => {
    const socket = createSocket('udp4');
    await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
    const port = socket.address().port;
    await new Promise<void>((resolve) => socket.close(() => resolve()));
    const failed = await queryNameserver({ address: '127.0.0.1', port }, 'www.example.com', 'A', { timeoutMs: 60_000 }).then(
      () => undefined,
      (err: unknown) => err,
    );
    expect(failed).toBeInstanceOf(DnsQueryError);
    expect(failed).toMatchObject({
      unreachable: true,
      message: `UDP to 127.0.0.1:${port} failed: connection refused (ECONNREFUSED)`,
    });
  });

  it('escapes what could drive a terminal', async () => {
    const port = await fakeServer((q, send) =>
      send(
        responseTo(q, {
          answers: [
            { name: 'www.example.com', type: 'CNAME', ttl: 60, data: 'evil\u001b]0;pwned\u0007.example.net' },
            { name: 'www.example.com', type: 'TXT', ttl: 60, data: ['\u001b[2Jcleared'] },
          ],
        }),
      ),
    );
    const reply = await queryNameserver({ address: '127.0.0.1', port }, 'www.example.com', 'A');
    expect(reply.answer.map((r) => r.data)).toEqual(['evil\\027]0;pwned\\007.example.net.', '"\\027[2Jcleared"']);
    for (const r of reply.answer) expect(r.data).not.toMatch(/[\u0000-\u001f\u007f-\uffff]/);
  });
});
