/**
 * One authoritative DNS listener: UDP and TCP on one port (0 picks a free one), answering from
 * a zone source (the live store or a snapshot: nameservers.ts) through resolver.ts, signing
 * when the zone is signed and the query has the DO bit (sign-answer.ts), framed by message.ts.
 * TCP messages carry a two-byte length prefix and a connection may carry several (RFC 7766 §6.2.1).
 */
import { createSocket, type Socket as UdpSocket } from 'node:dgram';
import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import type { RecordRow } from '../records/record-row.js';
import { ANY, anyAnswer } from './any-answer.js';
import { answerMessage, type Question } from './message.js';
import { TYPE_NUMBERS } from './rdata.js';
import { REFUSED, ZoneResolver, type Answer } from './resolver.js';
import { signAnswer } from './sign-answer.js';
import type { ZoneSource } from './zone-catalog.js';

export interface DnsServerOptions {
  host: string;
  /** 0 picks a free port (the same for UDP and TCP). */
  port: number;
  /** The zones this listener serves now (read for every query). */
  source: () => ZoneSource;
  now: () => Date;
}

export interface RunningDnsServer {
  readonly host: string;
  readonly port: number;
  close(): Promise<void>;
}

const typeOf = (r: RecordRow): number => TYPE_NUMBERS[r.type];

export function answerQuestion(source: ZoneSource, q: Question, now: Date): Answer {
  const zone = source.zoneFor(q.name);
  if (zone === undefined) return REFUSED;
  const resolver = new ZoneResolver(zone, typeOf);
  const answer = q.type === ANY ? anyAnswer(resolver, q.name) : resolver.resolve(q.name, q.type);
  return q.dnssecOk === true ? signAnswer(answer, q, zone, resolver, now) : answer;
}

export async function startDnsServer(opts: DnsServerOptions): Promise<RunningDnsServer> {
  const answer = (q: Question): Answer => answerQuestion(opts.source(), q, opts.now());
  const family = opts.host.includes(':') ? 'udp6' : 'udp4';
  for (let attempt = 0; ; attempt += 1) {
    const udp = createSocket(family);
    await new Promise<void>((resolve, reject) => {
      udp.once('error', reject);
      udp.bind(opts.port, opts.host, () => {
        udp.off('error', reject);
        resolve();
      });
    });
    const port = udp.address().port;
    const sockets = new Set<Socket>();
    const tcp = createServer((socket) => {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      serveTcp(socket, answer);
    });
    try {
      await new Promise<void>((resolve, reject) => {
        tcp.once('error', reject);
        tcp.listen(port, opts.host, () => {
          tcp.off('error', reject);
          resolve();
        });
      });
    } catch (err) {
      udp.close();
      // A free UDP port whose TCP twin is taken: try another (only when the port was ours to pick).
      if (opts.port === 0 && attempt < 10) continue;
      throw err;
    }
    serveUdp(udp, answer);
    return { host: opts.host, port: (tcp.address() as AddressInfo).port, close: () => closeBoth(udp, tcp, sockets) };
  }
}

function serveUdp(udp: UdpSocket, answer: (q: Question) => Answer): void {
  udp.on('message', (msg, peer) => {
    const reply = answerMessage(msg, 'udp', answer);
    if (reply !== undefined) udp.send(reply, peer.port, peer.address);
  });
  udp.on('error', () => {
    /* a failed send to one client does not stop the server */
  });
}

function serveTcp(socket: Socket, answer: (q: Question) => Answer): void {
  let pending = Buffer.alloc(0);
  socket.setTimeout(10_000, () => socket.destroy());
  socket.on('error', () => socket.destroy());
  socket.on('data', (chunk: Buffer) => {
    pending = Buffer.concat([pending, chunk]);
    while (pending.length >= 2) {
      const len = pending.readUInt16BE(0);
      if (pending.length < 2 + len) break;
      const msg = pending.subarray(2, 2 + len);
      pending = pending.subarray(2 + len);
      const reply = answerMessage(Buffer.from(msg), 'tcp', answer);
      if (reply === undefined) continue;
      const framed = Buffer.alloc(2 + reply.length);
      framed.writeUInt16BE(reply.length);
      reply.copy(framed, 2);
      socket.write(framed);
    }
  });
}

function closeBoth(udp: UdpSocket, tcp: Server, sockets: Set<Socket>): Promise<void> {
  return new Promise((resolve) => {
    udp.close(() => {
      tcp.close(() => resolve());
      for (const s of sockets) s.destroy();
    });
  });
}
