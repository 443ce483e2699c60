import { ZonectlError } from '../errors.js';
import { isInZone } from '../model/names.js';
import type { CanonicalRecord } from '../model/record.js';

export class ProxiedChainError extends ZonectlError {
  constructor(readonly problems: readonly string[]) {
    super('PROXIED_CHAIN', `the service would refuse ${problems.length === 1 ? 'this record' : 'these records'}: ${problems.join('; ')}`);
  }
}

/**
 * A proxied CNAME whose chain stays in the zone must end at a name with an A or AAAA record
 * (DESIGN §5). `records` is the zone as it will be after apply (desired plus what is kept).
 * Returns one message per offending desired CNAME.
 */
export function proxiedChainProblems(desired: readonly CanonicalRecord[], records: readonly CanonicalRecord[], zone: string): string[] {
  const cname = new Map<string, string>();
  const addressed = new Set<string>();
  for (const r of records) {
    if (r.type === 'CNAME' && r.content !== undefined) cname.set(r.name, r.content);
    if (r.type === 'A' || r.type === 'AAAA') addressed.add(r.name);
  }
  const problems: string[] = [];
  for (const r of desired) {
    if (r.type !== 'CNAME' || !r.proxied || r.content === undefined) continue;
    const seen = new Set([r.name]);
    let target = r.content;
    while (isInZone(target, zone) && !addressed.has(target)) {
      const next = cname.get(target);
      if (next === undefined) {
        problems.push(`proxied ${r.name} CNAME ${r.content}: the chain ends at ${target}, which has no A or AAAA record in the zone`);
        break;
      }
      if (seen.has(target)) {
        problems.push(`proxied ${r.name} CNAME ${r.content}: the chain loops at ${target}`);
        break;
      }
      seen.add(target);
      target = next;
    }
  }
  return problems;
}
