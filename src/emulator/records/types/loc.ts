/** LOC (RFC 1876): the wire form is dns/loc.ts; `content` the service's rendering of the fields, meters with `m`. */
import { locBytes } from '../../dns/loc.js';
import { type EmulatorRecordType, s } from './definition.js';

export const LOC: EmulatorRecordType = {
  code: 29,
  rdata: (r) => locBytes(r.data ?? {}),
  content: (d) =>
    `${s(d.lat_degrees)} ${s(d.lat_minutes)} ${s(d.lat_seconds)} ${s(d.lat_direction)} ` +
    `${s(d.long_degrees)} ${s(d.long_minutes)} ${s(d.long_seconds)} ${s(d.long_direction)} ` +
    `${s(d.altitude)}m ${s(d.size)}m ${s(d.precision_horz)}m ${s(d.precision_vert)}m`,
};
