/**
 * The zone files a command line names: a file as given, a directory as every `*.yaml` / `*.yml`
 * file under it (recursively, hidden and version control directories skipped, symlinked
 * directories not followed, nor a given directory that links out of the repository), sorted so that runs are repeatable. What is found is read confined
 * to the repository like any zone file (load-zone-files.ts, confined-read.ts): a symlink that
 * leads out of it, or to a device, is an error on that file.
 */
import { realpathSync } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { REPO_CONFIG_FILE } from '../../core/zonefile/index.js';
import { isInside, VCS_NAMES } from './confined-read.js';
import { repositoryRoot } from './repository-root.js';

const ZONE_FILE = /\.ya?ml$/i;

export interface ExpandedPaths {
  readonly files: string[];
  /** Directories that hold no zone file (an error: a typo in CI would otherwise plan nothing). */
  readonly emptyDirectories: string[];
}

async function walk(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const found: string[] = [];
  for (const entry of entries) {
    if (entry.name.startsWith('.') || entry.name === REPO_CONFIG_FILE) continue; // zonectl.yaml is the repository's configuration
    if (VCS_NAMES.includes(entry.name.toLowerCase())) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) found.push(...(await walk(path)));
    // Links, FIFOs and devices too: the loader refuses what is not a regular file of the repository, naming it.
    else if (ZONE_FILE.test(entry.name)) found.push(path);
  }
  return found;
}

function leadsOut(dir: string): boolean {
  const root = repositoryRoot(join(resolve(dir), 'zone.yaml'));
  try {
    return !isInside(realpathSync(root), realpathSync(dir));
  } catch {
    return false;
  }
}

const byCodePoint = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** Files stay in the order given; each directory contributes its zone files, sorted; no path twice. */
export async function expandZoneFilePaths(paths: readonly string[]): Promise<ExpandedPaths> {
  const files: string[] = [];
  const emptyDirectories: string[] = [];
  for (const path of paths) {
    let isDirectory = false;
    try {
      isDirectory = (await stat(path)).isDirectory();
    } catch {
      // Missing or unreadable: the loader reports it as a file problem.
    }
    // A directory that is a link out of the repository (`zones -> /`) is not walked: the loader
    // refuses it as a file, naming it.
    if (!isDirectory || leadsOut(path)) {
      files.push(path);
      continue;
    }
    const found = (await walk(path)).sort(byCodePoint);
    if (found.length === 0) emptyDirectories.push(path);
    files.push(...found);
  }
  return { files: [...new Set(files)], emptyDirectories };
}
