/**
 * The path filters of the CI files (issue 33 item 1, issue 44 item 1): every file a zone depends
 * on must run the plan and the apply, and a new zone file beside the others too. So the filters
 * name the folders of the zone files and fragments (a new file in one of them runs the jobs), and
 * the repository configuration by name (created or changed, it changes every zone); a zone file or
 * fragment at the repository root is named alone. A folder inside another listed one is left out.
 *
 * - GitHub `paths` (https://docs.github.com/en/actions/writing-workflows/workflow-syntax-for-github-actions#filter-pattern-cheat-sheet):
 *   `dir/**` matches every file under `dir`, at any depth.
 * - GitLab `rules:changes` (https://docs.gitlab.com/ci/yaml/#ruleschanges, Ruby's File.fnmatch
 *   with FNM_PATHNAME): `dir/**` alone stops at one level; `dir/**\/*` matches at any depth.
 * test/ci-recipes/path-filters.test.ts checks both against `validate --format json`. Pure.
 */
import type { CiRepository } from './ci-repository.js';

/** A file's folder, `''` at the root. */
const folderOf = (path: string): string => (path.includes('/') ? path.slice(0, path.lastIndexOf('/')) : '');

/** The folders and root files to watch, sorted, a folder inside another left out. */
export function watched(repo: Pick<CiRepository, 'paths' | 'dependencies' | 'repositoryConfig'>): {
  readonly folders: readonly string[];
  readonly files: readonly string[];
} {
  const folders = new Set<string>();
  const files = new Set<string>([repo.repositoryConfig]);
  for (const p of repo.paths) {
    if (p.endsWith('/')) folders.add(p.replace(/\/+$/, ''));
    else if (folderOf(p) === '') files.add(p);
    else folders.add(folderOf(p));
  }
  for (const d of repo.dependencies) {
    if (d === repo.repositoryConfig) continue;
    const folder = folderOf(d);
    if (folder === '') files.add(d);
    else folders.add(folder);
  }
  const all = [...folders].filter((f) => f !== '' && f !== '.');
  const outer = all.filter((f) => !all.some((g) => g !== f && f.startsWith(`${g}/`))).sort();
  return { folders: outer, files: [...files].sort() };
}

/** GitHub's `paths` filter. */
export function gitHubPaths(repo: Pick<CiRepository, 'paths' | 'dependencies' | 'repositoryConfig'>): string[] {
  const { folders, files } = watched(repo);
  return [...folders.map((f) => `${f}/**`), ...files];
}

/** GitLab's `rules:changes`. */
export function gitLabChanges(repo: Pick<CiRepository, 'paths' | 'dependencies' | 'repositoryConfig'>): string[] {
  const { folders, files } = watched(repo);
  return [...folders.map((f) => `${f}/**/*`), ...files];
}
