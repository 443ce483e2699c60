/**
 * `--shard K/N`: a stable subset of the zones, so that the N jobs of a CI matrix (numbered 1..N,
 * as matrices number their jobs) cover each zone exactly once. A zone's shard depends on its
 * name only (FNV-1a of the canonical name), never on the order or number of files.
 */
import { ZonectlError } from './errors.js';

export interface Shard {
  readonly index: number;
  readonly count: number;
}

export class ShardSpecError extends ZonectlError {
  constructor(message: string) {
    super('BAD_FLAG', message);
  }
}

/** `K/N` with 1 <= K <= N. */
export function parseShard(spec: string): Shard {
  const m = /^\s*(\d+)\s*\/\s*(\d+)\s*$/.exec(spec);
  if (!m) throw new ShardSpecError(`--shard must look like K/N (e.g. 2/4), got "${spec}"`);
  const index = Number(m[1]);
  const count = Number(m[2]);
  if (count < 1 || index < 1 || index > count) throw new ShardSpecError(`--shard K/N needs 1 <= K <= N, got "${spec}"`);
  return { index, count };
}

/** FNV-1a (32 bits) of the UTF-8 bytes of a name. */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (const byte of new TextEncoder().encode(text)) {
    hash ^= byte;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash >>> 0;
}

/** The shard (1..count) a zone belongs to. */
export function shardOf(zone: string, count: number): number {
  return (fnv1a(zone.toLowerCase().replace(/\.$/, '')) % count) + 1;
}

export function inShard(zone: string, shard: Shard): boolean {
  return shardOf(zone, shard.count) === shard.index;
}
