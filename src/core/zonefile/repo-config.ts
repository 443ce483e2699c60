/**
 * The repository configuration file, `zonectl.yaml`: several accounts and credentials in one
 * run. Checked with its JSON Schema (core/schema: validateRepoConfig) and a few rules, each problem
 * at its file:line:col like a zone file's. Pure: the caller passes the text and the environment.
 *
 * A credential never appears in the file, only the names of the variables that hold it; a value
 * that looks like an API token or a Global API Key is refused without being repeated.
 */
import { forbiddenVariable, VARIABLE_PREFIX, type Env, type Problem, type SourceFile, parseYaml, ProblemSink } from '../yaml/index.js';
import type { PathSegment } from '../text/index.js';
import { ACCOUNT_NAME_PATTERN, validateRepoConfig } from '../schema/index.js';
import { canonicalZoneName } from '../model/names.js';
import type { TeamOwner } from '../ownership/index.js';
import { lintIgnoreOf } from './lint-settings.js';
import type { LintIgnoreEntry } from './types.js';

/** The file name looked for at the repository root. */
export const REPO_CONFIG_FILE = 'zonectl.yaml';

export type CredentialSource =
  | { readonly kind: 'token'; readonly tokenEnv: string }
  | { readonly kind: 'key'; readonly emailEnv: string; readonly keyEnv: string };

/** A limit of `policy:` with where zonectl.yaml writes it (a problem names that line). */
export interface PolicyLimit {
  readonly value: number;
  readonly file: string;
  readonly line: number;
}

/** `policy:` of zonectl.yaml (the repository's, or an account's). */
export interface RepoPolicy {
  readonly minTtl?: PolicyLimit;
}

export interface RepoAccount {
  readonly name: string;
  /** The account's own `policy:` (wins over the repository's for its zones). */
  readonly policy?: RepoPolicy;
  /** The account id, when given (lower-case); `${VAR}` read from the environment. */
  readonly accountId?: string;
  /** Set when `account_id: ${VAR}` names a variable that is not set: the account's zones fail. */
  readonly accountIdUnset?: string;
  readonly credentials: CredentialSource;
}

export interface RepoConfig {
  readonly file: string;
  readonly accounts: ReadonlyMap<string, RepoAccount>;
  /** `lint: { ignore: [...] }`: lint checks silenced in every zone of the repository. */
  readonly lintIgnore?: readonly LintIgnoreEntry[];
  /** `policy:` for every zone of the repository. */
  readonly policy?: RepoPolicy;
  /** `owners:`: the teams sharing zones, in the file's order (src/core/ownership/scopes.ts). */
  readonly owners?: readonly TeamOwner[];
}

interface RawOwner {
  zones?: Record<string, string[]>;
  files?: string[];
  codeowners?: string[];
}

/** `owners:` as the ownership rules read it: zone names canonical, the file's order kept. */
function ownersOf(doc: unknown): TeamOwner[] {
  const raw = (doc as { owners?: Record<string, RawOwner> } | null)?.owners ?? {};
  return Object.entries(raw).map(([name, o]) => ({
    name,
    codeowners: o.codeowners ?? [],
    files: o.files ?? [],
    zones: Object.fromEntries(Object.entries(o.zones ?? {}).map(([zone, globs]) => [canonicalZoneName(zone), globs])),
  }));
}

export const isAccountName = (name: string): boolean => new RegExp(ACCOUNT_NAME_PATTERN).test(name);

/** An API token (40 URL-safe characters) or a Global API Key (37 hex): a secret, not a variable name. */
function looksLikeCredential(value: string): boolean {
  if (/^[0-9a-f]{37}$/i.test(value)) return true;
  return /^[A-Za-z0-9_-]{32,}$/.test(value) && /[a-z]/.test(value) && /[0-9]/.test(value);
}

/**
 * Variables the CI platform sets, some from what a pull request's author chooses (the branch name
 * GITHUB_HEAD_REF, GitLab's CI_MERGE_REQUEST_TITLE and CI_COMMIT_MESSAGE), others its own tokens
 * (CI_JOB_TOKEN, ACTIONS_RUNTIME_TOKEN): never a Cloudflare credential. Named as one, a pull request
 * would send them as a bearer token and, as every credential's value is masked, hide any text of
 * its choice behind `***` in the plan its reviewers read. GitHub reserves GITHUB_* and RUNNER_*
 * (https://docs.github.com/en/actions/reference/variables-reference); GitLab's predefined
 * variables are CI, CI_* and GITLAB_* (https://docs.gitlab.com/ci/variables/predefined_variables).
 */
