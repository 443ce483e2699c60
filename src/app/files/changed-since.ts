/**
 * `plan --changed-since REF`: which files changed since a git revision, and which zones that
 * makes worth planning.
 *
 * The comparison is from the merge base of REF and HEAD (what `git diff REF...HEAD` shows: the
 * changes of this branch, not those made on REF's branch since it forked) to the working tree,
 * plus untracked files: in CI the working tree is the commit under test, and on a laptop edits
 * not yet committed count too. Renames count as a deletion and an addition.
 *
 * A zone is planned when its file changed, when a fragment it includes (directly or not)
 * changed, or when the repository configuration changed (`zonectl.yaml` at the repository root,
 * or the one the run reads: `--config FILE` or zonectl.yaml found upwards, wherever it lies in the
 * repository); an account file when it changed. git runs through execFile with an argument list
 * (no shell), and REF is untrusted: it may not start with `-` (an option) or hold control
 * characters, and it must name a commit.
 *
 * The working directory is untrusted too: a pull request can commit a bare repository (`HEAD`,
 * `config`, `objects/`, `refs/`) into the directory zonectl runs in, and git, left to discover
 * its repository, would take that one and obey its `config` (`core.fsmonitor` runs a command,
 * `core.worktree` moves the work tree). So zonectl finds the repository itself, as the nearest
 * directory at or above the working directory holding `.git` (a directory, or the file of a
 * worktree: git never checks out a path named `.git`, so a pull request cannot add one), and
 * names it to git explicitly (`--git-dir`, `--work-tree`); git then reads only that repository's
 * own configuration, and the command line switches off, whatever any configuration says, what
 * could still run a command: the file system monitor, hooks, external diff drivers and
 * textconv filters, the pager, and bare repositories found by discovery.
 */
import { existsSync, realpathSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, isAbsolute, join, relative, resolve } from 'node:path';
import { promisify } from 'node:util';
import { ZonectlError } from '../../core/errors.js';
import type { AccountConfig, ZoneConfig } from '../../core/zonefile/index.js';

/** The repository configuration at the root, whose change plans every zone (as that of the file in use). */
export const REPOSITORY_CONFIG = 'zonectl.yaml';

export class ChangedSinceError extends ZonectlError {
  constructor(message: string) {
    super('BAD_FLAG', message);
  }
}

/**
 * Configuration given on git's command line, which wins over every configuration file
 * (https://git-scm.com/docs/git#Documentation/git.txt--cltnamegtltvaluegt): nothing git does
 * for zonectl may run a command the repository's files name.
 */
export const SAFE_CONFIG: readonly string[] = [
  'core.fsmonitor=false',
  'core.hooksPath=/dev/null',
  'core.pager=cat',
  'core.untrackedCache=false',
  'safe.bareRepository=explicit',
];

/** The top of the work tree that holds `cwd`: the nearest directory at or above it with `.git`. */
export function workTreeRoot(cwd: string): string {
  const start = realpathSync(cwd);
  for (let dir = start; ; dir = dirname(dir)) {
    if (existsSync(join(dir, '.git'))) return dir;
    if (dirname(dir) === dir) throw new ChangedSinceError(`--changed-since needs a git repository: no .git at or above ${start}`);
  }
}

async function git(root: string, args: readonly string[]): Promise<string> {
  const safe = SAFE_CONFIG.flatMap((c) => ['-c', c]);
  const repository = ['--git-dir', join(root, '.git'), '--work-tree', root];
  try {
    // Loaded here, not at start-up: node:child_process costs every other run ~18 M instructions
    // (bench/README.md, part 6). Through require, not import(): the single executable's script
    // can hold no dynamic import (scripts/build-binary.mjs).
    const childProcess = createRequire(import.meta.url)('node:child_process') as typeof import('node:child_process');
    const run = promisify(childProcess.execFile);
    const { stdout } = await run('git', ['--no-pager', ...safe, ...repository, ...args], {
      cwd: root,
      maxBuffer: 256 * 1024 * 1024,
      encoding: 'utf8',
      // Reading only: git does not refresh and rewrite the index on the way.
      env: { ...process.env, GIT_OPTIONAL_LOCKS: '0' },
    });
    return stdout;
  } catch (error) {
    const e = error as { code?: unknown; stderr?: unknown };
    if (e.code === 'ENOENT') throw new ChangedSinceError('--changed-since needs git, which was not found on PATH');
    const said = typeof e.stderr === 'string' ? e.stderr.trim().split('\n')[0] : '';
    throw new ChangedSinceError(`git ${args[0]} failed${said ? `: ${said}` : ''}`);
  }
}

/** REF as given is untrusted: no option, no control character, no empty string. */
export function checkRef(ref: string): void {
  if (ref === '' || ref.startsWith('-') || /[\u0000-\u001f\u007f]/.test(ref)) {
    throw new ChangedSinceError(
      `--changed-since: ${JSON.stringify(ref)} is not a git revision (it may not be empty, start with "-" or hold control characters)`,
    );
  }
}

