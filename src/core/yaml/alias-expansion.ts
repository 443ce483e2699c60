/**
 * YAML alias bombs ("billion laughs"): js-yaml shares an aliased value instead of copying it,
 * so parsing stays cheap, but every later walk (`${VAR}` interpolation, the schema, the rules)
 * visits a shared value once per alias. Ten levels of ten aliases fit in 550 bytes and expand
 * to 10^10 nodes. The expansion is measured here once, in time linear in what the file writes,
 * and a file whose aliases add more than a budget of nodes is refused before any walk.
 */

/** Aliases may add this many nodes, plus twice the number of nodes the file writes. */
const ALIAS_EXTRA_NODES = 100_000;
const ALIAS_EXTRA_FACTOR = 2;

/**
 * The most nodes a document that writes `written` nodes may hold once its aliases are expanded:
 * the one budget of every YAML reader (zone files here, octoDNS's files in
 * src/core/migrate/octodns/yaml-tree.ts).
 */
export function aliasExpansionLimit(written: number): number {
  return written + ALIAS_EXTRA_NODES + ALIAS_EXTRA_FACTOR * written;
}

interface ExpansionVerdict {
  /** Nodes the file writes (each shared value counted once). */
  readonly written: number;
  /** Nodes once every alias is expanded. */
  readonly expanded: number;
  readonly limit: number;
  /** Index (in completion order) of the smallest value that alone expands beyond the limit. */
  readonly culprit: number;
}

function childrenOf(value: object): unknown[] {
  return Array.isArray(value) ? value : Object.values(value);
}

/**
 * `valueAt(0 .. count - 1)` are the composed values of the document's nodes in the order the
 * nodes were completed (children before their parent; an alias after the value it names).
 * Returns undefined when the expansion is within the budget.
 */
export function measureAliasExpansion(count: number, valueAt: (i: number) => unknown, root: unknown): ExpansionVerdict | undefined {
  const size = new Map<object, number>();
  let written = 1;
  for (let i = 0; i < count; i += 1) {
    const v = valueAt(i);
    if (v === null || typeof v !== 'object' || size.has(v)) continue;
    const children = childrenOf(v);
    let n = 1;
    for (const c of children) n += c !== null && typeof c === 'object' ? (size.get(c) ?? 1) : 1;
    written += children.length;
    size.set(v, n);
  }
  const expanded = root !== null && typeof root === 'object' ? (size.get(root) ?? 1) : 1;
  const limit = aliasExpansionLimit(written);
  if (expanded <= limit) return undefined;
  let culprit = -1;
  let smallest = Infinity;
  for (let i = 0; i < count; i += 1) {
    const v = valueAt(i);
    if (v === null || typeof v !== 'object') continue;
    const n = size.get(v) ?? 0;
    if (n > limit && n < smallest) {
      smallest = n;
      culprit = i;
    }
  }
  return { written, expanded, limit, culprit };
}
