/**
 * What `zonectl init --ci` writes the CI files from (issue 44 item 1): the repository as it is,
 * read by the session (src/app/init): the zone paths the jobs plan, the files a zone depends on,
 * each credential variable and the accounts that use it, the `ZONECTL_*` variables the files read,
 * the action's ref (GitHub) and the vendored tarball (GitLab). Pure data; the generators
 * (github-workflows.ts, gitlab-pipeline.ts) turn it into text.
 */

/** One credential variable of the repository and the accounts that use it. */
export interface CiCredential {
  /** The variable zonectl reads (`token_env` of zonectl.yaml, or CLOUDFLARE_API_TOKEN). */
  readonly tokenEnv: string;
  /** The accounts of zonectl.yaml that name it; empty for the zones without `account:`. */
  readonly accounts: readonly string[];
}

export interface CiRepository {
  /** The zonectl that writes the files (their header says so). */
  readonly version: string;
  /** What the jobs plan, relative to the repository root: directories end with `/` (`zones/`). */
  readonly paths: readonly string[];
  /** Every file a zone depends on (`validate --format json`: `depends_on`), relative to the root. */
  readonly dependencies: readonly string[];
  /** The repository configuration's path relative to the root (`zonectl.yaml`). */
  readonly repositoryConfig: string;
  readonly credentials: readonly CiCredential[];
  /** `ZONECTL_*` variables the zone files, fragments and zonectl.yaml read. */
  readonly variables: readonly string[];
  /** The branch apply runs on. */
  readonly branch: string;
  /** GitHub: `uses:` of this repository's action, `OWNER/NAME@REF`. */
  readonly action: string;
  /** GitLab: the vendored tarball, relative to the root, and its SHA-256 (undefined: a placeholder the job refuses). */
  readonly tarball: { readonly path: string; readonly sha256?: string };
  /** GitHub, `init --ci github --adopt-pr`: the nightly drift workflow also opens ONE pull request adopting the drift. */
  readonly adoptPr?: boolean;
}

/** A file to write, relative to the repository root. */
export interface CiFile {
  readonly path: string;
  readonly text: string;
}

/** The repository secret (GitHub) or CI/CD variable (GitLab) of a credential's read-only token: plan and drift. */
export const readSecretOf = (c: CiCredential): string => `${c.tokenEnv}_READ`;

/** The secret of a credential's write token: apply, in the protected environment only. */
export const writeSecretOf = (c: CiCredential): string => `${c.tokenEnv}_WRITE`;

/** `account main` / `accounts main, shop` / `zones without account:`: who uses a credential, for the files' comments. */
export function usedBy(c: CiCredential): string {
  if (c.accounts.length === 0) return 'the zones without `account:`';
  return `${c.accounts.length === 1 ? 'account' : 'accounts'} ${c.accounts.join(', ')} (zonectl.yaml: token_env ${c.tokenEnv})`;
}

/** The protected environment that alone holds the write tokens (GitHub and GitLab alike). */
export const ENVIRONMENT = 'dns-production';

/** The marker of the plan comment (GitHub) and the merge request note (GitLab). */
export const PLAN_MARKER = '<!-- zonectl plan -->';
