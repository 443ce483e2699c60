/**
 * RDATA decoded by dns-packet (or left as bytes for the types it does not know) in DNS
 * presentation form, written the way zonectl's `resolve` prints it (host names absolute,
 * character-strings quoted with `\"`, `\\` and `\DDD` escapes, hex upper-case, base64), so
 * that the two can be compared as strings: what a nameserver answers against what the zone
 * should answer (src/core/propagation/, `wait-dns`), and the emulator's answers against
 * `zonectl resolve` in the DNS tests (test/dns/).
 */
import { quoteBytes } from '../../core/model/txt-strings.js';
import { isRecordType, presentAnswerRdata, typeOfWireCode } from '../../core/record-types/index.js';

/** A dns-packet type name with the types it does not name (UNKNOWN_65 ...) named: a record type by its wire number (its definition, src/core/record-types). */
export function typeName(t: string): string {
  const m = /^UNKNOWN_(\d+)$/.exec(t);
  return m ? (typeOfWireCode(Number(m[1])) ?? `TYPE${m[1]}`) : t;
}

export function abs(name: string): string {
  if (name === '' || name === '.') return '.';
  return `${name.toLowerCase()}.`.replace(/\.\.$/, '.');
}

/** One character-string quoted as zonectl prints it (the quoting is not what this test compares). */
export const quote = (bytes: Buffer): string => quoteBytes(bytes);

const hex = (b: Buffer): string => b.toString('hex').toUpperCase();

type Obj = Record<string, unknown>;

/**
 * An answer's RDATA in presentation form: a record type's by its definition (each type reads its
 * own, src/core/record-types); the answers no record of the service is (SOA, HINFO of an ANY
 * answer) here; any other as RFC 3597 unknown RDATA.
 */
export function presentRdata(type: string, data: unknown): string {
  if (isRecordType(type)) return presentAnswerRdata(type, data);
  const d = (data ?? {}) as Obj;
  switch (type) {
    case 'SOA':
      return `${abs(String(d.mname))} ${abs(String(d.rname).replace(/\\\./g, '.'))} ${d.serial} ${d.refresh} ${d.retry} ${d.expire} ${d.minimum}`;
    case 'HINFO':
      return `${quote(Buffer.from(String(d.cpu)))} ${quote(Buffer.from(String(d.os)))}`;
    default:
      return Buffer.isBuffer(data) ? `\\# ${data.length} ${hex(data)}` : JSON.stringify(data);
  }
}
