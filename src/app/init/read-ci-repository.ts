/**
 * The repository as `zonectl init --ci` sees it (issue 44 item 1): its zone files validated as
 * `zonectl validate` checks them (a file that does not validate stops init, its problems shown),
 * what each zone depends on (its file, its fragments, zonectl.yaml: the path filters), the
 * accounts of zonectl.yaml and their credential variables (the variable of the zones without
 * `account:` too), the `ZONECTL_*` variables the files read, and for GitLab the vendored tarball
 * and its SHA-256. Everything is read inside the repository (confined-read.ts).
 */
import { createHash } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import type { CiCredential, CiRepository } from '../../core/ci/index.js';
import { unwritablePath } from '../../core/ci/index.js';
import { ZonectlError } from '../../core/errors.js';
import type { Problem } from '../../core/yaml/index.js';
import type { RepoAccount } from '../../core/zonefile/index.js';
import { checkRepositoryConfig, findRepoConfig } from '../files/index.js';
import { readConfinedFile } from '../files/index.js';
import type { MessageEvent } from '../session/index.js';
import { isValidFile, listedProblems, runValidate } from '../validate/index.js';

/** zonectl's own credential variable: what zones without `account:` use (src/api/credentials.ts). */
const DEFAULT_TOKEN_ENV = 'CLOUDFLARE_API_TOKEN';

/** `${ZONECTL_NAME}` and `${ZONECTL_NAME:-default}` in a file's text (`$${` is a literal). */
const REFERENCE = /\$\$\{|\$\{(ZONECTL_[A-Za-z0-9_]+)(?::-[^}]*)?\}/g;

export function zonectlVariablesIn(text: string): string[] {
  return [...text.matchAll(REFERENCE)].flatMap((m) => (m[1] !== undefined ? [m[1]] : []));
}

/** `a/b` relative to the root, `/`-separated. */
const inRepo = (root: string, path: string): string => relative(root, resolve(path)).split(sep).join('/');

export interface CiRepositoryRequest {
  readonly root: string;
  /** What the jobs plan, relative to the root (`zones/`). */
  readonly paths: readonly string[];
  readonly version: string;
  readonly action: string;
  readonly branch: string;
  /** GitLab: the tarball given (`--tarball`), else the one `vendor/zonectl-*.tgz` of the repository. */
  readonly tarball?: string;
  readonly gitlab: boolean;
  readonly env: Readonly<Record<string, string | undefined>>;
}

/** The zone files checked; refuses (INVALID_ZONE_FILE) when one does not validate, after telling its problems. */
async function checkedZoneFiles(request: CiRepositoryRequest, emit: (event: MessageEvent) => void) {
  const absolute = request.paths.map((p) => join(request.root, p));
  const result = await runValidate({ paths: absolute, strict: false, env: request.env }, { emit: () => undefined });
  const invalid = result.files.filter((f) => !isValidFile(f));
  if (invalid.length > 0) {
    const errors: Problem[] = invalid.flatMap((f) => listedProblems(f).filter((p) => p.severity === 'error'));
    for (const problem of errors) emit({ kind: 'problem', problem: { ...problem, file: inRepo(request.root, problem.file) } });
    throw new ZonectlError(
      'INVALID_ZONE_FILE',
      `${invalid.length} file(s) do not validate (above): init --ci writes the CI files of a repository zonectl can plan; fix them (or set the ZONECTL_* variables they read) and run it again`,
    );
  }
  return result;
}

/** Each credential variable of the repository with the accounts that name it. */
function credentialsOf(accounts: ReadonlyMap<string, RepoAccount> | undefined, zonesWithoutAccount: boolean): CiCredential[] {
  const byVariable = new Map<string, string[]>();
  for (const account of accounts?.values() ?? []) {
    if (account.credentials.kind !== 'token')
      throw new ZonectlError(
        'CI_INIT',
        `account "${account.name}" uses a Global API Key (email_env, key_env): a plan job would hold a key that can change everything the user can; give the account an API token (token_env) with read-only and write variants first`,
      );
    const seen = byVariable.get(account.credentials.tokenEnv) ?? [];
    byVariable.set(account.credentials.tokenEnv, [...seen, account.name]);
  }
  const credentials: CiCredential[] = [...byVariable].map(([tokenEnv, names]) => ({ tokenEnv, accounts: names }));
  if (zonesWithoutAccount && !byVariable.has(DEFAULT_TOKEN_ENV)) credentials.push({ tokenEnv: DEFAULT_TOKEN_ENV, accounts: [] });
  return credentials;
}

