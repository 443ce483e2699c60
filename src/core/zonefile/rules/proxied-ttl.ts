/**
 * Proxy and TTL rules: only A, AAAA and CNAME can be proxied; a proxied record's TTL is auto (an
 * explicit TTL is an error with a hint); a TTL is `auto` (1) or 60..86400.
 */
import { PROXIABLE_TYPES, TTL_AUTO, TTL_MAX, TTL_MIN } from '../../model/record-types.js';
import type { PathSegment } from '../json-path.js';
import type { Rule, RuleContext } from './context.js';

function checkTtlRange(ctx: RuleContext, ttl: number | 'auto' | undefined, at: readonly PathSegment[]): boolean {
  if (ttl === undefined || ttl === 'auto' || ttl === TTL_AUTO) return true;
  if (ttl >= TTL_MIN && ttl <= TTL_MAX) return true;
  ctx.sink.error('ttl.range', at, `ttl ${ttl} is out of range: use auto (1) or ${TTL_MIN}..${TTL_MAX} seconds`);
  return false;
}

export const checkProxiedAndTtl: Rule = (ctx) => {
  checkTtlRange(ctx, ctx.defaults.ttl, ['defaults', 'ttl']);
  for (const e of ctx.records) {
    const t = e.record.type;
    if (e.raw.proxied === true && !PROXIABLE_TYPES.has(t)) {
      ctx.sink.error('proxied.type', [...e.path, 'proxied'], `${t} records cannot be proxied (only A, AAAA and CNAME); remove proxied`);
    }
    const ttlAt = [...e.path, 'ttl'];
    if (!checkTtlRange(ctx, e.raw.ttl, ttlAt)) continue;
    const explicit = e.raw.ttl !== undefined && e.raw.ttl !== 'auto' && e.raw.ttl !== TTL_AUTO;
    if (explicit && e.record.proxied) {
      const via = e.raw.proxied === undefined ? ' (this record is proxied through defaults.proxied)' : '';
      ctx.sink.error('ttl.proxied', ttlAt, `a proxied record cannot have ttl ${String(e.raw.ttl)}${via}; remove ttl: proxied records always use auto`);
    }
  }
};
