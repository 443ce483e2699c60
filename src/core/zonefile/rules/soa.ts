/**
 * SOA bounds (src/core/service/soa.ts): outside what the API schema accepts (`SOA_BOUNDS`) an
 * error, outside only the older documented table (`SOA_DOCUMENTED_BOUNDS`) a warning; retry not
 * above refresh, expire not below it. The RNAME is a mailbox in DNS form
 * (`hostmaster.example.com`), never an e-mail address.
 */
import type { PathSegment } from '../../text/index.js';
import type { RuleCode } from '../../checks/registry.js';
import type { ProblemSink } from '../../yaml/index.js';
import type { RawSoa } from '../raw-types.js';
import { SOA_BOUNDS as BOUNDS, SOA_DOCUMENTED_BOUNDS as DOCUMENTED } from '../../service/soa.js';
import type { Rule } from './context.js';

/** `john.doe@example.com` in DNS form: the local part's dots escaped, `@` made a dot. */
function mailboxInDnsForm(address: string): string {
  const at = address.lastIndexOf('@');
  const local = address.slice(0, at).replaceAll('.', '\\.');
  return `${local}.${address.slice(at + 1)}`;
}

/** The SOA rules on `soa` written at `at` (the zone file's `settings.soa`, the account file's `zone_defaults.soa`). */
export function checkSoaValues(soa: RawSoa, at: readonly PathSegment[], sink: ProblemSink<RuleCode>): void {
  const field = (name: string): PathSegment[] => [...at, name];
  if (typeof soa.rname === 'string' && soa.rname.includes('@')) {
    sink.error(
      'soa.rname-form',
      field('rname'),
      `SOA rname ${JSON.stringify(soa.rname)} must be a mailbox in DNS form, not an e-mail address: write ${mailboxInDnsForm(soa.rname)}, not ${soa.rname}`,
    );
  }
  for (const [name, [min, max]] of Object.entries(BOUNDS)) {
    const v = soa[name as keyof typeof BOUNDS];
    if (v === undefined) continue;
    if (v < min || v > max) sink.error('soa.range', field(name), `SOA ${name} ${v} is out of range: ${min}..${max} seconds`);
    else {
      const [low, high] = DOCUMENTED[name as keyof typeof DOCUMENTED];
      if (v < low || v > high)
        sink.warning(
          'soa.documented-range',
          field(name),
          `SOA ${name} ${v} is outside the record types page's table (${low}..${high} seconds); the DNS settings API accepts ${min}..${max}`,
        );
    }
  }
  const { refresh, retry, expire } = soa;
  if (refresh !== undefined && retry !== undefined && retry > refresh) {
    sink.error('soa.retry-refresh', field('retry'), `SOA retry ${retry} must not exceed refresh ${refresh}`);
  }
  if (refresh !== undefined && expire !== undefined && expire < refresh) {
    sink.error('soa.expire-refresh', field('expire'), `SOA expire ${expire} must not be smaller than refresh ${refresh}`);
  }
}

export const checkSoa: Rule = (ctx) => {
  const soa = ctx.settings?.soa;
  if (soa) checkSoaValues(soa, ['settings', 'soa'], ctx.sink);
};
