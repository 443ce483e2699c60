/**
 * A record the plan creates beside NS records that stay live (a delegation below the apex): the
 * service refuses a record created where an NS exists, 81056 "NS records with that host already
 * exist." (https://github.com/acme-dns/acme-dns/issues/258), though it keeps such a record when
 * the NS came second (shadowed records,
 * https://developers.cloudflare.com/dns/manage-dns-records/reference/shadowed-records/). When the
 * plan writes the NS too, order.ts writes the other records first; when the NS is live and stays,
 * the plan says what the service will answer and how to get there. Pure.
 */
import type { RecordChange } from '../diff/changes.js';
import type { LiveRecord } from '../model/record.js';

export function besideDelegationWarnings(changes: readonly RecordChange[], live: readonly LiveRecord[], zone: string): string[] {
  const creates = changes.filter((c) => c.kind === 'create' && c.after.type !== 'NS' && c.after.type !== 'DS' && c.after.name !== zone);
  if (creates.length === 0) return [];
  const deleted = new Set(changes.flatMap((c) => (c.kind === 'delete' ? [c.before.id] : [])));
  const delegations = new Set(live.filter((r) => r.type === 'NS' && r.name !== zone && !deleted.has(r.id)).map((r) => r.name));
  if (delegations.size === 0) return [];
  return creates.flatMap((c) =>
    c.kind === 'create' && delegations.has(c.after.name)
      ? [
          `${c.after.name} ${c.after.type}: NS records are live at this name (a delegation), and the service refuses a record created where an NS exists (81056); it keeps one written before the NS: remove the NS records from the file for one apply and add them back in the next, or move this record into the delegated zone`,
        ]
      : [],
  );
}
