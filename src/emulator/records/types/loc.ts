/** LOC (RFC 1876): the wire form is dns/loc.ts; `content` the service's rendering of the fields, meters with `m`. */
import { locBytes } from '../../dns/loc.js';
import { type EmulatorRecordType, s } from './definition.js';
import { field } from './zone-file-text.js';

export const LOC: EmulatorRecordType = {
  code: 29,
  rdata: (r) => locBytes(r.data ?? {}),
  content: (d) =>
    `${s(d.lat_degrees)} ${s(d.lat_minutes)} ${s(d.lat_seconds)} ${s(d.lat_direction)} ` +
    `${s(d.long_degrees)} ${s(d.long_minutes)} ${s(d.long_seconds)} ${s(d.long_direction)} ` +
    `${s(d.altitude)}m ${s(d.size)}m ${s(d.precision_horz)}m ${s(d.precision_vert)}m`,
  zoneFile: {
    // RFC 1876 §3: size and precisions may be left out (1m, 10000m, 10m); meters may carry `m`.
    read: ({ words }) => {
      const [la, lm, ls, ld, oa, om, os, od, alt, size, hp, vp] = words.map((x) => x.replace(/m$/i, ''));
      return {
        data: {
          lat_degrees: Number(la),
          lat_minutes: Number(lm),
          lat_seconds: Number(ls),
          lat_direction: ld,
          long_degrees: Number(oa),
          long_minutes: Number(om),
          long_seconds: Number(os),
          long_direction: od,
          altitude: Number(alt),
          size: Number(size ?? 1),
          precision_horz: Number(hp ?? 10000),
          precision_vert: Number(vp ?? 10),
        },
      };
    },
    write: (r) => {
      const v = (k: string): string => field(r, k);
      return `${v('lat_degrees')} ${v('lat_minutes')} ${v('lat_seconds')} ${v('lat_direction')} ${v('long_degrees')} ${v('long_minutes')} ${v('long_seconds')} ${v('long_direction')} ${v('altitude')}m ${v('size')}m ${v('precision_horz')}m ${v('precision_vert')}m`;
    },
  },
};
