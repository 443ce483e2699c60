/**
 * Reads the fragments a zone file includes (`include:`, src/core/zonefile/fragments.ts) from
 * disk, confined to the repository (repository-root.ts): an entry is a path relative to the file
 * that names it; an absolute path, a path that climbs above the repository root, and a path
 * whose real location (symlinks followed) is outside the root are refused with a reason.
 */
import { readFileSync, realpathSync, statSync } from 'node:fs';
import { dirname, isAbsolute, join, normalize, relative, resolve, win32 } from 'node:path';
import type { IncludeRead, IncludeReader } from '../../core/zonefile/index.js';
import { repositoryRoot } from './repository-root.js';

function isInside(root: string, path: string): boolean {
  const rel = relative(root, path);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
}

function failure(message: string): IncludeRead {
  return { ok: false, message };
}

/** The reader for the includes of `zoneFile` (and of the fragments it includes). */
export function includeReader(zoneFile: string): IncludeReader {
  const root = repositoryRoot(zoneFile);
  let realRoot: string | undefined;
  return (from, entry) => {
    if (entry.includes('\u0000')) return failure('a path cannot hold a NUL character');
    if (isAbsolute(entry) || win32.isAbsolute(entry)) return failure(`absolute paths are not allowed; write the path relative to ${from}`);
    const target = resolve(dirname(from), entry);
    if (!isInside(root, target))
      return failure(`the path leads outside the repository (root ${root}, the nearest directory with .git or zonectl.yaml)`);
    let real: string;
    try {
      real = realpathSync(target);
      realRoot ??= realpathSync(root);
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      return failure(code === 'ENOENT' ? 'file not found' : `cannot be read (${typeof code === 'string' ? code : 'unknown error'})`);
    }
    if (!isInside(realRoot, real)) return failure(`a symlink leads outside the repository (root ${root})`);
    try {
      if (!statSync(real).isFile()) return failure('not a file');
      return { ok: true, path: normalize(join(dirname(from), entry)), key: real, text: readFileSync(real, 'utf8') };
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      return failure(`cannot be read (${typeof code === 'string' ? code : 'unknown error'})`);
    }
  };
}
