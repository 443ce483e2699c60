/**
 * One question to one authoritative nameserver: UDP first, the same question again over TCP
 * when the answer comes back truncated (RFC 1035 §4.2.1, RFC 7766 §5), with EDNS(0) and a
 * 1232-byte UDP size (RFC 6891; the size of DNS Flag Day 2020). No recursion is asked for (the
 * server is the zone's own). Wire format by dns-packet (read and write).
 *
 * The answer is untrusted: on UDP only a datagram from the server's address and port, with the
 * query's random id, the response flag and the same question, is taken (others are ignored,
 * RFC 5452 §9.1); a TCP answer is read to its announced length and no further (at most 65,535
 * bytes). Every name and value comes back in presentation form (present-rdata.ts) with bytes
 * outside printable ASCII escaped as `\DDD`, so it can be shown on a terminal as it is. The
 * question has one deadline, `timeoutMs`, for UDP and the TCP retry together (a timer of its own,
 * not a clock of the caller's: it bounds a silent server, it does not pace anything), so that a
 * caller with a deadline of its own can give a question what is left of it.
 *
 * The UDP socket is connected to the server, so that an ICMP "port unreachable" comes back as
 * ECONNREFUSED instead of silence: a server that refuses, or a network with no route to it, is an
 * error marked `unreachable` (nothing listens there; asking again soon will not help), apart from
 * a server that stays silent (a timeout) or answers something unusable.
 */
import { randomInt } from 'node:crypto';
import { createSocket, type RemoteInfo } from 'node:dgram';
import { connect, isIPv6 } from 'node:net';
import packet from 'dns-packet';
import { ZonectlError } from '../../core/errors.js';
import type { AnswerRecord, NameserverReply } from '../../core/propagation/index.js';
import { presentRdata, typeName } from './present-rdata.js';
import { isRecordType, wireCodeOf } from '../../core/record-types/index.js';

export interface DnsServer {
  /** An address (IPv4 or IPv6), not a name. */
  readonly address: string;
  readonly port: number;
}

export interface DnsReply extends NameserverReply {
  /** Authoritative answer (AA). */
  readonly aa: boolean;
  readonly transport: 'udp' | 'tcp';
}

export interface DnsQueryOptions {
  /** Deadline of the whole question (UDP, then TCP on truncation, within the same time), default 3 s. */
  readonly timeoutMs?: number;
}

export class DnsQueryError extends ZonectlError {
  /** The server cannot be reached at all (refused, no route): not a timeout, not a bad answer. */
  readonly unreachable: boolean;
  constructor(message: string, options: { readonly unreachable?: boolean } = {}) {
    super('DNS_QUERY', message);
    this.unreachable = options.unreachable === true;
  }
}

/** Socket errors that say the server cannot be reached (errno names, as Node gives them in `code`). */
const UNREACHABLE: Readonly<Record<string, string>> = {
  ECONNREFUSED: 'connection refused',
  ENETUNREACH: 'network unreachable',
  EHOSTUNREACH: 'host unreachable',
  ENETDOWN: 'network down',
  EHOSTDOWN: 'host down',
  EADDRNOTAVAIL: 'address not available',
  EACCES: 'not permitted',
  EPERM: 'not permitted',
};

/** The error of a socket to `server`: what happened in words and its errno name, never a stack. */
function socketError(transport: 'UDP' | 'TCP', server: DnsServer, err: Error): DnsQueryError {
  const code = (err as NodeJS.ErrnoException).code;
  const known = typeof code === 'string' ? UNREACHABLE[code] : undefined;
  if (known !== undefined) return new DnsQueryError(`${transport} to ${where(server)} failed: ${known} (${code})`, { unreachable: true });
  return new DnsQueryError(`${transport} to ${where(server)} failed: ${printable(err.message)}`);
}

const EDNS_UDP_SIZE = 1232;
const DEFAULT_TIMEOUT_MS = 3000;

type Decoded = ReturnType<typeof packet.decode>;

function encodeQuestion(id: number, name: string, type: string): Buffer {
  // A record type by its wire number (its definition); dns-packet knows some types only so.
  const number = isRecordType(type) ? wireCodeOf(type) : undefined;
  return packet.encode({
    type: 'query',
    id,
    flags: 0,
    questions: [{ name, type: (number !== undefined ? `UNKNOWN_${number}` : type) as packet.RecordType, class: 'IN' }],
    additionals: [
      { name: '.', type: 'OPT', udpPayloadSize: EDNS_UDP_SIZE, extendedRcode: 0, ednsVersion: 0, flags: 0, flag_do: false, options: [] },
    ],
  });
}

/** Bytes outside printable ASCII as `\DDD` (RFC 1035 §5.1), so that nothing from the wire can drive a terminal. */
export function printable(text: string): string {
  let out = '';
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    if (code >= 0x20 && code <= 0x7e) out += ch;
    else for (const byte of Buffer.from(ch, 'utf8')) out += `\\${String(byte).padStart(3, '0')}`;
  }
  return out;
}

const bare = (name: string): string => name.toLowerCase().replace(/\.$/, '');

function recordOf(a: packet.Answer): AnswerRecord {
  const raw = a as unknown as { name: string; type: string; ttl?: number; data: unknown };
  const type = typeName(raw.type);
  return { name: printable(bare(raw.name)), type: printable(type), ttl: raw.ttl ?? 0, data: printable(presentRdata(type, raw.data)) };
}

