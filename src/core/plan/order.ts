/**
 * The order of a plan, decided here and nowhere else. The diffs return changes; this file
 * builds a dependency graph over them and gives each operation a `phase`: the length of the
 * longest chain of dependencies that leads to it. An operation is sent only after every
 * operation of a lower phase was acknowledged (the batch packer, src/api/pack-calls.ts, keeps
 * that order). The rules, each an edge "X before Y":
 *
 * 1. Settings before records: DNS settings (e.g. flatten_all_cnames) change what the service
 *    accepts, so every record operation waits for them.
 * 2. A delete that frees a name before the create (or update) that needs it: a record that cannot
 *    coexist with a desired one (`cannotCoexist`, service/coexistence.ts) goes first.
 * 3. A/AAAA before the CNAMEs that point at them: a write of an A, AAAA or CNAME at a name comes
 *    before a write of a CNAME whose target is that name; chains follow from the edges. A loop of
 *    desired CNAMEs (a warning, check-chains.ts) has no first name: its CNAMEs wait for none of
 *    their targets.
 * 4. NS before DS at a name: a DS needs the delegation (NS) at its name; on delete, the DS goes
 *    before the NS (RFC 4035 §2.4: DS records sit at delegation points). Other records before
 *    the NS at their name: the service refuses a record created where an NS exists (81056,
 *    https://github.com/acme-dns/acme-dns/issues/258) and keeps an NS created beside records
 *    ("Adding an NS delegation can shadow records you already depend on",
 *    https://developers.cloudflare.com/dns/manage-dns-records/reference/shadowed-records/).
 * 5. Make before break: deletes that free no name come after every create and update, and a
 *    CNAME is deleted before what it points at.
 * 6. Tokens after records: a token's policies may name what the records create.
 * 7. DNSSEC (PATCH /zones/{zone_id}/dnssec) where src/core/dnssec/diff.ts places it: turning
 *    `multi_signer` on before the records (the service takes DNSKEY records only with it),
 *    turning it off after them (the DNSKEY records leave first); any other change before them.
 *
 * Within a phase, operations are sorted (settings, records, tokens; deletes, updates, creates;
 * then by name and type) so that a plan reads the same every time.
 */
import { naturalCompare } from '../natural-compare.js';
import { InternalError, ZonectlError } from '../errors.js';
import { cnameLoops } from './check-chains.js';
import type { CanonicalRecord } from '../model/record.js';
import { shownRecord, type Operation, type UnorderedOperation } from './operation.js';

export class OrderCycleError extends ZonectlError {
  constructor(what: readonly string[]) {
    super('ORDER_CYCLE', `these operations depend on each other in a loop: ${what.join('; ')}`);
  }
}

/** A graph over operations plus "barrier" nodes that stand for "all of these are done". */
class DependencyGraph {
  /** Per node, its edges as `to * 2 + weight` (a number, not a tuple per edge: 100,000-operation plans have ~500,000 edges). */
  private readonly edges: number[][] = [];
  private readonly indegree: number[] = [];
  /** Operation nodes start at phase 0; barriers at -1 (a barrier with nothing before it waits for nothing). */
  private readonly start: number[] = [];

  node(isBarrier: boolean): number {
    this.edges.push([]);
    this.indegree.push(0);
    this.start.push(isBarrier ? -1 : 0);
    return this.edges.length - 1;
  }

  /** `from` before `to`; weight 0 only into a barrier (joining it takes no step of its own). */
  before(from: number, to: number, weight: 0 | 1 = 1): void {
    if (from === to) return;
    this.edges[from].push(to * 2 + weight);
    this.indegree[to] += 1;
  }

  /** Longest-path layering (Kahn's algorithm); the nodes left over lie on a cycle. */
  layers(): { phase: number[]; cyclic: number[] } {
    const phase = [...this.start];
    const indegree = [...this.indegree];
    const ready = indegree.flatMap((d, i) => (d === 0 ? [i] : []));
    let seen = 0;
    while (ready.length > 0) {
      const n = ready.pop() as number;
      seen += 1;
      for (const edge of this.edges[n]) {
        const to = edge >>> 1;
        phase[to] = Math.max(phase[to], phase[n] + (edge & 1));
        indegree[to] -= 1;
        if (indegree[to] === 0) ready.push(to);
      }
    }
    const cyclic = seen === phase.length ? [] : indegree.flatMap((d, i) => (d > 0 ? [i] : []));
    return { phase, cyclic };
  }
}

/** The barrier kinds of the rules below: "everything of this kind at a name is done". */
type Rule = 'freed' | 'unpointed' | 'written' | 'ds deleted' | 'ns written' | 'beside ns written';

const KIND_ORDER = { dns_settings: 0, dnssec: 1, dns_record: 2, token: 3 } as const;
const ACTION_ORDER = { delete: 0, update: 1, create: 2 } as const;

function sortKey(op: UnorderedOperation): string {
  if (op.kind !== 'dns_record') return op.kind === 'token' ? op.name : '';
  const r = shownRecord(op);
  return `${r.name} ${r.type}`;
}

