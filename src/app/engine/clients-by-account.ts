/**
 * Several accounts and credentials in one run (the repository configuration, zonectl.yaml): a
 * client per credential, each with its own rate budget (the service's limit is per user), made
 * when a zone first needs it. A zone without `account:` uses the environment's credential
 * (CLOUDFLARE_API_TOKEN, ...). An account whose variable is unset fails its own zones alone,
 * with a message naming the variable (never a value).
 */
import { registerSecret } from '../output/index.js';
import { CredentialsError, type CloudflareClient, type Credentials } from '../../api/index.js';
import type { CredentialSource, RepoAccount, RepoConfig, ZoneConfig } from '../../core/zonefile/index.js';
import { ZonectlError } from '../../core/errors.js';
import { connectWithBudget, type BudgetFlags } from '../connect/index.js';
import { planZoneOutcomes, type ZoneOutcome } from './plan-zone-outcomes.js';
import { checkPlanPermissions, type PermissionCheck } from './check-permissions.js';
import type { ZoneRun } from './plan-zone-run.js';

type Env = Readonly<Record<string, string | undefined>>;

/** An account's credential from the variables the configuration names; `consequence` ends the error of an unset one. */
export function accountCredentials(account: RepoAccount, env: Env, consequence = "this account's zones were not planned"): Credentials {
  const c: CredentialSource = account.credentials;
  const unset = (names: readonly string[]): string[] => names.filter((n) => (env[n]?.trim() ?? '') === '');
  const missing = c.kind === 'token' ? unset([c.tokenEnv]) : unset([c.emailEnv, c.keyEnv]);
  if (missing.length > 0) {
    const what = c.kind === 'token' ? 'its API token' : 'its email and Global API Key';
    throw new CredentialsError(
      `account "${account.name}": environment variable ${missing.join(' and ')} is not set (${what}); ${consequence}`,
    );
  }
  if (account.accountIdUnset !== undefined) {
    throw new CredentialsError(
      `account "${account.name}": environment variable ${account.accountIdUnset} is not set (its account_id); ${consequence}`,
    );
  }
  const credentials: Credentials =
    c.kind === 'token'
      ? { kind: 'token', token: env[c.tokenEnv]!.trim(), variable: c.tokenEnv }
      : { kind: 'key', email: env[c.emailEnv]!.trim(), key: env[c.keyEnv]!.trim(), emailVariable: c.emailEnv, keyVariable: c.keyEnv };
  // Masked in every output from now on, like CLOUDFLARE_API_TOKEN (secret-redaction.ts); the
  // loader has masked them already (credentialVariablesOf), this keeps callers without it safe.
  for (const value of credentials.kind === 'token' ? [credentials.token] : [credentials.email, credentials.key]) registerSecret(value);
  return credentials;
}

/** The clients of one run, by credential; close() closes every client made. */
export class RunClients {
  readonly #clients = new Map<string, CloudflareClient>();
  readonly #repo: RepoConfig | undefined;
  readonly #flags: BudgetFlags;
  readonly #env: Env;

  constructor(repo: RepoConfig | undefined, flags: BudgetFlags, env: Env = process.env) {
    this.#repo = repo;
    this.#flags = flags;
    this.#env = env;
  }

  /** The account of zonectl.yaml a zone file names, if any. */
  accountOf(config: ZoneConfig): RepoAccount | undefined {
    return config.account === undefined ? undefined : this.#repo?.accounts.get(config.account.name);
  }

  /** The environment's client (zones without `account:`, account files, saved plans). */
  default(): CloudflareClient {
    return this.#cached('env', () => connectWithBudget(this.#flags));
  }

  /** The client of a zone's credential; throws CredentialsError naming an unset variable. */
  for(config: ZoneConfig): CloudflareClient {
    const account = this.accountOf(config);
    return account === undefined ? this.default() : this.forAccount(account);
  }

