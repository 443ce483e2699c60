/**
 * Per-record `settings` every type has (a type's own, such as CNAME's `flatten_cname`, are checked
 * by its definition, src/core/record-types):
 * - `ipv4_only` / `ipv6_only` act on proxied records only ("this option only applies to proxied
 *   records", the API schema's description of both): on a type that cannot be proxied they are
 *   an error, on a DNS-only A/AAAA/CNAME a warning (no effect until it is proxied). Both at once
 *   would remove both the A and the AAAA answers: a warning (no source shows the service refusing it).
 */
import { PROXIABLE_TYPES } from '../../record-types/index.js';
import type { Rule } from './context.js';

export const checkRecordSettings: Rule = (ctx) => {
  for (const e of ctx.records) {
    const s = e.raw.settings;
    if (s === undefined) continue;
    const at = (flag: string) => [...e.path, 'settings', flag];
    const t = e.record.type;
    for (const flag of ['ipv4_only', 'ipv6_only'] as const) {
      if (s[flag] !== true) continue;
      if (!PROXIABLE_TYPES.has(t)) {
        ctx.sink.error(
          'settings.proxied-only',
          at(flag),
          `${flag} applies only to proxied records, and ${t} records cannot be proxied; remove it`,
        );
      } else if (!e.record.proxied) {
        ctx.sink.warning(
          'settings.proxied-only',
          at(flag),
          `${flag} applies only to proxied records; it has no effect while this record is DNS-only`,
        );
      }
    }
    if (s.ipv4_only === true && s.ipv6_only === true) {
      ctx.sink.warning(
        'settings.ip-only-both',
        at('ipv6_only'),
        'ipv4_only and ipv6_only are both true: one drops the AAAA answers, the other the A answers, so the name may answer no address at all',
      );
    }
  }
};
