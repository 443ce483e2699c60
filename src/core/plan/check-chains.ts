import { isInZone } from '../model/names.js';
import type { CanonicalRecord } from '../model/record.js';

/** Where a CNAME chain walk ended. */
export type ChainEnd =
  | { readonly kind: 'stopped'; readonly at: string } // `stop` said so
  | { readonly kind: 'ends'; readonly at: string } // a name with no CNAME
  | { readonly kind: 'loops'; readonly at: string; readonly path: readonly string[] };

/** The CNAME target of a name, when it has one (a map, or a lookup through wildcards). */
export type CnameLookup = Pick<ReadonlyMap<string, string>, 'get'>;

/**
 * The one CNAME chain walk of zonectl: from the CNAME `name` (pointing at `target`), follows
 * `cname` (name -> target) until `stop(name)` holds, a name has no CNAME, or a name comes back.
 */
export function followCnameChain(name: string, target: string, cname: CnameLookup, stop: (n: string) => boolean): ChainEnd {
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

/**
 * The loops of CNAMEs of two names or more among `records`, each once, as `a -> b -> a` (the
 * path back to its first name; a CNAME to its own name is `cname.self`'s, refused). A loop is a configuration error for DNS (RFC 1034 §3.6.2: a resolver must detect it,
 * and no name of it resolves), but nothing shows that the service refuses one of two names or
 * more (it refuses only a CNAME to its own name, `cname.self`): zonectl warns, and writes them.
 */
export function cnameLoops(records: readonly CanonicalRecord[]): string[][] {
  const cname = cnameTargets(records);
  const known = new Set<string>(); // names whose chain is walked: it ends, or leads into a loop already found
  const isKnown = (n: string): boolean => known.has(n);
  const loops: string[][] = [];
  for (const [name, target] of cname) {
    // Most CNAMEs point at a name with no CNAME (often outside the zone): their chain ends at
    // once (it cannot loop: target !== name, as name has a CNAME). No walk for them.
    if (!cname.has(target)) {
      known.add(name);
      continue;
    }
    const end = followCnameChain(name, target, cname, isKnown);
    if (end.kind === 'loops') {
      if (end.path.length > 2) loops.push([...end.path]);
      for (const n of end.path) known.add(n);
    }
    known.add(name);
  }
  return loops;
}

/** The warning for a loop of `cnameLoops`. */
export const cnameLoopMessage = (loop: readonly string[]): string =>
  `CNAME records form a loop: ${loop.join(' -> ')}; no name of it resolves (RFC 1034 §3.6.2); the service keeps them`;

function isProxiedCname(r: CanonicalRecord): r is CanonicalRecord & { content: string } {
  return r.type === 'CNAME' && r.proxied && r.content !== undefined;
}

/** A desired proxied CNAME whose chain in the zone reaches no address, and why. */
export interface ProxiedChainFailure {
  readonly record: CanonicalRecord;
  /** The name the chain ends at (no address there) or loops at. */
  readonly at: string;
  readonly message: string;
}

/** The wildcard that answers for `name` (RFC 4592 §3.3.1): `*.` + the closest enclosing name that has one, when `name` itself has no records. */
function coveringWildcard(name: string, owners: ReadonlySet<string>, zone: string): string | undefined {
  if (owners.has(name)) return undefined;
  let parent = name;
  while (parent !== zone && parent.includes('.')) {
    parent = parent.slice(parent.indexOf('.') + 1);
    if (owners.has(`*.${parent}`)) return `*.${parent}`;
    if (owners.has(parent)) return undefined; // an existing name closer to `name` stops the search (the closest encloser)
  }
  return undefined;
}

/**
 * A proxied CNAME sends the edge to its target, which the edge resolves like any resolver
 * ("the chain must end at a hostname with a valid IP address", src/emulator/README.md, "DNS
 * records"): targets outside the zone and wildcard answers included
 * (https://developers.cloudflare.com/dns/proxy-status/). A chain that stays in the zone and ends
 * at a name with no address (no A/AAAA there, none through a wildcard), or loops, leaves the
 * edge without an origin: a warning, never a refusal (the service holds such records, issue 28).
 * `records` is the zone as it will be after apply (desired plus what is kept).
 */
export function proxiedChainFailures(
  desired: readonly CanonicalRecord[],
  records: readonly CanonicalRecord[],
  zone: string,
): ProxiedChainFailure[] {
  if (!desired.some(isProxiedCname)) return [];
  const cname = cnameTargets(records);
  const owners = new Set<string>();
  const addressed = new Set<string>();
  for (const r of records) {
    owners.add(r.name);
    if (r.type === 'A' || r.type === 'AAAA') addressed.add(r.name);
  }
  // A name answered by a wildcard takes the wildcard's records: its address, or its CNAME.
  const answering = (n: string): string => coveringWildcard(n, owners, zone) ?? n;
  const viaWildcards: CnameLookup = { get: (n) => cname.get(answering(n)) };
  const failures: ProxiedChainFailure[] = [];
  for (const r of desired) {
    if (!isProxiedCname(r)) continue;
    const end = followCnameChain(r.name, r.content, viaWildcards, (n) => !isInZone(n, zone) || addressed.has(answering(n)));
    if (end.kind === 'ends') {
      failures.push({
        record: r,
        at: end.at,
        message: `proxied ${r.name} CNAME ${r.content}: the chain ends at ${end.at}, which has no A or AAAA record in the zone (none through a wildcard either)`,
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
