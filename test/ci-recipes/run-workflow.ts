/**
 * Runs one job of a GitHub workflow recipe the way the runner does, for the tests: the workflow
 * must pass GitHub's parser (parseWorkflow + convertWorkflowTemplate); job `env` and each step's
 * `if`, `env` and `with` are evaluated against the given context (secrets, github.*, runner.temp,
 * env.*, earlier steps' outputs and outcomes); `uses:` of this repository's action runs it
 * (run-action.ts), GitHub's own actions (checkout, ...) are skipped but for the cache, `run:` steps
 * run with bash -eo pipefail. Each job starts with an empty `RUNNER_TEMP`, as on GitHub's runners
 * ("emptied at the beginning and end of each job",
 * https://docs.github.com/en/actions/reference/workflows-and-actions/variables#default-environment-variables);
 * `actions/cache/restore` and `actions/cache/save` keep their `path` in a store beside it, by key
 * (`restore-keys`: the newest entry whose key starts with one). A step that fails stops the job, unless it has `continue-on-error: true`: then its
 * outcome is `failure` and the job goes on (a skipped step's outcome is `skipped`).
 */
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { convertWorkflowTemplate, NoOperationTraceWriter, parseWorkflow } from '@actions/workflow-parser';
import { parse as parseYaml } from 'yaml';
import { bash, condition, readOutputs, runAction, substitute, type ActionContext } from './run-action.js';

interface WorkflowStep {
  id?: string;
  name?: string;
  if?: string;
  uses?: string;
  with?: Record<string, string>;
  run?: string;
  env?: Record<string, string>;
  'continue-on-error'?: boolean;
}
interface Workflow {
  on: Record<string, unknown>;
  jobs: Record<string, { env?: Record<string, string>; environment?: string; steps: WorkflowStep[] }>;
}

/** The workflow as GitHub reads it: parser errors (expected none), its events, and its YAML. */
export async function loadWorkflow(file: string): Promise<{ errors: string[]; events: string[]; workflow: Workflow }> {
  const content = readFileSync(file, 'utf8');
  const parsed = parseWorkflow({ name: file, content }, new NoOperationTraceWriter());
  const errors = parsed.context.errors.getErrors().map((e) => e.message);
  const template = await convertWorkflowTemplate(parsed.context, parsed.value!);
  for (const e of template.errors ?? []) errors.push(e.Message);
  return { errors, events: Object.keys(template.events ?? {}), workflow: parseYaml(content) as Workflow };
}

export interface JobRun {
  /** The job's result: the exit status of the step that failed it (not one that continued on error), else 0. */
  code: number;
  ran: string[];
  /** Each step's outcome by id: success, failure or skipped. */
  outcomes: Record<string, string>;
  stderr: string;
  outputs: Record<string, Record<string, string>>;
}

/** Runs `job` of `workflow`; `context` holds secrets.*, github.* values; `action` the action's checkout and runner. */
export async function runJob(workflow: Workflow, job: string, context: Record<string, string>, action: ActionContext): Promise<JobRun> {
  const ctx: Record<string, string> = { ...context, 'runner.temp': action.runnerTemp };
  const jobEnv: Record<string, string> = {};
  for (const [k, v] of Object.entries(workflow.jobs[job].env ?? {})) {
    jobEnv[k] = substitute(String(v), ctx);
    ctx[`env.${k}`] = jobEnv[k];
  }
  for (const entry of readdirSync(action.runnerTemp)) rmSync(join(action.runnerTemp, entry), { recursive: true, force: true });
  const run: JobRun = { code: 0, ran: [], outcomes: {}, stderr: '', outputs: {} };
  for (const [i, step] of workflow.jobs[job].steps.entries()) {
    if (step.if !== undefined && !condition(step.if, ctx)) {
      if (step.id !== undefined) {
        ctx[`steps.${step.id}.outcome`] = 'skipped';
        run.outcomes[step.id] = 'skipped';
      }
      continue;
    }
    const name = step.name ?? step.uses ?? `step ${i}`;
    let outputs: Record<string, string> = {};
    let code = 0;
    if (step.uses !== undefined) {
      if (/^actions\/cache\/(restore|save)@/.test(step.uses)) {
        const inputs = Object.fromEntries(Object.entries(step.with ?? {}).map(([k, v]) => [k, substitute(String(v), ctx)]));
        actionsCache(step.uses.includes('/save@') ? 'save' : 'restore', inputs, action.runnerTemp);
        run.ran.push(name);
        continue;
      }
      if (!/^OWNER\/zonectl@/.test(step.uses)) continue;
      const inputs = Object.fromEntries(Object.entries(step.with ?? {}).map(([k, v]) => [k, substitute(String(v), ctx)]));
      const r = await runAction(inputs, { ...action, env: { ...action.env, ...jobEnv } });
      run.stderr += r.stderr;
      code = r.code;
      outputs = r.outputs;
    } else {
      const out = join(action.runnerTemp, `job-output-${i}-${Math.random().toString(36).slice(2)}`);
      writeFileSync(out, '');
      const env: Record<string, string> = {
        ...action.env,
        ...jobEnv,
        GITHUB_ACTIONS: 'true',
        GITHUB_OUTPUT: out,
        RUNNER_TEMP: action.runnerTemp,
        GITHUB_REPOSITORY: ctx['github.repository'] ?? '',
        // The runner's default variables: https://docs.github.com/en/actions/reference/workflows-and-actions/variables#default-environment-variables
        ...(ctx['github.run_id'] !== undefined ? { GITHUB_RUN_ID: ctx['github.run_id'] } : {}),
      };
      for (const [k, v] of Object.entries(step.env ?? {})) env[k] = substitute(String(v), ctx);
      const r = await bash(step.run ?? '', action.workspace, env);
      run.stderr += r.stderr;
      code = r.code;
      outputs = readOutputs(out);
    }
    run.ran.push(name);
    if (step.id !== undefined) {
      run.outputs[step.id] = outputs;
      run.outcomes[step.id] = code === 0 ? 'success' : 'failure';
      ctx[`steps.${step.id}.outcome`] = run.outcomes[step.id]!;
      for (const [k, v] of Object.entries(outputs)) ctx[`steps.${step.id}.outputs.${k}`] = v;
    }
    if (code !== 0 && step['continue-on-error'] !== true) {
      run.code = code;
      break;
    }
  }
  return run;
}

/** actions/cache's restore and save of one file, in a store beside the runner's temporary directory (saved entries in order). */
function actionsCache(kind: 'restore' | 'save', inputs: Record<string, string>, runnerTemp: string): void {
  const store = join(dirname(runnerTemp), 'actions-cache');
  mkdirSync(store, { recursive: true });
  const index = join(store, 'index.json');
  const keys: string[] = existsSync(index) ? (JSON.parse(readFileSync(index, 'utf8')) as string[]) : [];
  const entry = (key: string): string => join(store, String(keys.indexOf(key)));
  if (kind === 'save') {
    if (!existsSync(inputs.path!) || keys.includes(inputs.key!)) return;
    keys.push(inputs.key!);
    cpSync(inputs.path!, entry(inputs.key!));
    writeFileSync(index, JSON.stringify(keys));
    return;
  }
  const prefixes = (inputs['restore-keys'] ?? '').split('\n').filter((k) => k !== '');
  const found = keys.includes(inputs.key!) ? inputs.key! : [...keys].reverse().find((k) => prefixes.some((p) => k.startsWith(p)));
  if (found !== undefined) cpSync(entry(found), inputs.path!);
}