/** The vendored tarball and its SHA-256, read inside the repository. */
function vendoredTarball(request: CiRepositoryRequest): { path: string; sha256: string } {
  let path = request.tarball;
  if (path === undefined) {
    let found: string[] = [];
    try {
      found = readdirSync(join(request.root, 'vendor')).filter((f) => /^zonectl-.*\.tgz$/.test(f));
    } catch {
      // no vendor/ directory: said below
    }
    if (found.length !== 1)
      throw new ZonectlError(
        'CI_INIT',
        found.length === 0
          ? 'no vendored zonectl (vendor/zonectl-*.tgz): the GitLab pipeline installs zonectl from a tarball committed to the repository; run `npm pack` in a zonectl checkout you reviewed, commit the tarball to vendor/, and run init again (or pass --tarball FILE)'
          : `several vendored zonectl tarballs (${found.map((f) => `vendor/${f}`).join(', ')}): pass --tarball FILE`,
      );
    path = `vendor/${found[0]}`;
  }
  const read = readConfinedFile(request.root, join(request.root, path));
  if (!read.ok) throw new ZonectlError('CI_INIT', `--tarball ${path}: ${read.message}`);
  return { path: inRepo(request.root, join(request.root, path)), sha256: createHash('sha256').update(read.bytes).digest('hex') };
}

/** The repository, read: what the CI files are written from. */
export async function readCiRepository(request: CiRepositoryRequest, emit: (event: MessageEvent) => void): Promise<CiRepository> {
  for (const p of request.paths) {
    const why = unwritablePath(p);
    if (why !== undefined) throw new ZonectlError('CI_INIT', `--paths ${why}`);
  }
  const validated = await checkedZoneFiles(request, emit);
  const zones = validated.files.flatMap((f) => (f.config !== undefined ? [f.config] : []));
  const absolute = request.paths.map((p) => join(request.root, p));
  const repo = await checkRepositoryConfig(absolute, zones, undefined, request.env);
  const configFile = findRepoConfig(absolute);
  const repositoryConfig = configFile !== undefined ? inRepo(request.root, configFile) : 'zonectl.yaml';
  const dependencies = [
    ...new Set([
      ...zones.flatMap((z) => [z.file, ...(z.includes ?? [])].map((f) => inRepo(request.root, f))),
      ...validated.files.flatMap((f) => (f.account !== undefined ? [inRepo(request.root, f.path)] : [])),
    ]),
  ].sort();
  for (const d of dependencies) {
    const why = unwritablePath(d);
    if (why !== undefined) throw new ZonectlError('CI_INIT', `a file the zones depend on: ${why}`);
  }
  const credentials = credentialsOf(
    repo.config?.accounts,
    zones.some((z) => z.account === undefined),
  );
  if (credentials.length === 0) credentials.push({ tokenEnv: DEFAULT_TOKEN_ENV, accounts: [] });
  const texts = [...dependencies, ...(configFile !== undefined ? [repositoryConfig] : [])].flatMap((f) => {
    const read = readConfinedFile(request.root, join(request.root, f));
    return read.ok ? [read.bytes.toString('utf8')] : [];
  });
  const variables = [...new Set(texts.flatMap(zonectlVariablesIn))].sort();
  // Without GitLab's pipeline, the name `npm pack` gives this release's tarball (the docs' recipes show it).
  const tarball = request.gitlab ? vendoredTarball(request) : { path: `vendor/zonectl-${request.version}.tgz` };
  return {
    version: request.version,
    paths: request.paths,
    dependencies,
    repositoryConfig,
    credentials,
    variables,
    branch: request.branch,
    action: request.action,
    tarball,
  };
}
