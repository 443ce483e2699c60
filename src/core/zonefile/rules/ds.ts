/**
 * A DS record needs a delegation: an NS record at the same name. The service refuses a DS
 * without one, and creates a DS only after the NS at its name exists (octodns-cloudflare
 * issue #102 and PRs #103, #107: "you cannot create a standalone DS in Cloudflare").
 * When the file has no NS at that name:
 * - an error when no NS there can exist outside the file either: `manage.unmanaged: delete`
 *   removes every live (name, type) pair the file does not list, unless the ownership rules
 *   leave NS records at that name alone (an ignore rule, another team's scope);
 * - a warning otherwise (`unmanaged: keep` or `owned`, an ignore rule that covers NS at that
 *   name, another team's name): the delegation may be live and kept, which the file cannot see.
 */
import { buildManage } from '../build-config.js';
import { unseenMayStay } from '../../ownership/index.js';
import type { Rule } from './context.js';

export const checkDsDelegation: Rule = (ctx) => {
  const ds = ctx.records.filter((e) => e.record.type === 'DS');
  if (ds.length === 0) return;
  const nsNames = new Set(ctx.records.filter((e) => e.record.type === 'NS').map((e) => e.record.name));
  const manage = { ...buildManage(ctx.manage), ...(ctx.scopes?.zone !== undefined ? { scope: ctx.scopes.zone } : {}) };
  for (const e of ds) {
    const name = e.record.name;
    if (nsNames.has(name)) continue;
    const at = [...e.path, 'name'];
    if (name === ctx.zone) {
      ctx.sink.warning(
        'ds.apex',
        at,
        `a DS record at the zone apex belongs in the parent zone (at your registrar), not in ${ctx.zone}: DS records in a zone secure its delegated subdomains`,
      );
      continue;
    }
    // Whether a live NS there may outlive the file is the ownership rules' question (src/core/ownership).
    if (!unseenMayStay(manage, { name, type: 'NS' }, ctx.zone)) {
      ctx.sink.error(
        'ds.delegation',
        at,
        `a DS record needs NS records at the same name (${name}), and the file has none: the service refuses a DS without a delegation, and with manage.unmanaged: delete no NS there is kept; add the NS records`,
      );
    } else {
      ctx.sink.warning(
        'ds.delegation',
        at,
        `a DS record needs NS records at the same name (${name}); the file has none, so the service accepts this DS only if such NS records already exist outside the file`,
      );
    }
  }
};
