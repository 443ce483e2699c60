/**
 * RDATA decoded by dns-packet (or left as bytes for the types it does not know) in DNS
 * presentation form, written the way zonectl's `resolve` prints it (host names absolute,
 * character-strings quoted with `\"`, `\\` and `\DDD` escapes, hex upper-case, base64), so
 * that the two can be compared as strings: what a nameserver answers against what the zone
 * should answer (src/core/propagation/, `wait-dns`), and the emulator's answers against
 * `zonectl resolve` in the DNS tests (test/dns/).
 */
import { quoteBytes } from '../../core/model/txt-strings.js';

const NUMBERED: Record<string, string> = {
  '29': 'LOC',
  '37': 'CERT',
  '53': 'SMIMEA',
  '61': 'OPENPGPKEY',
  '64': 'SVCB',
  '65': 'HTTPS',
  '256': 'URI',
};

/** A dns-packet type name with the types it does not name (UNKNOWN_65 ...) named. */
export function typeName(t: string): string {
  const m = /^UNKNOWN_(\d+)$/.exec(t);
  return m ? (NUMBERED[m[1]] ?? `TYPE${m[1]}`) : t;
}

export function abs(name: string): string {
  if (name === '' || name === '.') return '.';
  return `${name.toLowerCase()}.`.replace(/\.\.$/, '.');
}

/** One character-string quoted as zonectl prints it (the quoting is not what this test compares). */
export const quote = (bytes: Buffer): string => quoteBytes(bytes);

const hex = (b: Buffer): string => b.toString('hex').toUpperCase();

/** Uncompressed wire name at `at` (newer types never compress: RFC 3597 §4). */
function wireName(buf: Buffer, at: number): { name: string; next: number } {
  const labels: string[] = [];
  let i = at;
  while (buf[i] !== 0) {
    labels.push(buf.toString('latin1', i + 1, i + 1 + buf[i]));
    i += 1 + buf[i];
  }
  return { name: labels.length === 0 ? '.' : `${labels.join('.')}.`, next: i + 1 };
}

