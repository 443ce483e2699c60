/**
 * Which file wrote a record of a plan: the zone file, or the fragment it includes (`include:`).
 * Plans mark records from fragments (text, markdown) and name every record's file (JSON).
 */
import { recordKey } from '../model/keys.js';
import type { CanonicalRecord } from '../model/record.js';
import type { DesiredRecord } from '../zonefile/index.js';
import type { ZonePlan } from './build-plan.js';
import type { Operation } from './operation.js';

/** `recordKey` -> fragment file, for the records that come from fragments; undefined when none do. */
export function fragmentSources(records: readonly DesiredRecord[]): Record<string, string> | undefined {
  let out: Record<string, string> | undefined;
  for (const r of records) if (r.source !== undefined) (out ??= {})[recordKey(r.record)] = r.source;
  return out;
}

/** The desired record an operation writes (creates and updates; deletes write none). */
function written(op: Operation): CanonicalRecord | undefined {
  return op.kind === 'dns_record' && op.action !== 'delete' ? op.after : undefined;
}

/** The fragment a record operation's record comes from, when it comes from one. */
export function fragmentOf(plan: Pick<ZonePlan, 'sources'>, op: Operation): string | undefined {
  const r = plan.sources ? written(op) : undefined;
  return r && plan.sources ? plan.sources[recordKey(r)] : undefined;
}

/** The file that writes an operation's record: its fragment, else the zone file; undefined for deletes. */
export function sourceFileOf(plan: Pick<ZonePlan, 'sources' | 'file'>, op: Operation): string | undefined {
  return written(op) ? (fragmentOf(plan, op) ?? plan.file) : undefined;
}
