/**
 * RDATA tokens of one resource record -> the zone file's fields for that type (`content`,
 * `data`, `priority`), host names made absolute against the origin. Each type as its RFC's
 * presentation form writes it. Pure.
 */
import { isRecordType, type RecordType } from '../model/record-types.js';
import type { RecordData } from '../model/record.js';
import { renderTxtStrings } from '../model/txt.js';
import { resolveName } from './parse-master-file.js';
import { tokenText, type Token } from './tokenize.js';

export interface RecordValue {
  readonly type: RecordType;
  readonly content?: string;
  readonly data?: RecordData;
  readonly priority?: number;
}

export type ReadRdataResult = { ok: true; value: RecordValue } | { ok: false; message: string };

function fail(message: string): ReadRdataResult {
  return { ok: false, message };
}

function int(text: string | undefined): number | undefined {
  return text !== undefined && /^\d+$/.test(text) ? Number(text) : undefined;
}

/** TXT: the character-strings as written, each one string of the content (RFC 1035 §3.3.14). */
function txtContent(tokens: readonly Token[]): string {
  return renderTxtStrings(tokens.map((t) => t.bytes));
}

/** `d [m [s]] N|S d [m [s]] E|W alt[m] [siz[m] [hp[m] [vp[m]]]]` (RFC 1876 §3). */
function readLoc(words: readonly string[]): RecordData | undefined {
  let i = 0;
  const angle = (dirs: readonly string[]): [number, number, number, string] | undefined => {
    const parts: number[] = [];
    while (i < words.length && !dirs.includes(words[i].toUpperCase()) && parts.length < 3) {
      const v = Number(words[i]);
      if (!Number.isFinite(v)) return undefined;
      parts.push(v);
      i += 1;
    }
    const dir = words[i]?.toUpperCase();
    if (dir === undefined || !dirs.includes(dir) || parts.length === 0) return undefined;
    i += 1;
    return [parts[0], parts[1] ?? 0, parts[2] ?? 0, dir];
  };
  const lat = angle(['N', 'S']);
  const lon = angle(['E', 'W']);
  if (lat === undefined || lon === undefined) return undefined;
  const meters = (w: string | undefined, fallback: number): number | undefined => {
    if (w === undefined) return fallback;
    const v = Number(w.replace(/m$/i, ''));
    return Number.isFinite(v) ? v : undefined;
  };
  const alt = meters(words[i], NaN);
  const size = meters(words[i + 1], 1);
  const hp = meters(words[i + 2], 10000);
  const vp = meters(words[i + 3], 10);
  if (alt === undefined || Number.isNaN(alt) || size === undefined || hp === undefined || vp === undefined || words.length > i + 4)
    return undefined;
  return {
    lat_degrees: lat[0],
    lat_minutes: lat[1],
    lat_seconds: lat[2],
    lat_direction: lat[3],
    long_degrees: lon[0],
    long_minutes: lon[1],
    long_seconds: lon[2],
    long_direction: lon[3],
    altitude: alt,
    size,
    precision_horz: hp,
    precision_vert: vp,
  };
}

