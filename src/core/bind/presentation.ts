/**
 * Record data in DNS presentation form (RFC 1035 §5.1 and each type's RFC), as a BIND zone file
 * writes it: host names absolute with a trailing dot, character-strings quoted with `\"`, `\\`
 * and `\DDD` escapes, TXT as the strings the record holds (each at most 255 bytes). Pure.
 */
import type { CanonicalRecord, RecordData } from '../model/record.js';
import { assertNever } from '../errors.js';
import { canonicalTxt, quoteBytes } from '../model/txt.js';

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

const n = (v: unknown): string => String(v ?? '');

function loc(d: RecordData): string {
  const sec = (v: unknown): string =>
    Number(v ?? 0)
      .toFixed(3)
      .replace(/\.?0+$/, '');
  const m = (v: unknown): string =>
    `${Number(v ?? 0)
      .toFixed(2)
      .replace(/\.?0+$/, '')}m`;
  return [
    n(d.lat_degrees),
    n(d.lat_minutes),
    sec(d.lat_seconds),
    n(d.lat_direction),
    n(d.long_degrees),
    n(d.long_minutes),
    sec(d.long_seconds),
    n(d.long_direction),
    m(d.altitude),
    m(d.size),
    m(d.precision_horz),
    m(d.precision_vert),
  ].join(' ');
}

/** The RDATA of a canonical record in presentation form. */
export function presentRdata(r: CanonicalRecord): string {
  const d: RecordData = r.data ?? {};
  const c = r.content ?? '';
  switch (r.type) {
    case 'A':
    case 'AAAA':
    case 'OPENPGPKEY':
      return c;
    case 'CNAME':
    case 'NS':
    case 'PTR':
      return absoluteName(c);
    case 'MX':
      return `${n(r.priority)} ${absoluteName(c)}`;
    case 'TXT':
      return canonicalTxt(c);
    case 'CAA':
      return `${n(d.flags)} ${n(d.tag)} ${quoteText(n(d.value))}`;
    case 'SRV':
      return `${n(d.priority)} ${n(d.weight)} ${n(d.port)} ${absoluteName(n(d.target))}`;
    case 'HTTPS':
    case 'SVCB':
      return [n(d.priority), absoluteName(n(d.target)), n(d.value).trim()].filter((x) => x !== '').join(' ');
    case 'URI':
      return `${n(r.priority)} ${n(d.weight)} ${quoteText(n(d.target))}`;
    case 'DS':
      return `${n(d.key_tag)} ${n(d.algorithm)} ${n(d.digest_type)} ${n(d.digest)}`;
    case 'DNSKEY':
      return `${n(d.flags)} ${n(d.protocol)} ${n(d.algorithm)} ${n(d.public_key)}`;
    case 'NAPTR':
      return `${n(d.order)} ${n(d.preference)} ${quoteText(n(d.flags))} ${quoteText(n(d.service))} ${quoteText(n(d.regex))} ${absoluteName(n(d.replacement))}`;
    case 'SSHFP':
      return `${n(d.algorithm)} ${n(d.type)} ${n(d.fingerprint)}`;
    case 'TLSA':
    case 'SMIMEA':
      return `${n(d.usage)} ${n(d.selector)} ${n(d.matching_type)} ${n(d.certificate)}`;
    case 'CERT':
      return `${n(d.type)} ${n(d.key_tag)} ${n(d.algorithm)} ${n(d.certificate)}`;
    case 'LOC':
      return loc(d);
    default:
      return assertNever(r.type, 'record type');
  }
}