export function isCiPlatformVariable(name: string): boolean {
  return name === 'CI' || /^(?:GITHUB|RUNNER|ACTIONS|CI|GITLAB)_/.test(name);
}

/** `['accounts', 'main', 'credentials']` -> `/accounts/main/credentials`. */
const pointerOf = (path: readonly PathSegment[]): string => path.map((p) => `/${String(p)}`).join('');

interface RawAccount {
  account_id?: string;
  policy?: { min_ttl?: number };
  credentials: { token_env?: string; email_env?: string; key_env?: string };
}

/** `zonectl.yaml` -> the accounts, or every problem found (no config when there is an error). */
export function parseRepoConfig(source: SourceFile, env: Env): { config?: RepoConfig; problems: Problem[] } {
  const parsed = parseYaml(source.text);
  if (!parsed.ok) {
    const sink = new ProblemSink(source.path, null);
    sink.at('error', parsed.code, parsed.line, parsed.col, parsed.message);
    return { problems: sink.finish() };
  }
  const sink = new ProblemSink(source.path, parsed.positions);
  const doc = parsed.value;
  // Secrets first: a credential written where a variable name belongs is named as such, alone
  // (no other complaint about the credentials holding it).
  const secretAt = new Set<string>();
  const accountsDoc = (doc as { accounts?: unknown } | null)?.accounts;
  if (accountsDoc !== null && typeof accountsDoc === 'object') {
    for (const [name, a] of Object.entries(accountsDoc as Record<string, unknown>)) {
      const creds = (a as { credentials?: unknown } | null)?.credentials;
      if (creds === null || typeof creds !== 'object') continue;
      for (const [key, value] of Object.entries(creds as Record<string, unknown>)) {
        if (typeof value !== 'string' || !looksLikeCredential(value)) continue;
        secretAt.add(`/accounts/${name}/credentials`);
        sink.error(
          'config.secret',
          ['accounts', name, 'credentials', key],
          'this looks like a credential, not the name of an environment variable: never write a credential in the file; put it in the environment (a CI secret) and name the variable here',
        );
      }
    }
  }
  for (const issue of validateRepoConfig(doc)) {
    // A credentials mapping that holds a credential is named for it alone.
    if (issue.path[2] === 'credentials' && secretAt.has(pointerOf(issue.path.slice(0, 3)))) continue;
    if (issue.atKey) sink.keyError('config.schema', issue.path, issue.message);
    else sink.error('config.schema', issue.path, issue.message);
  }
  if (sink.errorCount > 0) return { problems: sink.finish() };
  for (const [name, raw] of Object.entries((doc as { accounts?: Record<string, RawAccount> }).accounts ?? {})) {
    for (const [key, variable] of Object.entries(raw.credentials)) {
      // A zone file may read this name: the credential would be one `${...}` away from a plan a
      // pull request prints (and a pull request may drop the account from this file).
      if (typeof variable === 'string' && forbiddenVariable(variable) === undefined)
        sink.error(
          'config.credential-variable',
          ['accounts', name, 'credentials', key],
          `${variable} is a name zone files can read (${VARIABLE_PREFIX}*): keep credentials in variables named otherwise, e.g. CF_${name.toUpperCase().replace(/[^A-Z0-9]/g, '_')}_${key.replace(/_env$/, '').toUpperCase()}`,
        );
      else if (typeof variable === 'string' && isCiPlatformVariable(variable))
        sink.error(
          'config.credential-variable',
          ['accounts', name, 'credentials', key],
          `${variable} is a variable of the CI platform (CI, CI_*, GITHUB_*, GITLAB_*, RUNNER_*, ACTIONS_*), never a Cloudflare credential: name the variable holding the account's secret, e.g. CF_${name.toUpperCase().replace(/[^A-Z0-9]/g, '_')}_${key.replace(/_env$/, '').toUpperCase()}`,
        );
    }
  }
  if (sink.errorCount > 0) return { problems: sink.finish() };
  const policyAt = (path: readonly (string | number)[], raw: { min_ttl?: number } | undefined): RepoPolicy | undefined => {
    if (typeof raw?.min_ttl !== 'number') return undefined;
    return { minTtl: { value: raw.min_ttl, file: source.path, line: parsed.positions.positionOf([...path, 'min_ttl']).line } };
  };
  const accounts = new Map<string, RepoAccount>();
  for (const [name, raw] of Object.entries((doc as { accounts?: Record<string, RawAccount> }).accounts ?? {})) {
    const policy = policyAt(['accounts', name, 'policy'], raw.policy);
    const c = raw.credentials;
    const credentials: CredentialSource =
      c.token_env !== undefined
        ? { kind: 'token', tokenEnv: c.token_env }
        : { kind: 'key', emailEnv: c.email_env ?? '', keyEnv: c.key_env ?? '' };
    const ref = /^\$\{([A-Za-z_][A-Za-z0-9_]*)\}$/.exec(raw.account_id ?? '');
    const value = ref ? env[ref[1]!]?.trim() : raw.account_id;
    const forbidden = ref ? forbiddenVariable(ref[1]!, { reader: 'zonectl.yaml' }) : undefined;
    if (forbidden !== undefined) {
      // The configuration is in the repository, so a pull request can edit it: it reads only what zone files may.
      sink.error('config.account-id', ['accounts', name, 'account_id'], forbidden);
    } else if (ref && (value === undefined || value === '')) {
      accounts.set(name, { name, credentials, accountIdUnset: ref[1]!, ...(policy !== undefined ? { policy } : {}) });
    } else if (value !== undefined && !/^[0-9a-fA-F]{32}$/.test(value)) {
      sink.error(
        'config.account-id',
        ['accounts', name, 'account_id'],
        `${ref?.[1] ?? ''} does not hold an account id (32 hexadecimal characters)`,
      );
    } else {
      accounts.set(name, {
        name,
        credentials,
        ...(value !== undefined ? { accountId: value.toLowerCase() } : {}),
        ...(policy !== undefined ? { policy } : {}),
      });
    }
  }
  const problems = sink.finish();
  const lintIgnore = lintIgnoreOf(source.path, doc, parsed.positions);
  const policy = policyAt(['policy'], (doc as { policy?: { min_ttl?: number } }).policy);
  const owners = ownersOf(doc);
  const config: RepoConfig = {
    file: source.path,
    accounts,
    ...(lintIgnore.length > 0 ? { lintIgnore } : {}),
    ...(policy !== undefined ? { policy } : {}),
    ...(owners.length > 0 ? { owners } : {}),
  };
  return sink.errorCount > 0 ? { problems } : { config, problems };
}

