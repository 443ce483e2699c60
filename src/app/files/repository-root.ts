/**
 * The repository root of a zone file: the nearest directory at or above the file's own that holds
 * `.git` (a directory, or the file of a worktree) or `zonectl.yaml`; without one, the zone
 * file's directory. Includes (`include:`) are confined to it (read-include.ts), and
 * `zonectl.yaml` there is the repository configuration.
 */
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

export const REPOSITORY_MARKERS = ['.git', 'zonectl.yaml'] as const;

export function repositoryRoot(file: string): string {
  return repositoryRootOfDir(dirname(resolve(file)));
}

/** The same for a directory (itself included): where `zonectl init` puts the schema. */
export function repositoryRootOfDir(directory: string): string {
  const start = resolve(directory);
  for (let dir = start; ; dir = dirname(dir)) {
    if (REPOSITORY_MARKERS.some((m) => existsSync(join(dir, m)))) return dir;
    if (dirname(dir) === dir) return start;
  }
}
