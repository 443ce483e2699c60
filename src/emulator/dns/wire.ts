/** Small builders of DNS wire bytes (RFC 1035 §3.1, §3.3): names, integers, character-strings; a resource record. */

/** A resource record of an answer: owner (lower-case, no trailing dot), type number, TTL, RDATA (names uncompressed). */
export interface WireRr {
  readonly name: string;
  /** Type number. */
  readonly type: number;
  readonly ttl: number;
  readonly rdata: Buffer;
}

/** A host name (lower-case, no trailing dot; "" or "." is the root) as uncompressed wire labels. */
export function nameBytes(host: string): Buffer {
  const labels = host === '' || host === '.' ? [] : host.replace(/\.$/, '').split('.');
  const parts: Buffer[] = [];
  for (const label of labels) {
    const bytes = Buffer.from(label, 'latin1');
    parts.push(Buffer.from([bytes.length]), bytes);
  }
  parts.push(Buffer.from([0]));
  return Buffer.concat(parts);
}

export function u8(n: number): Buffer {
  return Buffer.from([n & 0xff]);
}

export function u16(n: number): Buffer {
  const b = Buffer.alloc(2);
  b.writeUInt16BE(n & 0xffff);
  return b;
}

export function u32(n: number): Buffer {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n >>> 0);
  return b;
}

/** One character-string: a length byte and at most 255 bytes (longer input is cut). */
export function characterString(bytes: Buffer): Buffer {
  const cut = bytes.subarray(0, 255);
  return Buffer.concat([u8(cut.length), cut]);
}

/** Text as UTF-8 character-strings of at most 255 bytes each (at least one, possibly empty). */
export function characterStrings(bytes: Buffer): Buffer {
  if (bytes.length === 0) return u8(0);
  const parts: Buffer[] = [];
  for (let i = 0; i < bytes.length; i += 255) parts.push(characterString(bytes.subarray(i, i + 255)));
  return Buffer.concat(parts);
}

export function hexBytes(hex: string): Buffer {
  return Buffer.from(hex.replace(/\s+/g, ''), 'hex');
}

export function base64Bytes(text: string): Buffer {
  return Buffer.from(text.replace(/\s+/g, ''), 'base64');
}
