/**
 * One DNS message in, one out (RFC 1035 §4.1), with dns-packet for the framing:
 * - a query that cannot be read answers FORMERR (when its header can be read), an opcode other
 *   than QUERY answers NOTIMP, a class other than IN (or ANY) answers REFUSED;
 * - EDNS(0) (RFC 6891): the client's UDP payload size is honoured (at least 512), the answer
 *   carries an OPT record advertising ours; an EDNS version other than 0 answers BADVERS;
 *   without EDNS a UDP answer is at most 512 bytes (RFC 1035 §4.2.1);
 * - an answer over the UDP limit is sent truncated: TC set, the question and OPT only, so the
 *   client retries over TCP, where the same query answers in full (RFC 7766 §5).
 * Answers are written with name compression (`compress.ts`, RFC 1035 §4.1.4), as a real server's.
 * The answerer answers ANY (any-answer.ts) and signs when the DO bit asks for it (sign-answer.ts).
 */
import packet from 'dns-packet';
// Static imports, so the bundle carries them (an installed zonectl has no node_modules to require from).
import classNames from 'dns-packet/classes.js';
import typeNames from 'dns-packet/types.js';
import { encodeMessage, type WireQuestion, type WireRecord } from './compress.js';
import { REFUSED, type Answer } from './resolver.js';

export const UDP_DEFAULT_LIMIT = 512;
/** What the emulator advertises in its OPT record (the DNS flag day 2020 value). */
export const EDNS_UDP_SIZE = 1232;

const RCODES = { NOERROR: 0, FORMERR: 1, NXDOMAIN: 3, NOTIMP: 4, REFUSED: 5 } as const;

export interface Question {
  /** Lower-case, no trailing dot. */
  readonly name: string;
  readonly type: number;
  /** The query's EDNS DO bit (RFC 3225): DNSSEC records wanted. */
  readonly dnssecOk?: boolean;
}

/** Answers one question (already known to be class IN). */
export type Answerer = (q: Question) => Answer;

interface Opt {
  readonly udpSize: number;
  readonly version: number;
  /** The DO bit (RFC 3225 §3), copied into the answer's OPT. */
  readonly dnssecOk: boolean;
}

type Decoded = ReturnType<typeof packet.decode>;

function optOf(query: Decoded): Opt | undefined {
  const opt = (query.additionals ?? []).find((a) => a.type === 'OPT') as
    | { udpPayloadSize?: number; ednsVersion?: number; flags?: number }
    | undefined;
  return opt === undefined
    ? undefined
    : {
        udpSize: Math.max(UDP_DEFAULT_LIMIT, opt.udpPayloadSize ?? 0),
        version: opt.ednsVersion ?? 0,
        dnssecOk: ((opt.flags ?? 0) & DO_BIT) !== 0,
      };
}

const OPT = 41;
/** The DO bit in the OPT record's flags (RFC 3225 §3). */
const DO_BIT = 0x8000;
/** RFC 9824 §3.5: an explicit query for the NXNAME meta-type answers FORMERR. */
const NXNAME = 128;
/** The header bit that makes a message a response. */
const QR = 0x8000;

/** Our OPT record (RFC 6891 §6.1.2): the UDP size in the class, the extended rcode in the TTL's top byte, the DO bit as asked. */
function optRecord(extendedRcode = 0, dnssecOk = false): WireRecord {
  return {
    name: '',
    type: OPT,
    klass: EDNS_UDP_SIZE,
    ttl: (extendedRcode & 0xff) * 0x1000000 + (dnssecOk ? DO_BIT : 0),
    rdata: Buffer.alloc(0),
  };
}

/** A class as dns-packet names it (`IN`, `ANY`, ... or `UNKNOWN_<n>`) as its number. */
function classNumber(name: string): number {
  const unknown = /^UNKNOWN_(\d+)$/.exec(name);
  return unknown ? Number(unknown[1]) : classNames.toClass(name);
}

function wireQuestion(q: packet.Question): WireQuestion {
  return { name: q.name, type: typeNames.toType(String(q.type)), klass: classNumber(String(q.class ?? 'IN')) };
}

interface Reply {
  id: number;
  flags: number;
  questions: packet.Question[];
  answers?: readonly WireRecord[];
  authorities?: readonly WireRecord[];
  additionals?: readonly WireRecord[];
}

function encode(r: Reply): Buffer {
  return encodeMessage({
    id: r.id,
    flags: r.flags | QR,
    questions: r.questions.map(wireQuestion),
    answers: r.answers ?? [],
    authorities: r.authorities ?? [],
    additionals: r.additionals ?? [],
  });
}

/** The header id and the bits copied back, of a message whose header is readable. */
function headerOf(buf: Buffer): { id: number; opcode: number; rd: number } | undefined {
  if (buf.length < 12) return undefined;
  const flags = buf.readUInt16BE(2);
  if (flags & 0x8000) return undefined; // a response: never answered
  return { id: buf.readUInt16BE(0), opcode: (flags >> 11) & 0xf, rd: flags & packet.RECURSION_DESIRED };
}

/** The answer to one message, or undefined when nothing should be sent back. */
export function answerMessage(buf: Buffer, transport: 'udp' | 'tcp', answer: Answerer): Buffer | undefined {
  const head = headerOf(buf);
  if (head === undefined) return undefined;
  const base = (rcode: number): number => (head.opcode << 11) | head.rd | rcode;
  let query: Decoded;
  try {
    query = packet.decode(buf);
  } catch {
    return encode({ id: head.id, flags: base(RCODES.FORMERR), questions: [] });
  }
  const questions = (query.questions ?? []) as packet.Question[];
  if (head.opcode !== 0) return encode({ id: head.id, flags: base(RCODES.NOTIMP), questions });
  if (questions.length !== 1) return encode({ id: head.id, flags: base(RCODES.FORMERR), questions });
  const opt = optOf(query);
  if (opt !== undefined && opt.version !== 0) {
    // BADVERS is 16: upper 8 bits (1) in the OPT record, lower 4 bits (0) in the header.
    return encode({ id: head.id, flags: base(0), questions, additionals: [optRecord(1)] });
  }
  const q = questions[0];
  const qname = q.name.toLowerCase().replace(/\.$/, '');
  const qtype = typeNames.toType(String(q.type));
  const dnssecOk = opt?.dnssecOk === true;
  const ourOpt = opt !== undefined ? [optRecord(0, dnssecOk)] : [];
  if (qtype === NXNAME) return encode({ id: head.id, flags: base(RCODES.FORMERR), questions, additionals: ourOpt });
  const klass = String(q.class ?? 'IN');
  const result = klass === 'IN' || klass === 'ANY' ? answer({ name: qname, type: qtype, dnssecOk }) : REFUSED;
  const flags = base(RCODES[result.rcode]) | (result.authoritative ? packet.AUTHORITATIVE_ANSWER : 0);
  const additionals = [...result.additional, ...ourOpt];
  const full = encode({ id: head.id, flags, questions, answers: result.answer, authorities: result.authority, additionals });
  const limit = transport === 'tcp' ? 65535 : (opt?.udpSize ?? UDP_DEFAULT_LIMIT);
  if (full.length <= limit) return full;
  return encode({ id: head.id, flags: flags | packet.TRUNCATED_RESPONSE, questions, additionals: ourOpt });
}
