/**
 * SOA bounds (service spec table): refresh 600..86400, retry 600..3600 and <= refresh, expire
 * 86400..2419200 and >= refresh, min_ttl 60..86400, ttl 1800..3600. The RNAME is a mailbox in
 * DNS form (`hostmaster.example.com`), never an e-mail address.
 */
import type { Rule } from './context.js';

const BOUNDS = {
  refresh: [600, 86400],
  retry: [600, 3600],
  expire: [86400, 2419200],
  min_ttl: [60, 86400],
  ttl: [1800, 3600],
} as const;

/** `john.doe@example.com` in DNS form: the local part's dots escaped, `@` made a dot. */
function mailboxInDnsForm(address: string): string {
  const at = address.lastIndexOf('@');
  const local = address.slice(0, at).replaceAll('.', '\\.');
  return `${local}.${address.slice(at + 1)}`;
}

export const checkSoa: Rule = (ctx) => {
  const soa = ctx.settings?.soa;
  if (!soa) return;
  const at = (field: string) => ['settings', 'soa', field];
  if (typeof soa.rname === 'string' && soa.rname.includes('@')) {
    ctx.sink.error(
      'soa.rname-form',
      at('rname'),
      `SOA rname ${JSON.stringify(soa.rname)} must be a mailbox in DNS form, not an e-mail address: write ${mailboxInDnsForm(soa.rname)}, not ${soa.rname}`,
    );
  }
  const inRange: Record<string, boolean> = {};
  for (const [field, [min, max]] of Object.entries(BOUNDS)) {
    const v = soa[field as keyof typeof BOUNDS];
    if (v === undefined) continue;
    inRange[field] = v >= min && v <= max;
    if (!inRange[field]) ctx.sink.error('soa.range', at(field), `SOA ${field} ${v} is out of range: ${min}..${max} seconds`);
  }
  const { refresh, retry, expire } = soa;
  if (refresh !== undefined && retry !== undefined && retry > refresh) {
    ctx.sink.error('soa.retry-refresh', at('retry'), `SOA retry ${retry} must not exceed refresh ${refresh}`);
  }
  if (refresh !== undefined && expire !== undefined && expire < refresh) {
    ctx.sink.error('soa.expire-refresh', at('expire'), `SOA expire ${expire} must not be smaller than refresh ${refresh}`);
  }
};
