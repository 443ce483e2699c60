/** A DNS client for the tests: dns-packet over UDP and TCP, answers rendered in presentation form. */
import { createSocket } from 'node:dgram';
import { connect } from 'node:net';
import packet from 'dns-packet';
import { presentRdata, typeName } from '../../src/api/dns/present-rdata.js';

export interface Rr {
  name: string;
  type: string;
  ttl: number;
  data: string;
}

export interface Reply {
  rcode: string;
  aa: boolean;
  tc: boolean;
  answer: Rr[];
  authority: Rr[];
  additional: Rr[];
  /** The OPT record's advertised UDP size, when the answer has one. */
  ednsUdpSize?: number;
  /** The answer OPT record's DO bit, when the answer has one. */
  dnssecOk?: boolean;
  size: number;
}

export interface QueryOptions {
  /** Send an OPT record with this UDP payload size. */
  edns?: number;
  /** Set the DO bit (RFC 3225) in the OPT record (needs `edns`). */
  dnssecOk?: boolean;
  transport?: 'udp' | 'tcp';
  id?: number;
}

let nextId = 1;

/** Types dns-packet cannot name in a question (its table lacks them). */
const UNNAMED: Record<string, string> = { SMIMEA: '53', OPENPGPKEY: '61', SVCB: '64', HTTPS: '65', URI: '256' };

export function encodeQuery(name: string, type: string, opts: QueryOptions = {}): Buffer {
  const number = /^TYPE(\d+)$/.test(type) ? type.slice(4) : UNNAMED[type];
  const qtype = number !== undefined ? `UNKNOWN_${number}` : type;
  return packet.encode({
    type: 'query',
    id: opts.id ?? (nextId = (nextId % 65535) + 1),
    flags: packet.RECURSION_DESIRED,
    questions: [{ name, type: qtype as packet.RecordType, class: 'IN' }],
    additionals:
      opts.edns !== undefined
        ? [
            {
              name: '.',
              type: 'OPT',
              udpPayloadSize: opts.edns,
              extendedRcode: 0,
              ednsVersion: 0,
              flags: opts.dnssecOk === true ? packet.DNSSEC_OK : 0,
              flag_do: opts.dnssecOk === true,
              options: [],
            },
          ]
        : [],
  });
}

type Decoded = ReturnType<typeof packet.decode>;

/** The response code dns-packet decodes (its typings leave it out). */
export function rcodeOf(d: Decoded): string {
  return String((d as Decoded & { rcode?: string }).rcode);
}

function rrOf(a: packet.Answer): Rr {
  const raw = a as unknown as { name: string; type: string; ttl: number; data: unknown };
  const type = typeName(raw.type);
  return { name: raw.name.toLowerCase(), type, ttl: raw.ttl, data: presentRdata(type, raw.data) };
}

export function readReply(buf: Buffer): Reply {
  const d: Decoded = packet.decode(buf);
  const opt = (d.additionals ?? []).find((a) => a.type === 'OPT') as { udpPayloadSize: number; flag_do?: boolean } | undefined;
  return {
    rcode: rcodeOf(d),
    aa: ((d.flags ?? 0) & packet.AUTHORITATIVE_ANSWER) !== 0,
    tc: ((d.flags ?? 0) & packet.TRUNCATED_RESPONSE) !== 0,
    answer: (d.answers ?? []).map(rrOf),
    authority: (d.authorities ?? []).map(rrOf),
    additional: (d.additionals ?? []).filter((a) => a.type !== 'OPT').map(rrOf),
    ...(opt !== undefined ? { ednsUdpSize: opt.udpPayloadSize, dnssecOk: opt.flag_do === true } : {}),
    size: buf.length,
  };
}

export function exchangeUdp(port: number, query: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const socket = createSocket('udp4');
    const timer = setTimeout(() => {
      socket.close();
      reject(new Error('no UDP answer'));
    }, 5000);
    socket.once('message', (msg) => {
      clearTimeout(timer);
      socket.close();
      resolve(msg);
    });
    socket.send(query, port, '127.0.0.1');
  });
}

export function exchangeTcp(port: number, query: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let got = Buffer.alloc(0);
    socket.on('error', reject);
    socket.on('data', (chunk: Buffer) => {
      got = Buffer.concat([got, chunk]);
      if (got.length >= 2 && got.length >= 2 + got.readUInt16BE(0)) {
        socket.end();
        resolve(got.subarray(2, 2 + got.readUInt16BE(0)));
      }
    });
    const framed = Buffer.alloc(2 + query.length);
    framed.writeUInt16BE(query.length);
    query.copy(framed, 2);
    socket.write(framed);
  });
}

export async function query(port: number, name: string, type: string, opts: QueryOptions = {}): Promise<Reply> {
  const q = encodeQuery(name, type, opts);
  return readReply(opts.transport === 'tcp' ? await exchangeTcp(port, q) : await exchangeUdp(port, q));
}

/** `name ttl type data` lines, sorted. */
export function lines(rrs: readonly Rr[]): string[] {
  return rrs.map((r) => `${r.name} ${r.ttl} ${r.type} ${r.data}`).sort();
}