/** The decoded message when it answers this question, else undefined (not ours: ignored on UDP, an error on TCP). */
function matching(buf: Buffer, id: number, name: string, type: string): Decoded | undefined {
  let d: Decoded;
  try {
    d = packet.decode(buf);
  } catch {
    return undefined;
  }
  const q = d.questions?.[0];
  if (d.id !== id || d.type !== 'response' || d.questions?.length !== 1 || q === undefined) return undefined;
  return bare(q.name) === bare(name) && typeName(q.type) === type ? d : undefined;
}

function replyOf(d: Decoded, transport: 'udp' | 'tcp', where: string): DnsReply & { readonly tc: boolean } {
  try {
    return {
      rcode: printable(String((d as Decoded & { rcode?: string }).rcode ?? 'NOERROR')),
      aa: ((d.flags ?? 0) & packet.AUTHORITATIVE_ANSWER) !== 0,
      tc: ((d.flags ?? 0) & packet.TRUNCATED_RESPONSE) !== 0,
      answer: (d.answers ?? []).map(recordOf),
      authority: (d.authorities ?? []).map(recordOf),
      transport,
    };
  } catch (err) {
    throw new DnsQueryError(`the answer of ${where} could not be read: ${printable(err instanceof Error ? err.message : String(err))}`);
  }
}

function exchangeUdp(server: DnsServer, query: Buffer, accept: (msg: Buffer) => Decoded | undefined, timeoutMs: number): Promise<Decoded> {
  return new Promise((resolve, reject) => {
    const socket = createSocket(isIPv6(server.address) ? 'udp6' : 'udp4');
    let finished = false;
    const done = (err: Error | undefined, d?: Decoded): void => {
      if (finished) return;
      finished = true;
      clearTimeout(timer);
      socket.close();
      if (err !== undefined) reject(err);
      else resolve(d!);
    };
    const timer = setTimeout(() => done(new DnsQueryError(`no answer from ${where(server)} over UDP within ${timeoutMs} ms`)), timeoutMs);
    socket.on('error', (err) => done(socketError('UDP', server, err)));
    socket.on('message', (msg: Buffer, from: RemoteInfo) => {
      if (from.port !== server.port || from.address.replace(/^::ffff:/, '') !== server.address.replace(/^::ffff:/, '')) return;
      const d = accept(msg);
      if (d !== undefined) done(undefined, d);
    });
    // Connected, so that the kernel reports a refusal (ICMP port unreachable) as ECONNREFUSED.
    socket.once('connect', () => {
      if (!finished) socket.send(query);
    });
    socket.connect(server.port, server.address);
  });
}

function exchangeTcp(server: DnsServer, query: Buffer, timeoutMs: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: server.address, port: server.port });
    let got = Buffer.alloc(0);
    let finished = false;
    const done = (err: Error | undefined, msg?: Buffer): void => {
      if (finished) return;
      finished = true;
      clearTimeout(timer);
      socket.destroy();
      if (err !== undefined) reject(err);
      else resolve(msg!);
    };
    const timer = setTimeout(() => done(new DnsQueryError(`no answer from ${where(server)} over TCP within ${timeoutMs} ms`)), timeoutMs);
    socket.on('error', (err) => done(socketError('TCP', server, err)));
    socket.on('data', (chunk: Buffer) => {
      got = Buffer.concat([got, chunk]);
      if (got.length >= 2 && got.length >= 2 + got.readUInt16BE(0)) done(undefined, got.subarray(2, 2 + got.readUInt16BE(0)));
    });
    socket.on('end', () => done(new DnsQueryError(`${where(server)} closed the TCP connection before a whole answer`)));
    const framed = Buffer.alloc(2 + query.length);
    framed.writeUInt16BE(query.length);
    query.copy(framed, 2);
    socket.write(framed);
  });
}

export function where(server: DnsServer): string {
  return isIPv6(server.address) ? `[${server.address}]:${server.port}` : `${server.address}:${server.port}`;
}

/** Asks `server` for `name` `type` (a canonical name, a type zonectl knows). */
export async function queryNameserver(server: DnsServer, name: string, type: string, options: DnsQueryOptions = {}): Promise<DnsReply> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const startedAt = Date.now();
  const id = randomInt(0, 65536);
  const query = encodeQuestion(id, name, type);
  const accept = (msg: Buffer): Decoded | undefined => matching(msg, id, name, type);
  const { tc, ...udp } = replyOf(await exchangeUdp(server, query, accept, timeoutMs), 'udp', where(server));
  if (!tc) return udp;
  // The TCP retry gets what is left of the question's time, never a deadline of its own.
  const left = timeoutMs - (Date.now() - startedAt);
  if (left <= 0)
    throw new DnsQueryError(`no whole answer from ${where(server)} within ${timeoutMs} ms (truncated over UDP, no time left for TCP)`);
  const msg = await exchangeTcp(server, query, left);
  const d = accept(msg);
  if (d === undefined) throw new DnsQueryError(`${where(server)} answered another question over TCP`);
  const tcp = replyOf(d, 'tcp', where(server));
  return { rcode: tcp.rcode, aa: tcp.aa, answer: tcp.answer, authority: tcp.authority, transport: 'tcp' };
}
