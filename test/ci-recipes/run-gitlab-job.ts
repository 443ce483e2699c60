/**
 * Runs one job of a GitLab CI recipe the way the runner does, for the tests: `before_script` (the
 * job's, else `default:`'s) and `script` in one bash shell, `after_script` in another, with the
 * job's `variables:` (`$CI_JOB_ID` expanded from the environment given) over that environment.
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
}

export async function runGitLabJob(
  ci: GitLabPipeline & Record<string, unknown>,
  job: string,
  project: string,
  env: Record<string, string>,
): Promise<{ code: number; stderr: string }> {
  const j = ci[job] as GitLabJob;
  const vars = Object.fromEntries(Object.entries(j.variables ?? {}).map(([k, v]) => [k, v.replace(/\$CI_JOB_ID/g, env.CI_JOB_ID ?? '')]));
  const all = { ...env, ...vars };
  const r = await bash([...(j.before_script ?? ci.default.before_script), ...(j.script ?? [])].join('\n'), project, all);
  if (j.after_script !== undefined) await bash(j.after_script.join('\n'), project, all);
  return r;
}
