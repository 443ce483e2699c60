import { ZonectlError } from '../errors.js';
import type { CanonicalRecord } from '../model/record.js';
import type { RecordChange } from '../diff/changes.js';
import { PHASE } from './operation.js';

export class CnameCycleError extends ZonectlError {
  constructor(readonly cycle: readonly string[]) {
    super('CNAME_CYCLE', `CNAME records form a cycle: ${cycle.join(' -> ')}`);
  }
}

/**
 * Depth of each desired CNAME in its in-zone chain: 0 when its target is not a desired CNAME,
 * else 1 + the target's depth. Targets are written before the CNAMEs that point at them.
 */
export function cnameDepths(desired: readonly CanonicalRecord[]): Map<string, number> {
  const target = new Map<string, string>();
  for (const r of desired) if (r.type === 'CNAME' && r.content !== undefined) target.set(r.name, r.content);
  const depth = new Map<string, number>();
  const visit = (name: string, stack: string[]): number => {
    const known = depth.get(name);
    if (known !== undefined) return known;
    if (stack.includes(name)) throw new CnameCycleError([...stack.slice(stack.indexOf(name)), name]);
    const next = target.get(name);
    const d = next !== undefined && target.has(next) ? 1 + visit(next, [...stack, name]) : 0;
    depth.set(name, d);
    return d;
  };
  for (const name of target.keys()) visit(name, []);
  return depth;
}

/** The phase of a record change (DESIGN §4 order). */
export function phaseOf(change: RecordChange, depths: ReadonlyMap<string, number>): number {
  switch (change.kind) {
    case 'delete':
      if (change.reason === 'conflict') return PHASE.freeName;
      return change.before.type === 'CNAME' ? PHASE.cleanup : PHASE.cleanup + 1;
    case 'create':
    case 'update':
      return change.after.type === 'CNAME' ? PHASE.alias + (depths.get(change.after.name) ?? 0) : PHASE.records;
    default: {
      const never: never = change;
      return never;
    }
  }
}
