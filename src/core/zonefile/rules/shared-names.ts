/**
 * The records of the file grouped by name, only for names that hold two records or more: what
 * the duplicate and CNAME rules look at. Most names of a large zone hold one record, so singles
 * are never put in arrays, and the grouping is made once per file for both rules.
 */
import type { RecordEntry, RuleContext } from './context.js';

const cache = new WeakMap<readonly RecordEntry[], ReadonlyMap<string, readonly RecordEntry[]>>();

export function sharedNames(ctx: Pick<RuleContext, 'records'>): ReadonlyMap<string, readonly RecordEntry[]> {
  const known = cache.get(ctx.records);
  if (known !== undefined) return known;
  const byName = new Map<string, RecordEntry | RecordEntry[]>();
  for (const e of ctx.records) {
    const seen = byName.get(e.record.name);
    if (seen === undefined) byName.set(e.record.name, e);
    else if (Array.isArray(seen)) seen.push(e);
    else byName.set(e.record.name, [seen, e]);
  }
  const shared = new Map<string, readonly RecordEntry[]>();
  for (const [name, group] of byName) if (Array.isArray(group)) shared.set(name, group);
  cache.set(ctx.records, shared);
  return shared;
}
