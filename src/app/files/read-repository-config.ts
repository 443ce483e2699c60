/**
 * Finding and reading the repository configuration (`zonectl.yaml`): `--config FILE`, else the
 * first `zonectl.yaml` found upwards from the paths given, stopping at the repository root (the
 * directory holding `.git`). Without one, a run uses the credentials of the environment alone.
 * A pull request may edit or replace the file: it is read confined to its repository
 * (confined-read.ts: no symlink out, a regular file), and the variables it names as credentials
 * are never readable by a zone file and masked in every output (credentialVariablesOf).
 */
import { existsSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { CREDENTIAL_VARIABLES } from '../../api/credentials.js';
import {
  checkRepoPolicy,
  credentialVariableNames,
  isCiPlatformVariable,
  parseRepoConfig,
  REPO_CONFIG_FILE,
  type RepoConfig,
  type ZoneConfig,
} from '../../core/zonefile/index.js';
import type { Problem } from '../../core/yaml/index.js';
import type { TeamOwners } from '../../core/ownership/index.js';
import { registerSecret } from '../output/index.js';
import { readConfinedFile } from './confined-read.js';
import { repositoryRoot } from './repository-root.js';

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

/** The configuration file for these paths, or undefined. */
export function findRepoConfig(paths: readonly string[]): string | undefined {
  const start = paths[0];
  if (start === undefined) return undefined;
  let dir = resolve(isDirectory(start) ? start : dirname(start));
  for (;;) {
    const candidate = join(dir, REPO_CONFIG_FILE);
    if (existsSync(candidate)) return candidate;
    if (existsSync(join(dir, '.git'))) return undefined;
    const parent = dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
}

/** The text of a configuration file, confined to its own repository. */
export function readRepoConfigText(file: string): { ok: true; text: string } | { ok: false; message: string } {
  const read = readConfinedFile(repositoryRoot(file), file);
  if (read.ok) return { ok: true, text: read.bytes.toString('utf8') };
  return {
    ok: false,
    message: read.why === 'not-found' ? 'configuration file not found' : `configuration file cannot be read: ${read.message}`,
  };
}

/**
 * The variables no zone file or fragment of a run may read, whichever zones it plans: those
 * zonectl reads credentials from (CREDENTIAL_VARIABLES) and every one the repository
 * configuration (`flag`, else found from `paths`) names as an account's credential, found even
 * when the file has other problems. Their values in `env` are masked in every output from now
 * on (src/app/output/secret-redaction.ts), the email's included.
 */
export function credentialVariablesOf(
  paths: readonly string[],
  flag: string | undefined,
  env: Readonly<Record<string, string | undefined>>,
): ReadonlySet<string> {
  const file = flag ?? findRepoConfig(paths);
  const read = file === undefined ? undefined : readRepoConfigText(file);
  return credentialVariablesIn(read?.ok === true ? read.text : '', env);
}

/** The same, from the text of a configuration ('' for none). */
export function credentialVariablesIn(text: string, env: Readonly<Record<string, string | undefined>>): ReadonlySet<string> {
  const names = new Set([...CREDENTIAL_VARIABLES, ...credentialVariableNames(text)]);
  // A CI platform's variable is refused as a credential (repo-config.ts): never sent, so not masked,
  // since masking a value the pull request chose (its branch name) would hide that text from the plan.
  for (const name of names) if (!isCiPlatformVariable(name)) registerSecret(env[name]);
  return names;
}

/**
 * The teams of the repository configuration (`owners:`, README "Sharing a zone"), with each
 * file's path as their `files` globs read it (relative to zonectl.yaml's directory, `/`-separated);
 * undefined without a configuration, without teams, or when the configuration has errors (which
 * checkRepositoryConfig reports).
 */
export function teamOwnersOf(
  paths: readonly string[],
  flag: string | undefined,
  env: Readonly<Record<string, string | undefined>>,
): TeamOwners | undefined {
  const file = flag ?? findRepoConfig(paths);
  const read = file === undefined ? undefined : readRepoConfigText(file);
  if (file === undefined || read?.ok !== true) return undefined;
  const owners = parseRepoConfig({ path: file, text: read.text }, env).config?.owners;
  if (owners === undefined) return undefined;
  const base = dirname(resolve(file));
  // Named in messages as the user would find it: from the working directory when it is below it.
  const shown = relative(process.cwd(), resolve(file));
  const source = shown !== '' && !shown.startsWith('..') ? shown : file;
  return { owners, source, pathOf: (f) => relative(base, resolve(f)).split(sep).join('/') };
}

function problemAt(file: string, message: string, code: string, line = 1, col = 1, path = ''): Problem {
  return { severity: 'error', file, line, col, path, message, code };
}

/**
 * The configuration (`flag`, else found upwards from `paths`) with its problems, and each zone
 * file's `account:` checked against it (an unknown name, or `account:` without a configuration,
 * is an error at the zone file's line).
 */
export async function checkRepositoryConfig(
  paths: readonly string[],
  configs: readonly ZoneConfig[],
  flag: string | undefined,
  env: Readonly<Record<string, string | undefined>>,
): Promise<{ config?: RepoConfig; problems: Problem[] }> {
  const file = flag ?? findRepoConfig(paths);
  const problems: Problem[] = [];
  let config: RepoConfig | undefined;
  if (file !== undefined) {
    const read = readRepoConfigText(file);
    if (!read.ok) problems.push(problemAt(file, read.message, 'file.read'));
    const text = read.ok ? read.text : undefined;
    if (text !== undefined) {
      const loaded = parseRepoConfig({ path: file, text }, env);
      problems.push(...loaded.problems);
      config = loaded.config;
    }
  }
  if (problems.some((p) => p.severity === 'error')) return { problems };
  // The repository's policy (zonectl.yaml `policy:`) on every zone's records.
  if (config !== undefined) for (const c of configs) problems.push(...checkRepoPolicy(c, config));
  for (const c of configs) {
    if (c.account === undefined) continue;
    const { name, line, col } = c.account;
    if (config === undefined) {
      problems.push(
        problemAt(
          c.file,
          `account "${name}" needs a ${REPO_CONFIG_FILE} at the repository root (or --config FILE) that lists it under accounts:`,
          'config.no-file',
          line,
          col,
          'account',
        ),
      );
    } else if (!config.accounts.has(name)) {
      const known = [...config.accounts.keys()].join(', ');
      problems.push(
        problemAt(
          c.file,
          `account "${name}" is not in ${config.file} (accounts: ${known})`,
          'config.unknown-account',
          line,
          col,
          'account',
        ),
      );
    }
  }
  return { ...(config !== undefined ? { config } : {}), problems };
}

/** A zone's account id (where a new zone is created) comes from its file, else from its account in zonectl.yaml. */
export function withAccountId(config: ZoneConfig, repo: RepoConfig | undefined): ZoneConfig {
  const id = config.account !== undefined ? repo?.accounts.get(config.account.name)?.accountId : undefined;
  return config.accountId === undefined && id !== undefined ? { ...config, accountId: id } : config;
}