/** The fields of an account's `credentials` that name a variable. */
const CREDENTIAL_FIELDS = ['token_env', 'email_env', 'key_env'] as const;

const FIELD_VALUE = /\b(?:token_env|email_env|key_env)["']?\s*:\s*["']?([A-Za-z_][A-Za-z0-9_]*)/g;

/**
 * Every variable `zonectl.yaml` names as an account's credential, read from the text even when
 * the file has other problems (a pull request may break it on purpose): from the document when
 * it parses, and from every `token_env:` / `email_env:` / `key_env:` written anywhere.
 */
export function credentialVariableNames(text: string): string[] {
  const names = new Set<string>();
  for (const m of text.matchAll(FIELD_VALUE)) names.add(m[1]!);
  const parsed = parseYaml(text);
  const accounts = parsed.ok ? (parsed.value as { accounts?: unknown } | null)?.accounts : undefined;
  if (accounts !== null && typeof accounts === 'object') {
    for (const account of Object.values(accounts as Record<string, unknown>)) {
      const credentials = (account as { credentials?: unknown } | null)?.credentials;
      if (credentials === null || typeof credentials !== 'object') continue;
      for (const field of CREDENTIAL_FIELDS) {
        const value = (credentials as Record<string, unknown>)[field];
        if (typeof value === 'string' && /^[A-Za-z_][A-Za-z0-9_]*$/.test(value)) names.add(value);
      }
    }
  }
  return [...names];
}
