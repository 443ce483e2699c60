/**
 * A proxied CNAME whose chain stays in the zone must end at a name with an A or AAAA record:
 * the service refuses it otherwise ("the chain must end at a hostname with a valid IP address",
 * src/emulator/README.md, "DNS records"; the one chain walk is src/core/plan/check-chains.ts).
 * The file shows it when its records are the whole zone:
 * - an error with `manage.unmanaged: delete` when no `manage.ignore` rule keeps an A or AAAA at
 *   the name the chain ends at (every other live record there is deleted);
 * - a warning otherwise: an A/AAAA the file does not list may be kept there.
 * The plan checks it again against the live zone.
 */
import { buildManage } from '../build-config.js';
import { matchesIgnore } from '../match-ignore.js';
import { proxiedChainFailures } from '../../plan/check-chains.js';
import type { Rule } from './context.js';

export const checkProxiedChains: Rule = (ctx) => {
  const records = ctx.records.map((e) => e.record);
  const failures = proxiedChainFailures(records, records, ctx.zone);
  if (failures.length === 0) return;
  const manage = buildManage(ctx.manage);
  const entryOf = new Map(ctx.records.map((e) => [e.record, e]));
  for (const f of failures) {
    const e = entryOf.get(f.record);
    if (e === undefined) continue;
    const kept = manage.ignore.some(
      (rule) => matchesIgnore(rule, { name: f.at, type: 'A' }, ctx.zone) || matchesIgnore(rule, { name: f.at, type: 'AAAA' }, ctx.zone),
    );
    const at = [...e.path, 'content'];
    if (manage.unmanaged === 'delete' && !kept)
      ctx.sink.error('cname.proxied-chain', at, `${f.message}: the service refuses a proxied CNAME whose chain does not end at an address`);
    else
      ctx.sink.warning(
        'cname.proxied-chain',
        at,
        `${f.message}: the service accepts it only if an A or AAAA record the file does not list exists there`,
      );
  }
};
