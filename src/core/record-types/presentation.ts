/**
 * Pieces of DNS presentation form (RFC 1035 §5.1) that several types share, both ways: host
 * names absolute with a trailing dot, character-strings quoted with `\"`, `\\` and `\DDD`
 * escapes; and, reading RDATA, numbers and the result of a reading.
 */
import { quoteBytes } from '../model/txt-strings.js';
import type { RdataReading, RecordValue } from './definition.js';

const utf8 = new TextEncoder();

/** A host name in canonical form (no trailing dot; the root is ".") as an absolute name. */
export function absoluteName(host: string): string {
  if (host === '' || host === '.') return '.';
  return host.endsWith('.') ? host : `${host}.`;
}

/** Text as one quoted character-string (CAA value, URI target, NAPTR fields). */
export function quoteText(text: string): string {
  return quoteBytes(utf8.encode(text));
}

/** A decimal number written as digits only, else undefined. */
export function unsigned(text: string | undefined): number | undefined {
  return text !== undefined && /^\d+$/.test(text) ? Number(text) : undefined;
}

/** The first `count` words as numbers, or undefined when one of them is not. */
export function unsignedWords(words: readonly string[], count: number): number[] | undefined {
  const out = words.slice(0, count).map(unsigned);
  return out.every((v) => v !== undefined) ? (out as number[]) : undefined;
}

/** The words from `from` on, joined without spaces (hex and base64 may be written in pieces). */
export function joinedFrom(words: readonly string[], from: number): string {
  return words.slice(from).join('');
}

export function readAs(value: RecordValue): RdataReading {
  return { ok: true, value };
}

export function readFailure(message: string): RdataReading {
  return { ok: false, message };
}
