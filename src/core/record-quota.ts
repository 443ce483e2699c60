/**
 * The zone's DNS record quota (`quota.records`, src/core/checks/plan-checks.ts): a plan whose
 * apply would leave the zone (or, on an account-level quota, the account) with more records than
 * the quota is refused before any write, naming the count, the quota and the records over it.
 * The service refuses such a create, 81045 "Record quota exceeded." (js-org/js.org issue #2873,
 * thunderbird/thunderbird-accounts issue #1060); the quotas ("DNS records quota",
 * https://developers.cloudflare.com/dns/manage-dns-records/#dns-records-quota) are read from the
 * service (`GET /zones/{zone_id}/dns_records/usage`, src/api/record-usage.ts), never guessed:
 * a zone the service gives no usage for is not checked. The count is followed through the apply
 * in the plan's order (src/core/plan/order.ts: make before break, most deletes come last), phase
 * by phase, a phase's creates counted before its deletes (calls of one phase run side by side):
 * its highest point is what the service must take, so a plan that fits only once its deletes ran
 * is refused too, saying so. zonectl's own apply lock is one record more while the apply runs
 * (a CNAME at `_zonectl-lock`, docs/architecture.md "Concurrent applies"), and is counted unless
 * the zone already holds it (a plan made under the lock: the usage counts it).
 * On an account-level quota each zone is checked against the account's room alone (zones of one
 * run planned in turn do not see each other's growth). Pure.
 */
import type { PlanCheckCode } from './checks/registry.js';
import { ZonectlError } from './errors.js';
import { SMALLEST_PAID_ZONE_RECORD_QUOTA, SMALLEST_ZONE_RECORD_QUOTA } from './service/api-limits.js';
import type { ZoneTier } from './service/zone-tiers.js';
import { recordKey } from './model/keys.js';
import type { Operation, RecordCreateCall } from './plan/operation.js';
import type { DesiredRecord } from './zonefile/index.js';

/** The quota that binds a zone and what it holds now (`level`: the zone's own or its account's). */
export interface RecordUsage {
  readonly level: 'zone' | 'account';
  readonly quota: number;
  readonly usage: number;
}

/**
 * What an apply of `operations` does to the record count: its creates (in order), its deletes,
 * and the highest count above the start it reaches (phase by phase, a phase's creates before its
 * deletes; replacements count as a delete and a create).
 */
export function recordGrowth(operations: readonly Operation[]): { creates: RecordCreateCall[]; deletes: number; peak: number } {
  const creates: RecordCreateCall[] = [];
  let deletes = 0;
  const byPhase = new Map<number, { creates: number; deletes: number }>();
  for (const op of operations) {
    if (op.kind !== 'dns_record' || op.action === 'update') continue;
    const at = byPhase.get(op.phase) ?? { creates: 0, deletes: 0 };
    if (op.action === 'create') {
      creates.push(op);
      at.creates += 1;
    } else {
      deletes += 1;
      at.deletes += 1;
    }
    byPhase.set(op.phase, at);
  }
  let count = 0;
  let peak = 0;
  for (const phase of [...byPhase.keys()].sort((x, y) => x - y)) {
    const at = byPhase.get(phase)!;
    count += at.creates;
    peak = Math.max(peak, count);
    count -= at.deletes;
  }
  return { creates, deletes, peak };
}

/** The records the apply lock adds while an apply runs (src/core/lock/lock-record.ts). */
const LOCK_RECORDS = 1;

/** Records shown by name, the rest counted. */
const SHOWN = 10;

/**
 * The smallest quota a zone of this tier has on its own, or undefined when its quota may be its
 * account's (Enterprise) or the tier is not known: Free 200 (a zone created before 2024-09-01 has
 * 1,000), Pro and Business 3,500 ("DNS records quota",
 * https://developers.cloudflare.com/dns/manage-dns-records/#dns-records-quota).
 */
function smallestQuotaOf(tier: ZoneTier | undefined): number | undefined {
  if (tier === 'free') return SMALLEST_ZONE_RECORD_QUOTA;
  if (tier === 'pro' || tier === 'business') return SMALLEST_PAID_ZONE_RECORD_QUOTA;
  return undefined;
}

/**
 * Whether the apply may pass a quota, so that the service must be asked: not when the zone is
 * on a plan with a quota of its own (not Enterprise, whose account may hold one quota for all its
 * zones) and stays within the smallest quota of its tier (Free 200, Pro and Business 3,500) with
 * the apply lock counted. `liveCount`: every record the zone holds now, those of types zonectl
 * does not manage included.
 */
export function mayPassQuota(tier: ZoneTier | undefined, liveCount: number, peak: number, lockHeld = false): boolean {
  if (peak === 0) return false;
  const smallest = smallestQuotaOf(tier);
  return smallest === undefined || liveCount + peak + (lockHeld ? 0 : LOCK_RECORDS) > smallest;
}

export class RecordQuotaError extends ZonectlError {
  constructor(message: string) {
    super('RECORD_QUOTA', message);
  }
}

/**
 * The refusal of a plan that passes the quota (undefined when it fits): the count after apply,
 * the quota, and the creates over it (the last ones of the plan), each with its line in the file.
 */
export function quotaProblem(
  file: string,
  operations: readonly Operation[],
  usage: RecordUsage,
  records: readonly DesiredRecord[],
  /** The zone holds the apply lock already (counted in `usage.usage`). */
  lockHeld = false,
): RecordQuotaError | undefined {
  const { creates, deletes, peak } = recordGrowth(operations);
  // After the apply the lock is gone again.
  const after = usage.usage - deletes + creates.length - (lockHeld ? LOCK_RECORDS : 0);
  // + 1: the apply lock, held from before the first write to the last batch.
  const highest = usage.usage + peak + (peak > 0 && !lockHeld ? LOCK_RECORDS : 0);
  if (peak === 0 || highest <= usage.quota) return undefined;
  const over = creates.slice(Math.max(0, creates.length - (highest - usage.quota)));
  const lines = new Map(records.map((d) => [recordKey(d.record), d]));
  const named = over.slice(0, SHOWN).map((op) => {
    const d = lines.get(recordKey(op.after));
    return `${op.after.name} ${op.after.type}${d !== undefined ? ` (${d.source ?? file} line ${d.line})` : ''}`;
  });
  const more = over.length > SHOWN ? ` and ${over.length - SHOWN} more` : '';
  const holder = usage.level === 'zone' ? 'the zone' : "the zone's account (its zones share one quota)";
  const code: PlanCheckCode = 'quota.records';
  return new RecordQuotaError(
    `${file}: ${holder} would hold ${highest} DNS records during this apply (${after} after it; its deletes run after its creates, and the apply lock is one record while it runs) (${usage.usage} now, ${creates.length} created, ${deletes} deleted); its quota is ${usage.quota} [${code}]; over it: ${named.join(', ')}${more}; nothing was planned (remove records, or raise the quota: a paid plan, or the account team on Enterprise)`,
  );
}
