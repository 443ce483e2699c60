/**
 * A DNS response in wire form with name compression (RFC 1035 §4.1.4): an owner name, the
 * question's name, and the names inside the RDATA of the RFC 1035 types that allow it (NS,
 * CNAME, PTR, MX, SOA; RFC 3597 §4 forbids compression in any newer type) are written as a
 * pointer to an earlier copy of their longest known suffix. dns-packet's encoder writes every
 * name in full, so 40 A records of one name take 1,243 bytes instead of ~680; a real server
 * sends them whole under an EDNS payload of 1,232.
 */
import type { WireRr } from './wire.js';
import { u16, u32, u8 } from './wire.js';

export interface WireQuestion {
  readonly name: string;
  readonly type: number;
  readonly klass: number;
}

/** A resource record; the class is IN unless given (the OPT record carries its UDP size there). */
export interface WireRecord extends WireRr {
  readonly klass?: number;
}

export interface WireMessage {
  readonly id: number;
  readonly flags: number;
  readonly questions: readonly WireQuestion[];
  readonly answers: readonly WireRecord[];
  readonly authorities: readonly WireRecord[];
  readonly additionals: readonly WireRecord[];
}

/** Types whose RDATA holds names a server may compress (RFC 1035 §3.3, RFC 3597 §4). */
const NAME_TYPES: Readonly<Record<number, { readonly before: number; readonly names: number }>> = {
  2: { before: 0, names: 1 }, // NS
  5: { before: 0, names: 1 }, // CNAME
  12: { before: 0, names: 1 }, // PTR
  15: { before: 2, names: 1 }, // MX: preference, exchange
  6: { before: 0, names: 2 }, // SOA: mname, rname, then five integers
};

/** Pointers reach 14 bits of offset. */
const MAX_POINTER = 0x3fff;

/** Reads an uncompressed name at `at`: its labels and where it ends. */
function readLabels(buf: Buffer, at: number): { labels: string[]; end: number } | undefined {
  const labels: string[] = [];
  let i = at;
  while (i < buf.length) {
    const len = buf[i]!;
    if (len === 0) return { labels, end: i + 1 };
    if (len > 63 || i + 1 + len > buf.length) return undefined;
    labels.push(buf.toString('latin1', i + 1, i + 1 + len));
    i += 1 + len;
  }
  return undefined;
}

class MessageWriter {
  private readonly parts: Buffer[] = [];
  private length = 0;
  /** Lower-case name suffix -> offset of its first copy. */
  private readonly seen = new Map<string, number>();

  bytes(b: Buffer): void {
    this.parts.push(b);
    this.length += b.length;
  }

  get offset(): number {
    return this.length;
  }

  labels(labels: readonly string[]): void {
    for (let i = 0; i < labels.length; i += 1) {
      const key = labels.slice(i).join('.').toLowerCase();
      const at = this.seen.get(key);
      if (at !== undefined) {
        this.bytes(u16(0xc000 | at));
        return;
      }
      if (this.length <= MAX_POINTER) this.seen.set(key, this.length);
      const label = Buffer.from(labels[i]!, 'latin1');
      this.bytes(Buffer.concat([u8(label.length), label]));
    }
    this.bytes(u8(0));
  }

  name(host: string): void {
    const h = host.replace(/\.$/, '');
    this.labels(h === '' ? [] : h.split('.'));
  }

  /** RDATA, its names compressed where the type allows; unreadable names are written as they are. */
  rdata(type: number, rdata: Buffer): void {
    const shape = NAME_TYPES[type];
    if (shape === undefined) {
      this.bytes(rdata);
      return;
    }
    this.bytes(rdata.subarray(0, shape.before));
    let at = shape.before;
    for (let n = 0; n < shape.names; n += 1) {
      const read = readLabels(rdata, at);
      if (read === undefined) {
        this.bytes(rdata.subarray(at));
        return;
      }
      this.labels(read.labels);
      at = read.end;
    }
    this.bytes(rdata.subarray(at));
  }

  record(rr: WireRecord): void {
    this.name(rr.name);
    this.bytes(Buffer.concat([u16(rr.type), u16(rr.klass ?? 1), u32(rr.ttl)]));
    const lengthAt = this.parts.length;
    this.bytes(u16(0));
    const start = this.length;
    this.rdata(rr.type, rr.rdata);
    this.parts[lengthAt] = u16(this.length - start);
  }

  result(): Buffer {
    return Buffer.concat(this.parts, this.length);
  }
}

/** The message in wire form, names compressed. */
export function encodeMessage(m: WireMessage): Buffer {
  const w = new MessageWriter();
  w.bytes(
    Buffer.concat([
      u16(m.id),
      u16(m.flags),
      u16(m.questions.length),
      u16(m.answers.length),
      u16(m.authorities.length),
      u16(m.additionals.length),
    ]),
  );
  for (const q of m.questions) {
    w.name(q.name);
    w.bytes(Buffer.concat([u16(q.type), u16(q.klass)]));
  }
  for (const rr of [...m.answers, ...m.authorities, ...m.additionals]) w.record(rr);
  return w.result();
}
