/**
 * The nodes of one YAML document as parallel typed arrays, numbered in the order js-yaml opens
 * them (parse-yaml.ts): no object per node, since a 100,000-record file has over a million.
 */
export const KIND_NONE = 0;
export const KIND_SCALAR = 1;
export const KIND_MAPPING = 2;
export const KIND_SEQUENCE = 3;

function kindCode(kind: string | null): number {
  switch (kind) {
    case 'scalar':
      return KIND_SCALAR;
    case 'mapping':
      return KIND_MAPPING;
    case 'sequence':
      return KIND_SEQUENCE;
    default:
      return KIND_NONE;
  }
}

/**
 * The nodes of one document as parallel arrays indexed by opening order. The children of node
 * `n` are `n + 1`, then `next[n + 1]`, ... while below `next[n]` (the index after its subtree).
 */
export class NodeTable {
  /** Offset, 0-based line and line start when the node was opened (before white space). */
  pos: Int32Array;
  line: Int32Array;
  lineStart: Int32Array;
  /** Offset when the node was closed. */
  end: Int32Array;
  /** Index after the node's last descendant. */
  next: Int32Array;
  kind: Uint8Array;
  /** The value js-yaml composed for the node. */
  result: unknown[] = [];
  count = 0;
  /** Node indexes in the order the nodes were closed (children before parents). */
  closed: Int32Array;
  closedCount = 0;

  /** `capacity`: nodes expected (the arrays grow past it). */
  constructor(capacity = 1024) {
    const size = Math.max(1024, capacity);
    this.pos = new Int32Array(size);
    this.line = new Int32Array(size);
    this.lineStart = new Int32Array(size);
    this.end = new Int32Array(size);
    this.next = new Int32Array(size);
    this.kind = new Uint8Array(size);
    this.closed = new Int32Array(size);
  }

  open(pos: number, line: number, lineStart: number): number {
    const n = this.count;
    if (n === this.pos.length) this.#grow();
    this.pos[n] = pos;
    this.line[n] = line;
    this.lineStart[n] = lineStart;
    this.result.push(undefined);
    this.count = n + 1;
    return n;
  }

  close(n: number, end: number, kind: string | null, result: unknown): void {
    this.end[n] = end;
    this.kind[n] = kindCode(kind);
    this.next[n] = this.count;
    this.result[n] = result;
    if (this.closedCount === this.closed.length) {
      const bigger = new Int32Array(this.closed.length * 2);
      bigger.set(this.closed);
      this.closed = bigger;
    }
    this.closed[this.closedCount++] = n;
  }

  #grow(): void {
    const size = this.pos.length * 2;
    const int = (a: Int32Array): Int32Array => {
      const b = new Int32Array(size);
      b.set(a);
      return b;
    };
    this.pos = int(this.pos);
    this.line = int(this.line);
    this.lineStart = int(this.lineStart);
    this.end = int(this.end);
    this.next = int(this.next);
    const kind = new Uint8Array(size);
    kind.set(this.kind);
    this.kind = kind;
  }
}