/** Reads the RDATA of a record of a type zonectl manages. */
export function readRdata(typeName: string, rdata: readonly Token[], origin: string): ReadRdataResult {
  if (!isRecordType(typeName)) return fail(`type ${typeName} is not one zonectl manages`);
  const type = typeName;
  const w = rdata.map(tokenText);
  if (rdata[0]?.raw === '\\#') return fail(`generic RDATA (\\#) for ${type} is not supported: write it in the type's own form`);
  const host = (t: string | undefined): string | undefined => (t === undefined ? undefined : resolveName(t, origin) || '.');
  const need = (count: number): boolean => w.length === count;
  const nums = (count: number): number[] | undefined => {
    const out = w.slice(0, count).map(int);
    return out.every((v) => v !== undefined) ? (out as number[]) : undefined;
  };
  const joined = (from: number): string => w.slice(from).join('');
  switch (type) {
    case 'A':
    case 'AAAA':
      return need(1) ? { ok: true, value: { type, content: w[0] } } : fail(`${type} needs one address`);
    case 'CNAME':
    case 'NS':
    case 'PTR':
      return need(1) ? { ok: true, value: { type, content: host(w[0]) as string } } : fail(`${type} needs one host name`);
    case 'MX': {
      const p = int(w[0]);
      return need(2) && p !== undefined
        ? { ok: true, value: { type, priority: p, content: host(w[1]) as string } }
        : fail('MX needs "priority host"');
    }
    case 'TXT': {
      return { ok: true, value: { type, content: txtContent(rdata) } };
    }
    case 'OPENPGPKEY':
      return w.length > 0 ? { ok: true, value: { type, content: joined(0) } } : fail('OPENPGPKEY needs a key');
    case 'CAA': {
      const flags = int(w[0]);
      return need(3) && flags !== undefined
        ? { ok: true, value: { type, data: { flags, tag: w[1], value: w[2] } } }
        : fail('CAA needs "flags tag value"');
    }
    case 'SRV': {
      const n = nums(3);
      return need(4) && n
        ? { ok: true, value: { type, data: { priority: n[0], weight: n[1], port: n[2], target: host(w[3]) as string } } }
        : fail('SRV needs "priority weight port target"');
    }
    case 'HTTPS':
    case 'SVCB': {
      const p = int(w[0]);
      if (p === undefined || w.length < 2) return fail(`${type} needs "priority target [params]"`);
      const value = rdata
        .slice(2)
        .map((t) => t.raw)
        .join(' ');
      return { ok: true, value: { type, data: { priority: p, target: host(w[1]) as string, value } } };
    }
    case 'URI': {
      const n = nums(2);
      return need(3) && n
        ? { ok: true, value: { type, priority: n[0], data: { weight: n[1], target: w[2] } } }
        : fail('URI needs "priority weight target"');
    }
    case 'DS': {
      const n = nums(3);
      return w.length >= 4 && n
        ? { ok: true, value: { type, data: { key_tag: n[0], algorithm: n[1], digest_type: n[2], digest: joined(3) } } }
        : fail('DS needs "key_tag algorithm digest_type digest"');
    }
    case 'DNSKEY': {
      const n = nums(3);
      return w.length >= 4 && n
        ? { ok: true, value: { type, data: { flags: n[0], protocol: n[1], algorithm: n[2], public_key: joined(3) } } }
        : fail('DNSKEY needs "flags protocol algorithm key"');
    }
    case 'NAPTR': {
      const n = nums(2);
      return need(6) && n
        ? {
            ok: true,
            value: {
              type,
              data: { order: n[0], preference: n[1], flags: w[2], service: w[3], regex: w[4], replacement: host(w[5]) as string },
            },
          }
        : fail('NAPTR needs "order preference flags service regexp replacement"');
    }
    case 'SSHFP': {
      const n = nums(2);
      return w.length >= 3 && n
        ? { ok: true, value: { type, data: { algorithm: n[0], type: n[1], fingerprint: joined(2) } } }
        : fail('SSHFP needs "algorithm type fingerprint"');
    }
    case 'TLSA':
    case 'SMIMEA': {
      const n = nums(3);
      return w.length >= 4 && n
        ? { ok: true, value: { type, data: { usage: n[0], selector: n[1], matching_type: n[2], certificate: joined(3) } } }
        : fail(`${type} needs "usage selector matching_type data"`);
    }
    case 'CERT': {
      const n = nums(3);
      return w.length >= 4 && n
        ? { ok: true, value: { type, data: { type: n[0], key_tag: n[1], algorithm: n[2], certificate: joined(3) } } }
        : fail('CERT needs "type key_tag algorithm certificate" (numeric type and algorithm)');
    }
    case 'LOC': {
      const data = readLoc(w);
      return data
        ? { ok: true, value: { type, data } }
        : fail('LOC is not in RFC 1876 form ("d m s N d m s E alt[m] size[m] hp[m] vp[m]")');
    }
    default: {
      const never: never = type;
      return fail(`type ${String(never)} is not supported`);
    }
  }
}