/** Phase, kind, action (then the sort key, compared by the caller in natural order: h2 before h10). */
function compareOps(a: Operation, b: Operation): number {
  if (a.phase !== b.phase) return a.phase - b.phase;
  if (a.kind !== b.kind) return KIND_ORDER[a.kind] - KIND_ORDER[b.kind];
  if (a.action !== b.action) return ACTION_ORDER[a.action] - ACTION_ORDER[b.action];
  return 0;
}

/**
 * Gives every operation its phase and returns them in order. `desired` is the file's records
 * (the CNAMEs of a loop among them, even when only part of it changes, wait for no target).
 */
export function orderOperations(ops: readonly UnorderedOperation[], desired: readonly CanonicalRecord[] = []): Operation[] {
  const looping = new Set(cnameLoops(desired).flat());
  const g = new DependencyGraph();
  const nodes = ops.map(() => g.node(false));
  const settingsDone = g.node(true);
  const writesDone = g.node(true);
  const recordsDone = g.node(true);
  g.before(settingsDone, recordsDone, 0);

  // One barrier per (rule, name), made when first needed: "everything of this kind at this name
  // is done". Edges go through it, so the graph stays linear in the number of operations.
  // A map per rule: no `rule name` key string built per operation.
  const barriers = new Map<Rule, Map<string, number>>();
  const at = (rule: Rule, name: string): number => {
    let byName = barriers.get(rule);
    if (byName === undefined) barriers.set(rule, (byName = new Map()));
    let b = byName.get(name);
    if (b === undefined) {
      b = g.node(true);
      byName.set(name, b);
    }
    return b;
  };

  // Names where the plan writes NS records: only there do other writes wait for nothing but go first (rule 4).
  const nsWrittenAt = new Set<string>();
  for (const op of ops) if (op.kind === 'dns_record' && op.action !== 'delete' && op.after.type === 'NS') nsWrittenAt.add(op.after.name);

  ops.forEach((op, i) => {
    const n = nodes[i];
    if (op.kind === 'dns_settings') {
      g.before(n, settingsDone, 0); // rule 1
      return;
    }
    if (op.kind === 'token') {
      g.before(recordsDone, n); // rule 6
      return;
    }
    if (op.kind === 'dnssec') {
      if (op.placement === 'before-records')
        g.before(n, settingsDone, 0); // rule 7
      else g.before(recordsDone, n);
      return;
    }
    g.before(settingsDone, n); // rule 1
    g.before(n, recordsDone, 0); // rule 6
    if (op.action === 'delete') {
      const r = op.before;
      if (op.replacement) {
        g.before(n, at('freed', r.name), 0); // rule 2
        return;
      }
      g.before(writesDone, n); // rule 5: make before break
      if (r.type === 'CNAME' && r.content !== undefined)
        g.before(n, at('unpointed', r.content), 0); // rule 5
      else g.before(at('unpointed', r.name), n);
      if (r.type === 'DS') g.before(n, at('ds deleted', r.name), 0); // rule 4
      if (r.type === 'NS') g.before(at('ds deleted', r.name), n);
      return;
    }
    const r = op.after;
    g.before(n, writesDone, 0); // rule 5
    g.before(at('freed', r.name), n); // rule 2
    if (r.type === 'A' || r.type === 'AAAA' || r.type === 'CNAME') g.before(n, at('written', r.name), 0); // rule 3
    if (r.type === 'CNAME' && r.content !== undefined && r.content !== r.name && !looping.has(r.name))
      g.before(at('written', r.content), n);
    if (r.type === 'NS') {
      g.before(n, at('ns written', r.name), 0); // rule 4
      g.before(at('beside ns written', r.name), n);
    } else if (r.type === 'DS') g.before(at('ns written', r.name), n);
    else if (nsWrittenAt.has(r.name)) g.before(n, at('beside ns written', r.name), 0); // rule 4: the records beside a delegation first
  });

  const { phase, cyclic } = g.layers();
  if (cyclic.length > 0) {
    const names = cyclic.flatMap((n) => {
      const op = ops[n]; // operation nodes were made first: node n is operation n
      return op === undefined
        ? []
        : [op.kind === 'dns_record' ? `${op.action} ${shownRecord(op).name} ${shownRecord(op).type}` : `${op.kind} ${op.action}`];
    });
    throw new OrderCycleError(names);
  }
  const ordered = ops.map((op, i): Operation => {
    const p = phase[nodes[i]];
    if (p === undefined || p < 0) throw new InternalError(`operation ${i} got no phase`);
    // Object.assign, not a spread: spread copies of 100,000 operations each got their own
    // hidden class on Node 20 (a heap snapshot showed ~35 MB of maps; bench/README.md).
    return Object.assign({}, op, { phase: p });
  });
  // Each sort key built once, not at every comparison (n log n strings on a 100,000-operation plan).
  return ordered
    .map((op) => ({ op, key: sortKey(op) }))
    .sort((a, b) => compareOps(a.op, b.op) || naturalCompare(a.key, b.key))
    .map((e) => e.op);
}
