/**
 * Reading an answer's RDATA (as the DNS client, dns-packet, decodes it: an object for the types
 * it knows, the RDATA bytes for the others) in presentation form, written the way zonectl's
 * `resolve` prints a record (host names absolute and lower-case, character-strings quoted with
 * `\"`, `\\` and `\DDD`, hex upper-case, base64), so that what a nameserver answers compares as a
 * string with what the zone should answer (`wait-dns`, `resolve`). Each type's definition holds
 * its own reading (`wire.presentAnswer`); these are the pieces several share. Pure: bytes are
 * `Uint8Array`s (a Node Buffer is one).
 */
import { quoteBytes } from '../model/txt-strings.js';

/** The type on the wire: its number and how an answer's RDATA of the type is written. */
export interface WireForm {
  /** The type's number (IANA "Resource Record (RR) TYPEs", https://www.iana.org/assignments/dns-parameters/dns-parameters.xhtml#dns-parameters-4). */
  readonly code: number;
  /** An answer's RDATA, as dns-packet decodes it, in presentation form. */
  presentAnswer(rdata: unknown): string;
}

/** The fields of an RDATA dns-packet decodes into an object (MX, SRV, DS, ...). */
export type DecodedFields = Readonly<Record<string, unknown>>;

const utf8 = new TextEncoder();

export const fieldsOf = (rdata: unknown): DecodedFields => (rdata ?? {}) as DecodedFields;

/** RDATA dns-packet left as bytes (a type it has no codec for). */
export const bytesOf = (rdata: unknown): Uint8Array => (rdata instanceof Uint8Array ? rdata : new Uint8Array());

/** A host name of an answer, absolute and lower-case. */
export function answerName(name: unknown): string {
  const text = String(name);
  if (text === '' || text === '.') return '.';
  return `${text.toLowerCase()}.`.replace(/\.\.$/, '.');
}

/** One character-string quoted as zonectl prints it. */
export const quoteWire = (bytes: Uint8Array): string => quoteBytes(bytes);

/** A text field of a decoded RDATA (its UTF-8 bytes) quoted. */
export const quoteField = (value: unknown): string => quoteBytes(utf8.encode(String(value)));

export const hexUpper = (bytes: Uint8Array): string =>
  Array.from(bytes, (b) => b.toString(16).padStart(2, '0'))
    .join('')
    .toUpperCase();

export function base64(bytes: Uint8Array): string {
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary);
}

export const u16 = (b: Uint8Array, at: number): number => (b[at] << 8) | b[at + 1];

export const u32 = (b: Uint8Array, at: number): number => u16(b, at) * 65536 + u16(b, at + 2);

const latin1 = (b: Uint8Array, from: number, to: number): string => String.fromCharCode(...b.subarray(from, to));

/** Uncompressed wire name at `at` (newer types never compress: RFC 3597 §4). */
export function wireName(b: Uint8Array, at: number): { name: string; next: number } {
  const labels: string[] = [];
  let i = at;
  while (b[i] !== 0 && i < b.length) {
    labels.push(latin1(b, i + 1, i + 1 + b[i]));
    i += 1 + b[i];
  }
  return { name: labels.length === 0 ? '.' : `${labels.join('.')}.`, next: i + 1 };
}

/** Sixteen bytes as an IPv6 address, the longest run of two or more zero words compressed. */
export function ipv6Text(b: Uint8Array): string {
  const words: number[] = [];
  for (let i = 0; i < 16; i += 2) words.push(u16(b, i));
  let best = -1;
  let bestLen = 0;
  for (let i = 0; i < 8; ) {
    let j = i;
    while (j < 8 && words[j] === 0) j += 1;
    if (j - i >= 2 && j - i > bestLen) [best, bestLen] = [i, j - i];
    i = j === i ? i + 1 : j;
  }
  const h = words.map((w) => w.toString(16));
  return best < 0 ? h.join(':') : `${h.slice(0, best).join(':')}::${h.slice(best + bestLen).join(':')}`;
}

/** An IPv6 address as text (dns-packet's form) as its sixteen bytes. */
export function ipv6Bytes(text: string): Uint8Array {
  if (!text.includes(':')) return new Uint8Array();
  const [head, tail] = text.includes('::') ? text.split('::') : [text, undefined];
  const h = head === '' ? [] : head.split(':');
  const t = tail === undefined || tail === '' ? [] : tail.split(':');
  const words = [...h, ...new Array<string>(8 - h.length - t.length).fill('0'), ...t].map((w) => parseInt(w, 16));
  return Uint8Array.from(words.flatMap((w) => [w >> 8, w & 255]));
}
