/** A and AAAA (RFC 1035 §3.4.1, RFC 3596 §2.2): an address, four or sixteen bytes on the wire. */
import { parseIPv4, parseIPv6 } from '../../net/ip.js';
import { u16 } from '../../dns/wire.js';
import type { EmulatorRecordType } from './definition.js';
import { oneWord } from './zone-file-text.js';

export function ipv4Bytes(text: string): Buffer {
  return Buffer.from(parseIPv4(text)?.parts ?? [0, 0, 0, 0]);
}

export function ipv6Bytes(text: string): Buffer {
  return Buffer.concat((parseIPv6(text)?.parts ?? new Array<number>(8).fill(0)).map((p) => u16(p)));
}

export const A: EmulatorRecordType = { code: 1, rdata: (r) => ipv4Bytes(r.content ?? ''), zoneFile: oneWord };
export const AAAA: EmulatorRecordType = { code: 28, rdata: (r) => ipv6Bytes(r.content ?? ''), zoneFile: oneWord };