function ipv6(b: Buffer): string {
  const words: number[] = [];
  for (let i = 0; i < 16; i += 2) words.push(b.readUInt16BE(i));
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

const SVC_KEYS = ['mandatory', 'alpn', 'no-default-alpn', 'port', 'ipv4hint', 'ech', 'ipv6hint'];

function svcb(b: Buffer): string {
  const priority = b.readUInt16BE(0);
  const { name, next } = wireName(b, 2);
  const params: string[] = [];
  for (let i = next; i < b.length; ) {
    const key = b.readUInt16BE(i);
    const len = b.readUInt16BE(i + 2);
    const v = b.subarray(i + 4, i + 4 + len);
    i += 4 + len;
    const k = SVC_KEYS[key] ?? `key${key}`;
    const list = (step: number, f: (x: Buffer) => string): string => {
      const out: string[] = [];
      for (let j = 0; j < v.length; j += step) out.push(f(v.subarray(j, j + step)));
      return out.join(',');
    };
    if (key === 0) params.push(`${k}=${list(2, (x) => SVC_KEYS[x.readUInt16BE(0)] ?? `key${x.readUInt16BE(0)}`)}`);
    else if (key === 1) {
      const ids: string[] = [];
      for (let j = 0; j < v.length; j += 1 + v[j]) ids.push(v.toString('latin1', j + 1, j + 1 + v[j]));
      params.push(`alpn="${ids.join(',')}"`);
    } else if (key === 2) params.push(k);
    else if (key === 3) params.push(`port=${v.readUInt16BE(0)}`);
    else if (key === 4) params.push(`ipv4hint=${list(4, (x) => [...x].join('.'))}`);
    else if (key === 5) params.push(`ech=${v.toString('base64')}`);
    else if (key === 6) params.push(`ipv6hint=${list(16, ipv6)}`);
    else params.push(`${k}=${quote(v)}`);
  }
  return [String(priority), name, ...params].join(' ');
}

function precision(byte: number): string {
  const metres = ((byte >> 4) * 10 ** (byte & 15)) / 100;
  return `${Number(metres.toFixed(2))}m`;
}

function loc(b: Buffer): string {
  const angle = (v: number, pos: string, neg: string): string => {
    let ms = v - 2 ** 31;
    const dir = ms < 0 ? neg : pos;
    ms = Math.abs(ms);
    const deg = Math.floor(ms / 3_600_000);
    const min = Math.floor((ms % 3_600_000) / 60_000);
    const sec = (ms % 60_000) / 1000;
    return `${deg} ${min} ${Number(sec.toFixed(3))} ${dir}`;
  };
  const alt = (b.readUInt32BE(12) - 10_000_000) / 100;
  return `${angle(b.readUInt32BE(4), 'N', 'S')} ${angle(b.readUInt32BE(8), 'E', 'W')} ${Number(alt.toFixed(2))}m ${precision(b[1])} ${precision(b[2])} ${precision(b[3])}`;
}

type Obj = Record<string, unknown>;

export function presentRdata(type: string, data: unknown): string {
  const d = (data ?? {}) as Obj;
  const b = data as Buffer;
  switch (type) {
    case 'A':
      return String(data);
    case 'AAAA':
      return ipv6(Buffer.from(String(data).includes(':') ? ipv6Bytes(String(data)) : []));
    case 'CNAME':
    case 'NS':
    case 'PTR':
      return abs(String(data));
    case 'MX':
      return `${d.preference} ${abs(String(d.exchange))}`;
    case 'TXT':
      return (data as Buffer[]).map(quote).join(' ');
    case 'CAA':
      return `${d.flags} ${d.tag} ${quote(Buffer.from(String(d.value)))}`;
    case 'SRV':
      return `${d.priority} ${d.weight} ${d.port} ${abs(String(d.target))}`;
    case 'DS':
      return `${d.keyTag} ${d.algorithm} ${d.digestType} ${hex(d.digest as Buffer)}`;
    case 'DNSKEY':
      return `${d.flags} 3 ${d.algorithm} ${(d.key as Buffer).toString('base64')}`;
    case 'NAPTR':
      return `${d.order} ${d.preference} ${quote(Buffer.from(String(d.flags)))} ${quote(Buffer.from(String(d.services)))} ${quote(Buffer.from(String(d.regexp)))} ${abs(String(d.replacement))}`;
    case 'SSHFP':
      return `${d.algorithm} ${d.hash} ${String(d.fingerprint).toUpperCase()}`;
    case 'TLSA':
      return `${d.usage} ${d.selector} ${d.matchingType} ${hex(d.certificate as Buffer)}`;
    case 'SOA':
      return `${abs(String(d.mname))} ${abs(String(d.rname).replace(/\\\./g, '.'))} ${d.serial} ${d.refresh} ${d.retry} ${d.expire} ${d.minimum}`;
    case 'HINFO':
      return `${quote(Buffer.from(String(d.cpu)))} ${quote(Buffer.from(String(d.os)))}`;
    case 'SMIMEA':
      return `${b[0]} ${b[1]} ${b[2]} ${hex(b.subarray(3))}`;
    case 'CERT':
      return `${b.readUInt16BE(0)} ${b.readUInt16BE(2)} ${b[4]} ${b.subarray(5).toString('base64')}`;
    case 'URI':
      return `${b.readUInt16BE(0)} ${b.readUInt16BE(2)} ${quote(b.subarray(4))}`;
    case 'OPENPGPKEY':
      return b.toString('base64');
    case 'HTTPS':
    case 'SVCB':
      return svcb(b);
    case 'LOC':
      return loc(b);
    default:
      return Buffer.isBuffer(data) ? `\\# ${b.length} ${hex(b)}` : JSON.stringify(data);
  }
}

function ipv6Bytes(text: string): number[] {
  const [head, tail] = text.includes('::') ? text.split('::') : [text, undefined];
  const h = head === '' ? [] : head.split(':');
  const t = tail === undefined || tail === '' ? [] : tail.split(':');
  const words = [...h, ...new Array<string>(8 - h.length - t.length).fill('0'), ...t].map((w) => parseInt(w, 16));
  return words.flatMap((w) => [w >> 8, w & 255]);
}
