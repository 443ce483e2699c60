/**
 * What one `import --from octodns` may read and build in all (issue 39 item 2), whatever the
 * configuration holds: octoDNS's files come from someone else's repository, and a few kilobytes of
 * YAML can stand for billions of values through aliases (bounded per file by yaml-tree.ts, as zone
 * files are) or through `!include` (a file included three times by each of twenty files). Each
 * file is read once, however often it is included (the caller keeps the set of files read); what
 * is counted here is what the import then walks: every file's values, each included file counted
 * once per `!include` that places it. Pure.
 */

/**
 * YAML read by one import, in bytes. The parser builds about 100 bytes of memory per byte of
 * YAML (7 MiB took 0.7 GB on Node 20), so this keeps an import under a gigabyte; a 10,000-record
 * octoDNS zone is about 1 MiB.
 */
export const OCTODNS_MAX_BYTES = 8 * 1024 * 1024;

/** Values (scalars, mappings, lists) the import walks once every include and alias is in place. */
export const OCTODNS_MAX_VALUES = 2_000_000;

/** One file read: its own values, and the file each of its `!include`s places (undefined: not read, or a cycle). */
export interface IncludedFile {
  readonly values: number;
  readonly includes: ReadonlyArray<string | undefined>;
}

/**
 * The values `file` stands for once its includes are spliced in: its own, each `!include` (one of
 * them) replaced by its file's. Memoized per file, so the count costs what the files write, not
 * what they expand to; a file on its own include path (a cycle, reported by the reader) adds nothing.
 */
export function expandedValues(files: ReadonlyMap<string, IncludedFile>, file: string, memo: Map<string, number> = new Map()): number {
  const onPath = new Set<string>();
  const size = (f: string): number => {
    const known = memo.get(f);
    if (known !== undefined) return known;
    const entry = files.get(f);
    if (entry === undefined || onPath.has(f)) return 1;
    onPath.add(f);
    let n = entry.values;
    for (const target of entry.includes) if (target !== undefined) n += size(target) - 1;
    onPath.delete(f);
    memo.set(f, n);
    return n;
  };
  return size(file);
}

export const mib = (bytes: number): string => `${bytes / (1024 * 1024)} MiB`;
