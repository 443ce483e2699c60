/**
 * LOC record data (RFC 1876 §2) from the service's `data` fields: sizes and precisions in
 * metres as a base/exponent byte of centimetres, latitude/longitude as thousandths of an arc
 * second offset by 2^31, altitude in centimetres above 100,000 m below the WGS 84 spheroid.
 */
import type { StoredData } from '../records/record-row.js';
import { u32, u8 } from './wire.js';

/** Metres as RFC 1876's 4-bit mantissa and 4-bit power of ten, in centimetres. */
function precisionByte(metres: number): number {
  let cm = Math.round(metres * 100);
  let exponent = 0;
  while (cm >= 10 && exponent < 9) {
    cm = Math.floor(cm / 10);
    exponent += 1;
  }
  return (Math.min(cm, 9) << 4) | exponent;
}

const num = (d: StoredData, key: string): number => Number(d[key] ?? 0);

function angle(d: StoredData, prefix: 'lat' | 'long', negative: string): number {
  const ms = Math.round(((num(d, `${prefix}_degrees`) * 60 + num(d, `${prefix}_minutes`)) * 60 + num(d, `${prefix}_seconds`)) * 1000);
  return String(d[`${prefix}_direction`]).toUpperCase() === negative ? 2 ** 31 - ms : 2 ** 31 + ms;
}

export function locBytes(d: StoredData): Buffer {
  return Buffer.concat([
    u8(0),
    u8(precisionByte(num(d, 'size'))),
    u8(precisionByte(num(d, 'precision_horz'))),
    u8(precisionByte(num(d, 'precision_vert'))),
    u32(angle(d, 'lat', 'S')),
    u32(angle(d, 'long', 'W')),
    u32(Math.round(num(d, 'altitude') * 100) + 10_000_000),
  ]);
}
