/**
 * Records beside a delegation (NS below the apex, other than DS) are shadowed: the service keeps
 * them ("Any record you keep at or below that delegation point is shadowed. It stays stored in
 * your zone", https://developers.cloudflare.com/dns/manage-dns-records/reference/shadowed-records/;
 * real zones hold an A, TXT or MX beside an NS, issue 28), but resolvers are referred to the
 * delegated nameservers and never see them. A warning, never a refusal. DS records sit at
 * delegation points (RFC 4035 §2.4). At the apex the zone's own NS records stand beside
 * everything. (apply writes such records before the NS at their name: src/core/plan/order.ts.)
 */
import { DELEGATION_COMPANION_TYPES } from '../../service/coexistence.js';
import { type Rule, describeRecordAt } from './context.js';
import { sharedNames } from './shared-names.js';

export const checkDelegationAlone: Rule = (ctx) => {
  for (const [name, group] of sharedNames(ctx)) {
    if (name === ctx.zone) continue;
    const ns = group.find((e) => e.record.type === 'NS');
    if (ns === undefined) continue;
    for (const e of group) {
      if (DELEGATION_COMPANION_TYPES.has(e.record.type)) continue;
      ctx.sink.warning(
        'ns.delegation-alone',
        [...e.path, 'type'],
        `${name} has NS records (a delegation, ${describeRecordAt(ctx, ns)}): the service keeps this ${e.record.type} record beside them, but it is shadowed (resolvers are referred to the delegated nameservers and never see it); move it into the delegated zone unless that is intended`,
      );
    }
  }
};
