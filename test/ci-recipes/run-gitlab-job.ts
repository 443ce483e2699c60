/**
 * Runs one job of a GitLab CI recipe the way the runner does, for the tests: `before_script` (the
 * job's, else `default:`'s) and `script` in one bash shell, `after_script` in another. The
 * pipeline's `variables:` and the job's (over them) are set, each value's `$NAME` / `${NAME}`
 * expanded from the environment given; the environment given stands for the project's CI/CD
 * variables and the predefined ones, which take precedence over the YAML's
 * (https://docs.gitlab.com/ci/variables/#cicd-variable-precedence).
 */
import { bash } from './run-action.js';

export interface GitLabJob {
  readonly before_script?: string[];
  readonly script?: string[];
  readonly after_script?: string[];
  readonly variables?: Record<string, string>;
}

export interface GitLabPipeline {
  readonly default: { readonly before_script: string[] };
  readonly variables?: Record<string, string>;
}

/** `$NAME` and `${NAME}` of a YAML variable's value, from `env` (unset: empty, as GitLab expands). */
const expand = (value: string, env: Record<string, string>): string =>
  String(value).replace(
    /\$\{([A-Za-z_][A-Za-z0-9_]*)\}|\$([A-Za-z_][A-Za-z0-9_]*)/g,
    (_, a?: string, b?: string) => env[a ?? b ?? ''] ?? '',
  );

export async function runGitLabJob(
  ci: GitLabPipeline & Record<string, unknown>,
  job: string,
  project: string,
  env: Record<string, string>,
): Promise<{ code: number; stderr: string }> {
  const j = ci[job] as GitLabJob;
  const yaml = { ...(ci.variables ?? {}), ...(j.variables ?? {}) };
  const vars = Object.fromEntries(Object.entries(yaml).map(([k, v]) => [k, expand(v, env)]));
  const all = { ...vars, ...env };
  const r = await bash([...(j.before_script ?? ci.default.before_script), ...(j.script ?? [])].join('\n'), project, all);
  if (j.after_script !== undefined) await bash(j.after_script.join('\n'), project, all);
  return r;
}
