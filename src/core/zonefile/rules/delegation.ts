/**
 * A delegation (NS records below the apex) shares its name only with DS records. The service
 * refuses any other record there, and the whole batch with it: 81056 "NS records with that
 * host already exist." (acme-dns/acme-dns issue #258 shows the live answer); the official SDK's
 * create/update notes: "NS records cannot exist on the same name as any other record type".
 * DS records sit at delegation points (RFC 4035 §2.4), so DS stays allowed. At the apex the
 * zone's own NS records stand beside everything.
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
      ctx.sink.error(
        'ns.delegation-alone',
        [...e.path, 'type'],
        `${name} has NS records (a delegation, ${describeRecordAt(ctx, ns)}), which share their name only with DS records: the service refuses this ${e.record.type} record there (81056 "NS records with that host already exist."); move it into the delegated zone or remove the delegation`,
      );
    }
  }
};