  /** The client of an account of zonectl.yaml (export, `drift --unmanaged-zones`); throws CredentialsError naming an unset variable. */
  forAccount(account: RepoAccount, consequence?: string): CloudflareClient {
    const credentials = accountCredentials(account, this.#env, consequence);
    const c = account.credentials;
    const key = c.kind === 'token' ? `token:${c.tokenEnv}` : `key:${c.emailEnv}:${c.keyEnv}`;
    return this.#cached(key, () => connectWithBudget(this.#flags, credentials));
  }

  #cached(key: string, make: () => CloudflareClient): CloudflareClient {
    let client = this.#clients.get(key);
    if (client === undefined) {
      client = make();
      this.#clients.set(key, client);
    }
    return client;
  }

  async close(): Promise<void> {
    await Promise.all([...this.#clients.values()].map((c) => c.close()));
  }
}

/** Group key of a zone: its account name ('' for the environment's credential). */
export const groupOf = (config: ZoneConfig): string => config.account?.name ?? '';

/**
 * The configs grouped by account, zones without one first, then the accounts in the order the
 * configuration lists them; within a group, the order given.
 */
export function groupByAccount(configs: readonly ZoneConfig[], repo: RepoConfig | undefined): ZoneConfig[][] {
  const order = ['', ...(repo ? [...repo.accounts.keys()] : [])];
  const groups = new Map<string, ZoneConfig[]>();
  for (const c of configs) groups.set(groupOf(c), [...(groups.get(groupOf(c)) ?? []), c]);
  return order.flatMap((k) => (groups.has(k) ? [groups.get(k)!] : []));
}

/**
 * Plans every zone with its own account's client, the accounts at once (each its own budget),
 * grouped by account in the result. An account whose credential is missing fails its zones alone.
 */
export async function planAccountGroups(
  clients: RunClients,
  configs: readonly ZoneConfig[],
  repo: RepoConfig | undefined,
): Promise<ZoneOutcome[]> {
  const groups = groupByAccount(configs, repo);
  const results = await Promise.all(
    groups.map(async (group): Promise<ZoneOutcome[]> => {
      let client: CloudflareClient;
      try {
        client = clients.for(group[0]!);
      } catch (error) {
        if (!(error instanceof ZonectlError)) throw error;
        return group.map((config): ZoneOutcome => ({ kind: 'failed', config, code: error.code, message: error.message }));
      }
      return planZoneOutcomes(client, group);
    }),
  );
  return results.flat();
}

/** Planned runs grouped by account (as groupByAccount), e.g. for a check made once per credential. */
export function groupRunsByAccount<R extends { readonly config: ZoneConfig }>(runs: readonly R[], repo: RepoConfig | undefined): R[][] {
  const byConfig = new Map(runs.map((r) => [r.config, r]));
  return groupByAccount(
    runs.map((r) => r.config),
    repo,
  ).map((g) => g.map((c) => byConfig.get(c)!));
}

/** The permission check of each credential over its own zones, as one verdict (missing, else unchecked, else ok). */
export async function checkPermissionsByAccount(
  clients: RunClients,
  runs: readonly ZoneRun[],
  repo: RepoConfig | undefined,
): Promise<PermissionCheck> {
  const checks: PermissionCheck[] = [];
  for (const group of groupRunsByAccount(runs, repo)) checks.push(await checkPlanPermissions(clients.for(group[0]!.config), group));
  const problems = checks.flatMap((c) => (c.kind === 'missing' ? c.problems : []));
  if (problems.length > 0) return { kind: 'missing', problems };
  return checks.find((c) => c.kind === 'unchecked') ?? { kind: 'ok' };
}

/** `work` over each account's runs with that account's client, one account after the other; results in that order. */
export async function eachAccount<T>(
  clients: RunClients,
  runs: readonly ZoneRun[],
  repo: RepoConfig | undefined,
  work: (client: CloudflareClient, runs: ZoneRun[]) => Promise<T[]>,
): Promise<T[]> {
  const out: T[] = [];
  for (const group of groupRunsByAccount(runs, repo)) out.push(...(await work(clients.for(group[0]!.config), group)));
  return out;
}
