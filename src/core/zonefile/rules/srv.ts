/**
 * SRV's retired data fields (`data.service`, `data.proto` and `data.name`, end of life; the list:
 * src/core/record-types/srv.ts) are rejected with the replacement.
 */
import { retiredDataFields } from '../../record-types/index.js';
import type { Rule } from './context.js';

const RETIRED = retiredDataFields('SRV');

export const checkSrvRetiredData: Rule = (ctx) => {
  for (const e of ctx.records) {
    if (e.record.type !== 'SRV') continue;
    const data = e.raw.data ?? {};
    const present = RETIRED.filter((f) => data[f] !== undefined);
    if (present.length === 0) continue;
    const service = typeof data.service === 'string' ? data.service.replace(/^_?/, '_') : undefined;
    const proto = typeof data.proto === 'string' ? data.proto.replace(/^_?/, '_') : undefined;
    const example = service && proto ? `${service}.${proto}` : '_service._proto';
    for (const f of present) {
      ctx.sink.error(
        'srv.retired-data',
        [...e.path, 'data', f],
        `SRV \`data.${f}\` is retired (2024-05-31, now rejected by the service); write service, protocol and name in the top-level name, e.g. \`name: ${example}\``,
      );
    }
  }
};
