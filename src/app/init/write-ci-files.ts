/**
 * The CI files of `zonectl init --ci`, put into the repository (issue 44 item 1): a file that is
 * not there is created, one that holds the same text is left alone, one that differs is shown as a
 * unified diff and replaced only with `force`; when any differs without `force`, nothing at all is
 * written. Each write is atomic (write-file-atomic.ts) and never goes through a link out of the
 * repository: the file itself must not be a link, and its directory (once links are followed)
 * lies inside the repository, else the file is refused by name before anything is written.
 */
import { lstatSync, mkdirSync, readFileSync, realpathSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { createTwoFilesPatch } from 'diff';
import type { CiFile } from '../../core/ci/index.js';
import { ZonectlError } from '../../core/errors.js';
import { isInside, vcsComponent } from '../files/index.js';
import { writeFileAtomic } from '../output/index.js';

export type CiFileStatus = 'created' | 'unchanged' | 'replaced' | 'differs';

export interface CiFileOutcome {
  readonly path: string;
  readonly status: CiFileStatus;
  /** The unified diff from the file there to the new text (replaced, differs). */
  readonly diff?: string;
}

/** The nearest directory of `path` that exists (itself included). */
function existingAncestor(path: string): string {
  for (let dir = path; ; dir = dirname(dir)) {
    try {
      lstatSync(dir);
      return dir;
    } catch {
      if (dirname(dir) === dir) return dir;
    }
  }
}

/** What is at `path` now: nothing, or a regular file's text; a link or anything else is refused. */
function current(root: string, file: CiFile): string | undefined {
  const path = join(root, file.path);
  const realRoot = realpathSync(root);
  const dir = realpathSync(existingAncestor(dirname(path)));
  if (!isInside(realRoot, dir) || vcsComponent(realRoot, dir) !== undefined)
    throw new ZonectlError('OUTPUT_UNWRITABLE', `${file.path}: its directory leads outside the repository (a link?): nothing written`);
  let stat: ReturnType<typeof lstatSync>;
  try {
    stat = lstatSync(path);
  } catch {
    return undefined;
  }
  if (stat.isSymbolicLink()) throw new ZonectlError('OUTPUT_UNWRITABLE', `${file.path} is a link: nothing written through it`);
  if (!stat.isFile()) throw new ZonectlError('OUTPUT_UNWRITABLE', `${file.path} is not a regular file: nothing written`);
  return readFileSync(path, 'utf8');
}

/** Compares each file with what is there, then writes (all or, without `force` and a difference, none). */
export function writeCiFiles(root: string, files: readonly CiFile[], force: boolean): CiFileOutcome[] {
  const planned = files.map((file) => {
    const before = current(root, file);
    if (before === undefined) return { file, status: 'created' as const };
    if (before === file.text) return { file, status: 'unchanged' as const };
    const diff = createTwoFilesPatch(`a/${file.path}`, `b/${file.path}`, before, file.text, undefined, undefined, { context: 3 });
    return { file, status: force ? ('replaced' as const) : ('differs' as const), diff };
  });
  const refused = planned.some((p) => p.status === 'differs');
  for (const p of planned) {
    if (refused || (p.status !== 'created' && p.status !== 'replaced')) continue;
    const path = join(root, p.file.path);
    mkdirSync(dirname(path), { recursive: true });
    // Checked again now that the directories exist: still inside, still no link at the file.
    current(root, p.file);
    writeFileAtomic(path, p.file.text);
  }
  return planned.map((p) => ({ path: p.file.path, status: p.status, ...(p.diff !== undefined ? { diff: p.diff } : {}) }));
}
