import { ZonectlError } from '../errors.js';
import { isInZone } from '../model/names.js';
import type { CanonicalRecord } from '../model/record.js';

export class ProxiedChainError extends ZonectlError {
  constructor(readonly problems: readonly string[]) {
    super('PROXIED_CHAIN', `the service would refuse ${problems.length === 1 ? 'this record' : 'these records'}: ${problems.join('; ')}`);
  }
}

export class CnameCycleError extends ZonectlError {
  constructor(readonly cycle: readonly string[]) {
    super('CNAME_CYCLE', `CNAME records form a cycle: ${cycle.join(' -> ')}`);
  }
}

/** Where a CNAME chain walk ended. */
export type ChainEnd =
  | { readonly kind: 'stopped'; readonly at: string } // `stop` said so
  | { readonly kind: 'ends'; readonly at: string } // a name with no CNAME
  | { readonly kind: 'loops'; readonly at: string; readonly path: readonly string[] };

/**
 * The one CNAME chain walk of zonectl: from the CNAME `name` (pointing at `target`), follows
 * `cname` (name -> target) until `stop(name)` holds, a name has no CNAME, or a name comes back.
 */
export function followCnameChain(name: string, target: string, cname: ReadonlyMap<string, string>, stop: (n: string) => boolean): ChainEnd {
  // The first step allocates nothing: most chains stop or end at the first target.
  if (stop(target)) return { kind: 'stopped', at: target };
  if (target === name) return { kind: 'loops', at: target, path: [name, target] };
  const second = cname.get(target);
  if (second === undefined) return { kind: 'ends', at: target };
  const path = [name, target];
  const seen = new Set(path);
  let at = second;
  for (;;) {
    if (stop(at)) return { kind: 'stopped', at };
    if (seen.has(at)) return { kind: 'loops', at, path: [...path.slice(path.indexOf(at)), at] };
    const next = cname.get(at);
    if (next === undefined) return { kind: 'ends', at };
    seen.add(at);
    path.push(at);
    at = next;
  }
}

function cnameTargets(records: readonly CanonicalRecord[]): Map<string, string> {
  const cname = new Map<string, string>();
  for (const r of records) if (r.type === 'CNAME' && r.content !== undefined) cname.set(r.name, r.content);
  return cname;
}

/** Refuses desired CNAMEs that point at each other in a loop (no name would ever resolve). */
export function assertNoCnameCycle(desired: readonly CanonicalRecord[]): void {
  const cname = cnameTargets(desired);
  const known = new Set<string>(); // names whose chain is known to end
  const isKnown = (n: string): boolean => known.has(n);
  for (const [name, target] of cname) {
    // Most CNAMEs point at a name with no CNAME (often outside the zone): their chain ends at
    // once (it cannot loop: target !== name, as name has a CNAME). No walk for them.
    if (!cname.has(target)) {
      known.add(name);
      continue;
    }
    const end = followCnameChain(name, target, cname, isKnown);
    if (end.kind === 'loops') throw new CnameCycleError(end.path);
    known.add(name);
  }
}

function isProxiedCname(r: CanonicalRecord): r is CanonicalRecord & { content: string } {
  return r.type === 'CNAME' && r.proxied && r.content !== undefined;
}

/** A desired proxied CNAME whose chain breaks the rule below, and why. */
export interface ProxiedChainFailure {
  readonly record: CanonicalRecord;
  /** The name the chain ends at (no A/AAAA there) or loops at. */
  readonly at: string;
  readonly message: string;
}

/**
 * A proxied CNAME whose chain stays in the zone must end at a name with an A or AAAA record
 * (src/emulator/README.md, "DNS records"). `records` is the zone as it will be after apply
 * (desired plus what is kept). Returns one failure per offending desired CNAME.
 */
export function proxiedChainFailures(
  desired: readonly CanonicalRecord[],
  records: readonly CanonicalRecord[],
  zone: string,
): ProxiedChainFailure[] {
  if (!desired.some(isProxiedCname)) return [];
  const cname = cnameTargets(records);
  const addressed = new Set<string>();
  for (const r of records) if (r.type === 'A' || r.type === 'AAAA') addressed.add(r.name);
  const failures: ProxiedChainFailure[] = [];
  for (const r of desired) {
    if (!isProxiedCname(r)) continue;
    const end = followCnameChain(r.name, r.content, cname, (n) => !isInZone(n, zone) || addressed.has(n));
    if (end.kind === 'ends') {
      failures.push({
        record: r,
        at: end.at,
        message: `proxied ${r.name} CNAME ${r.content}: the chain ends at ${end.at}, which has no A or AAAA record in the zone`,
      });
    } else if (end.kind === 'loops') {
      failures.push({ record: r, at: end.at, message: `proxied ${r.name} CNAME ${r.content}: the chain loops at ${end.at}` });
    }
  }
  return failures;
}

/** The messages of `proxiedChainFailures`. */
export function proxiedChainProblems(desired: readonly CanonicalRecord[], records: readonly CanonicalRecord[], zone: string): string[] {
  return proxiedChainFailures(desired, records, zone).map((f) => f.message);
}