export interface ChangedFiles {
  readonly ref: string;
  /** The commit compared with (the merge base of REF and HEAD). */
  readonly base: string;
  /** The repository root (git's top level, real path). */
  readonly root: string;
  /** Paths relative to `root` that were added, modified or deleted. */
  readonly changed: ReadonlySet<string>;
  /** Paths relative to `root` that were deleted. */
  readonly deleted: readonly string[];
}

/** NUL-separated `--name-status -z` output: status, path, status, path, ... */
function parseNameStatus(text: string): Array<{ status: string; path: string }> {
  const parts = text.split('\u0000').filter((p) => p !== '');
  const out: Array<{ status: string; path: string }> = [];
  for (let i = 0; i + 1 < parts.length; i += 2) out.push({ status: parts[i], path: parts[i + 1] });
  return out;
}

/** The files changed since `ref`, in the repository that holds `cwd`. */
export async function changedFilesSince(ref: string, cwd: string): Promise<ChangedFiles> {
  checkRef(ref);
  const root = workTreeRoot(cwd);
  let commit: string;
  try {
    commit = (await git(root, ['rev-parse', '--verify', '--quiet', '--end-of-options', `${ref}^{commit}`])).trim();
  } catch {
    throw new ChangedSinceError(
      `--changed-since: ${JSON.stringify(ref)} does not name a commit in ${root} (in CI, fetch the base branch first, e.g. git fetch origin main and --changed-since origin/main)`,
    );
  }
  const base = (await git(root, ['merge-base', '--end-of-options', commit, 'HEAD'])).trim();
  const entries = parseNameStatus(
    await git(root, ['diff', '--no-ext-diff', '--no-textconv', '--name-status', '-z', '--no-renames', '--end-of-options', base]),
  );
  const untracked = (await git(root, ['ls-files', '--others', '--exclude-standard', '-z'])).split('\u0000').filter((p) => p !== '');
  const changed = new Set([...entries.map((e) => e.path), ...untracked]);
  const deleted = entries.filter((e) => e.status === 'D').map((e) => e.path);
  return { ref, base, root, changed, deleted };
}

export interface ZoneSelection {
  readonly configs: ZoneConfig[];
  readonly accounts: AccountConfig[];
  /** Why each planned zone (by file) is planned. */
  readonly reasons: ReadonlyMap<string, string>;
  readonly skipped: ZoneConfig[];
  readonly skippedAccounts: AccountConfig[];
  /** Deleted `*.yaml` / `*.yml` files under the paths planned (zone files or fragments), relative to the root. */
  readonly deleted: string[];
}

/** `file` relative to the repository root, or undefined when it lies outside. */
function inRepository(root: string, file: string): string | undefined {
  let real: string;
  try {
    real = realpathSync(file);
  } catch {
    real = resolve(file);
  }
  const rel = relative(root, real);
  return rel.startsWith('..') || isAbsolute(rel) ? undefined : rel.split('\\').join('/');
}

/**
 * The repository configuration whose change plans every zone, relative to the root: the file the
 * run reads (`repo`: `--config FILE`, or zonectl.yaml found upwards) when it changed and lies
 * inside the repository, else the root's zonectl.yaml when that changed.
 */
function changedConfig(changes: ChangedFiles, repo: { readonly file: string } | undefined): string | undefined {
  const inUse = repo === undefined ? undefined : inRepository(changes.root, repo.file);
  if (inUse !== undefined && changes.changed.has(inUse)) return inUse;
  return changes.changed.has(REPOSITORY_CONFIG) ? REPOSITORY_CONFIG : undefined;
}

/**
 * The zones and account files worth planning, given what changed (`paths`: what the command line
 * names; `files.repo`: the repository configuration the run reads).
 */
export function selectChanged(
  files: {
    readonly configs: readonly ZoneConfig[];
    readonly accounts: readonly AccountConfig[];
    readonly repo?: { readonly file: string } | undefined;
  },
  changes: ChangedFiles,
  paths: readonly string[],
): ZoneSelection {
  const changed = (file: string): boolean => {
    const rel = inRepository(changes.root, file);
    return rel !== undefined && changes.changed.has(rel);
  };
  const config = changedConfig(changes, files.repo);
  const everything = config !== undefined;
  const reasons = new Map<string, string>();
  const configs: ZoneConfig[] = [];
  const skipped: ZoneConfig[] = [];
  for (const c of files.configs) {
    const fragment = (c.includes ?? []).find(changed);
    const reason = changed(c.file)
      ? 'zone file changed'
      : fragment !== undefined
        ? `fragment ${fragment} changed`
        : everything
          ? `${config} changed`
          : undefined;
    if (reason === undefined) {
      skipped.push(c);
    } else {
      reasons.set(c.file, reason);
      configs.push(c);
    }
  }
  const accounts = files.accounts.filter((a) => everything || changed(a.file));
  const skippedAccounts = files.accounts.filter((a) => !accounts.includes(a));
  const under = paths.map((p) => inRepository(changes.root, p)).filter((p): p is string => p !== undefined);
  const deleted = changes.deleted.filter((d) => /\.ya?ml$/i.test(d) && under.some((u) => u === '' || d === u || d.startsWith(`${u}/`)));
  return { configs, accounts, reasons, skipped, skippedAccounts, deleted };
}
