/**
 * Reads the fragments a zone file includes (`include:`, src/core/zonefile/fragments.ts) from
 * disk, confined to the repository (repository-root.ts, confined-read.ts): an entry is a path
 * relative to the file that names it; an absolute path, a path that climbs above the repository
 * root, a path whose real location (symlinks followed) is outside the root, a path into a version
 * control directory (`.git/`, `.hg/`, ...) and a file that is not regular or too large are
 * refused with a reason.
 */
import { dirname, isAbsolute, join, normalize, resolve, win32 } from 'node:path';
import type { IncludeRead, IncludeReader } from '../../core/zonefile/index.js';
import { readConfinedFile } from './confined-read.js';
import { repositoryRoot } from './repository-root.js';

function failure(message: string): IncludeRead {
  return { ok: false, message };
}

/** The reader for the includes of `zoneFile` (and of the fragments it includes). */
export function includeReader(zoneFile: string): IncludeReader {
  const root = repositoryRoot(zoneFile);
  return (from, entry) => {
    if (entry.includes('\u0000')) return failure('a path cannot hold a NUL character');
    if (isAbsolute(entry) || win32.isAbsolute(entry)) return failure(`absolute paths are not allowed; write the path relative to ${from}`);
    const read = readConfinedFile(root, resolve(dirname(from), entry));
    if (!read.ok) return failure(read.why === 'not-a-file' ? `not a file (${read.message})` : read.message);
    return { ok: true, path: normalize(join(dirname(from), entry)), key: read.real, text: read.bytes.toString('utf8') };
  };
}
