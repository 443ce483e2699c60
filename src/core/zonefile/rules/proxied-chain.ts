/**
 * A proxied CNAME whose chain stays in the zone and reaches no address (no A or AAAA at the name
 * it ends at, none through a wildcard), or loops: a warning. The edge follows a proxied CNAME's
 * target as any resolver does, so the record works only once the target resolves; the service
 * holds such records all the same (real zones: issue 28), so zonectl never refuses them. The one
 * chain walk is src/core/plan/check-chains.ts; `plan` warns again against the live zone.
 */
import { buildManage } from '../build-config.js';
import { unseenMayStay } from '../../ownership/index.js';
import { proxiedChainFailures } from '../../plan/check-chains.js';
import type { Rule } from './context.js';

export const checkProxiedChains: Rule = (ctx) => {
  const records = ctx.records.map((e) => e.record);
  const failures = proxiedChainFailures(records, records, ctx.zone);
  if (failures.length === 0) return;
  const manage = { ...buildManage(ctx.manage), ...(ctx.scopes?.zone !== undefined ? { scope: ctx.scopes.zone } : {}) };
  const entryOf = new Map(ctx.records.map((e) => [e.record, e]));
  for (const f of failures) {
    const e = entryOf.get(f.record);
    if (e === undefined) continue;
    const maybeKept =
      unseenMayStay(manage, { name: f.at, type: 'A' }, ctx.zone) || unseenMayStay(manage, { name: f.at, type: 'AAAA' }, ctx.zone);
    ctx.sink.warning(
      'cname.proxied-chain',
      [...e.path, 'content'],
      maybeKept
        ? `${f.message}: the edge finds no origin for it unless an A or AAAA record the file does not list is there`
        : `${f.message}: the service keeps it, but the edge finds no origin for it until the target resolves to an address`,
    );
  }
};
