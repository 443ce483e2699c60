/**
 * The paths of a saved plan: `plan --out` records them relative to the repository root, and
 * `apply --plan` resolves them against the root of the repository it runs in (issue 27; README.md,
 * "Saved plans"), confined as includes are (src/app/files/confined-read.ts).
 */
import { existsSync } from 'node:fs';
import { isAbsolute, join, relative, resolve, sep, win32 } from 'node:path';
import { mapPlanPaths } from '../../core/plan/plan-file-paths.js';
import { PlanFileError, type PlanFile } from '../../core/plan/plan-file.js';
import { confine, isInside } from '../files/index.js';
import { REPOSITORY_MARKERS, repositoryRoot, repositoryRootOfDir } from '../files/index.js';

/**
 * The root a saved plan's paths are relative to: the repository of the working directory `cwd`,
 * where apply --plan looks for it (openSavedPlan), so that a plan made from a subdirectory, with
 * `./` or with absolute paths records the same paths; when the files lie outside it (a plan made
 * from elsewhere), the repository of the first zone file. Every file must lie inside the root.
 * `files` as the run reads them (relative to the process's working directory, or absolute).
 */
export function recordedRoot(cwd: string, files: readonly string[]): { kind: 'root'; root: string } | { kind: 'unsavable'; why: string } {
  const absolute = files.map((f) => resolve(f));
  const candidates = [repositoryRootOfDir(cwd), ...(absolute[0] !== undefined ? [repositoryRoot(absolute[0])] : [])];
  const root = candidates.find((r) => absolute.every((f) => isInside(r, f)));
  if (root !== undefined) return { kind: 'root', root };
  const last = candidates[candidates.length - 1]!;
  const stray = files.find((_, i) => !isInside(last, absolute[i]!));
  // Without .git or zonectl.yaml above them, the files' "repository" is only a directory: apply
  // --plan takes the directory it runs in, so the plan must be made from there.
  if (!REPOSITORY_MARKERS.some((m) => existsSync(join(last, m))))
    return {
      kind: 'unsavable',
      why: `${stray} is in no repository (no .git or zonectl.yaml at or above it) and outside the working directory's (${candidates[0]}): run plan from the directory apply --plan will run in`,
    };
  return {
    kind: 'unsavable',
    why: `${stray} is outside the repository of the zone files (${last}): apply --plan reads a plan's files from one repository; plan them separately`,
  };
}

/**
 * A saved plan's paths as apply reads them (relative to the process's working directory, as every
 * path of a run): format 2 records them relative to the root of the repository (recordedRoot),
 * apply resolves them against `root`, the root of the repository it runs in; format 1 recorded
 * them as given on plan's command line, and they are read as before, from the working directory.
 * A recorded file or repository configuration that is an absolute path (format 2 writes none),
 * or leads out of the repository, is refused here, named as recorded; the other checks of the
 * files follow (saved-plan.ts).
 */
export function pathsAsRead(file: PlanFile, path: string, root: string): PlanFile {
  if (file.format_version === 1) return file;
  checkFileEntries(file, path);
  for (const recorded of [
    ...file.files.map((f) => f.path),
    ...(typeof file.repository_config === 'string' ? [file.repository_config] : []),
  ]) {
    const where = confine(root, resolve(root, recorded));
    const why =
      !where.ok && where.why !== 'not-found' ? where.message : isAbsolute(recorded) || win32.isAbsolute(recorded) ? ABSOLUTE : undefined;
    if (why !== undefined)
      throw new PlanFileError('PLAN_FILE_INVALID', `${recorded}: the plan names a file apply does not read: ${why}; nothing was changed`);
  }
  return mapPlanPaths(file, (p) => relative(process.cwd(), resolve(root, ...p.split('/'))) || '.');
}

const ABSOLUTE = 'an absolute path (a saved plan records paths relative to the repository root)';

/** `plan` with its paths as a saved plan records them: relative to `root`, `/`-separated. */
export function recordedPaths(plan: PlanFile, root: string): PlanFile {
  return mapPlanPaths(plan, (p) => relative(root, resolve(p)).split(sep).join('/'));
}

/** The plan's list of files is a list of `{ path, sha256 }`. */
export function checkFileEntries(file: PlanFile, path: string): void {
  if (
    !Array.isArray(file.files) ||
    !file.files.every((f) => typeof f?.path === 'string' && typeof f.sha256 === 'string' && /^[0-9a-f]{64}$/.test(f.sha256))
  ) {
    throw new PlanFileError(
      'PLAN_FILE_INVALID',
      `${path}: files must list { path, sha256 } entries; the plan file was edited or is corrupt`,
    );
  }
}
