/**
 * Proxy and TTL rules: only A, AAAA and CNAME can be proxied; a proxied record's TTL is auto (an
 * explicit TTL is an error with a hint); a TTL is `auto` (1) or 60..86400. 30..59 is accepted
 * with a warning: the service allows it for DNS-only records on Enterprise zones only (the API
 * schema `dns-records_ttl`: "between 60 and 86400, with the minimum reduced to 30 for Enterprise
 * zones"; the SDKs repeat it). The file does not know the zone's plan: `plan` refuses such a TTL
 * on other plans.
 */
import { PROXIABLE_TYPES } from '../../record-types/index.js';
import { ENTERPRISE_TTL_MIN, TTL_AUTO, TTL_MAX, TTL_MIN } from '../../service/ttl.js';
import type { PathSegment } from '../../text/index.js';
import type { Rule, RuleContext } from './context.js';

type TtlVerdict = 'ok' | 'enterprise' | 'error';

/** `owner`: the path of the mapping holding `ttl` (the problem is at its `ttl`, a path built only for a problem). */
function checkTtlRange(ctx: RuleContext, ttl: number | 'auto' | undefined, owner: readonly PathSegment[]): TtlVerdict {
  if (ttl === undefined || ttl === 'auto' || ttl === TTL_AUTO) return 'ok';
  if (ttl >= TTL_MIN && ttl <= TTL_MAX) return 'ok';
  if (ttl >= ENTERPRISE_TTL_MIN && ttl < TTL_MIN) return 'enterprise';
  ctx.sink.error(
    'ttl.range',
    [...owner, 'ttl'],
    `ttl ${ttl} is out of range: use auto (1) or ${TTL_MIN}..${TTL_MAX} seconds (${ENTERPRISE_TTL_MIN}..${TTL_MIN - 1} on Enterprise zones only)`,
  );
  return 'error';
}

function warnEnterprise(ctx: RuleContext, ttl: number | 'auto' | undefined, owner: readonly PathSegment[]): void {
  ctx.sink.warning(
    'ttl.enterprise',
    [...owner, 'ttl'],
    `ttl ${String(ttl)} is below ${TTL_MIN}: only Enterprise zones accept ${ENTERPRISE_TTL_MIN}..${TTL_MIN - 1} seconds (for DNS-only records); plan refuses it on other plans`,
  );
}

export const checkProxiedAndTtl: Rule = (ctx) => {
  for (const d of [{ defaults: ctx.defaults, path: ['defaults'] }, ...(ctx.fragmentDefaults ?? [])]) {
    if (checkTtlRange(ctx, d.defaults.ttl, d.path) === 'enterprise') warnEnterprise(ctx, d.defaults.ttl, d.path);
  }
  for (const e of ctx.records) {
    const t = e.record.type;
    if (e.raw.proxied === true && !PROXIABLE_TYPES.has(t)) {
      ctx.sink.error('proxied.type', [...e.path, 'proxied'], `${t} records cannot be proxied (only A, AAAA and CNAME); remove proxied`);
    }
    const verdict = checkTtlRange(ctx, e.raw.ttl, e.path);
    if (verdict === 'error') continue;
    const explicit = e.raw.ttl !== undefined && e.raw.ttl !== 'auto' && e.raw.ttl !== TTL_AUTO;
    if (explicit && e.record.proxied) {
      const via = e.raw.proxied === undefined ? ' (this record is proxied through defaults.proxied)' : '';
      ctx.sink.error(
        'ttl.proxied',
        [...e.path, 'ttl'],
        `a proxied record cannot have ttl ${String(e.raw.ttl)}${via}; remove ttl: proxied records always use auto`,
      );
    } else if (verdict === 'enterprise') {
      warnEnterprise(ctx, e.raw.ttl, e.path);
    }
  }
};
