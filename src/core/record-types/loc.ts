/**
 * LOC (RFC 1876): latitude and longitude in degrees, minutes, seconds and a direction, altitude,
 * size and precisions in meters. Presentation form: `d [m [s]] N|S d [m [s]] E|W alt[m]
 * [siz[m] [hp[m] [vp[m]]]]` (RFC 1876 §3), size and precisions 1m, 10000m and 10m when left out.
 */
import type { RecordData } from '../model/record.js';
import { dataFields, text } from './fields.js';
import type { DataTypeDefinition } from './definition.js';
import { readAs, readFailure } from './presentation.js';
import { bytesOf, u32 } from './wire.js';

/** Seconds with at most three decimals, trailing zeros dropped. */
const seconds = (v: unknown): string =>
  Number(v ?? 0)
    .toFixed(3)
    .replace(/\.?0+$/, '');

/** Meters with at most two decimals, trailing zeros dropped, and the unit. */
const meters = (v: unknown): string =>
  `${Number(v ?? 0)
    .toFixed(2)
    .replace(/\.?0+$/, '')}m`;

function present(d: RecordData): string {
  return [
    text(d.lat_degrees),
    text(d.lat_minutes),
    seconds(d.lat_seconds),
    text(d.lat_direction),
    text(d.long_degrees),
    text(d.long_minutes),
    seconds(d.long_seconds),
    text(d.long_direction),
    meters(d.altitude),
    meters(d.size),
    meters(d.precision_horz),
    meters(d.precision_vert),
  ].join(' ');
}

function read(words: readonly string[]): RecordData | undefined {
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
  const inMeters = (w: string | undefined, fallback: number): number | undefined => {
    if (w === undefined) return fallback;
    const v = Number(w.replace(/m$/i, ''));
    return Number.isFinite(v) ? v : undefined;
  };
  const alt = inMeters(words[i], NaN);
  const size = inMeters(words[i + 1], 1);
  const hp = inMeters(words[i + 2], 10000);
  const vp = inMeters(words[i + 3], 10);
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

/** A precision byte (RFC 1876 §2: mantissa and power of ten, in centimetres) in metres. */
function precisionAnswer(byte: number): string {
  const metres = ((byte >> 4) * 10 ** (byte & 15)) / 100;
  return `${Number(metres.toFixed(2))}m`;
}

/** An answer's LOC RDATA (RFC 1876 §2: version, size, precisions, then latitude, longitude, altitude) in presentation form. */
function locAnswer(b: Uint8Array): string {
  const angle = (v: number, pos: string, neg: string): string => {
    let ms = v - 2 ** 31;
    const dir = ms < 0 ? neg : pos;
    ms = Math.abs(ms);
    const deg = Math.floor(ms / 3_600_000);
    const min = Math.floor((ms % 3_600_000) / 60_000);
    const sec = (ms % 60_000) / 1000;
    return `${deg} ${min} ${Number(sec.toFixed(3))} ${dir}`;
  };
  const alt = (u32(b, 12) - 10_000_000) / 100;
  return `${angle(u32(b, 4), 'N', 'S')} ${angle(u32(b, 8), 'E', 'W')} ${Number(alt.toFixed(2))}m ${precisionAnswer(b[1])} ${precisionAnswer(b[2])} ${precisionAnswer(b[3])}`;
}

export const LOC: DataTypeDefinition = {
  type: 'LOC',
  kind: 'data',
  wire: { code: 29, presentAnswer: (rdata) => locAnswer(bytesOf(rdata)) },
  fields: dataFields('LOC'),
  renderContent: (d) =>
    `${text(d.lat_degrees)} ${text(d.lat_minutes)} ${text(d.lat_seconds)} ${text(d.lat_direction)} ` +
    `${text(d.long_degrees)} ${text(d.long_minutes)} ${text(d.long_seconds)} ${text(d.long_direction)} ` +
    `${text(d.altitude)}m ${text(d.size)}m ${text(d.precision_horz)}m ${text(d.precision_vert)}m`,
  present: (d) => present(d),
  read: ({ words }) => {
    const data = read(words);
    return data ? readAs({ data }) : readFailure('LOC is not in RFC 1876 form ("d m s N d m s E alt[m] size[m] hp[m] vp[m]")');
  },
};
