/**
 * Runs this repository's composite action (action.yml) the way the GitHub runner does, for the
 * tests: the file must pass GitHub's own parser (@actions/workflow-parser, parseAction); then each
 * step's `if`, `env` and `working-directory` are evaluated with the inputs (defaults filled in),
 * `github.action_path`, `runner.*` and earlier steps' outputs, and each `run` script is run with
 * `bash --noprofile --norc -eo pipefail` and its own GITHUB_OUTPUT file, GITHUB_STEP_SUMMARY shared.
 * `uses:` steps are not run (setup-node: GitHub's own action). An expression this evaluator does
 * not know fails the test.
 */
import { chmodSync, cpSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';
import { NoOperationTraceWriter } from '@actions/workflow-parser';
import { convertActionTemplate, parseAction } from '@actions/workflow-parser/actions/index';
import { parse as parseYaml } from 'yaml';
import { runProcess } from '../support/run-process.js';

interface StepYaml {
  id?: string;
  name?: string;
  if?: string;
  uses?: string;
  run?: string;
  shell?: string;
  env?: Record<string, string>;
  'working-directory'?: string;
}
interface ActionYaml {
  inputs: Record<string, { default?: string }>;
  outputs: Record<string, { value: string }>;
  runs: { using: string; steps: StepYaml[] };
}

export interface ActionRun {
  /** The action's outputs, as a workflow sees them. */
  outputs: Record<string, string>;
  /** Exit status of the step that failed the action, or 0. */
  code: number;
  summary: string;
  stderr: string;
  /** Names of the steps that ran (run: steps only). */
  ran: string[];
}

export interface ActionContext {
  actionPath: string;
  workspace: string;
  runnerTemp: string;
  env: Record<string, string>;
}

/** The action's errors by GitHub's parser (expected empty) and its parsed YAML. */
export function loadAction(actionPath: string): {
  errors: string[];
  action: ActionYaml;
  template: ReturnType<typeof convertActionTemplate>;
} {
  const content = readFileSync(join(actionPath, 'action.yml'), 'utf8');
  const parsed = parseAction({ name: 'action.yml', content }, new NoOperationTraceWriter());
  const errors = parsed.context.errors.getErrors().map((e) => e.message);
  const template = convertActionTemplate(parsed.context, parsed.value!);
  return { errors, action: parseYaml(content) as ActionYaml, template };
}

function evaluate(expr: string, ctx: Record<string, string>): string {
  const value = ctx[expr.trim()];
  if (value === undefined) throw new Error(`run-action: unknown expression \${{ ${expr} }}`);
  return value;
}

export function substitute(text: string, ctx: Record<string, string>): string {
  return text.replace(/\$\{\{(.*?)\}\}/g, (_, expr: string) => evaluate(expr, ctx));
}

/** `if:` as the action and the recipes write them: `A != 'x'`, `A == B`, joined by `&&`, those joined by `||`; or `always()`. */
export function condition(expr: string, ctx: Record<string, string>): boolean {
  if (expr.trim() === 'always()') return true;
  return expr.split('||').some((alternative) => conjunction(alternative, ctx));
}

function conjunction(expr: string, ctx: Record<string, string>): boolean {
  return expr.split('&&').every((part) => {
    const m = /^\s*([\w.-]+)\s*(!=|==)\s*(?:'([^']*)'|([\w.-]+))\s*$/.exec(part);
    if (m === null) throw new Error(`run-action: unknown condition ${part}`);
    const value = ctx[m[1]] ?? '';
    const other = m[3] ?? ctx[m[4]];
    if (other === undefined) throw new Error(`run-action: unknown expression ${m[4]}`);
    return m[2] === '==' ? value === other : value !== other;
  });
}

export async function bash(script: string, cwd: string, env: Record<string, string>): Promise<{ code: number; stderr: string }> {
  const r = await runProcess('bash', ['--noprofile', '--norc', '-eo', 'pipefail', '-c', script], { cwd, env, stdout: 'ignore' });
  return { code: r.code ?? -1, stderr: r.stderr };
}

/** Parses a GITHUB_OUTPUT file: `name=value` lines and `name<<DELIMITER` blocks. */
export function readOutputs(file: string): Record<string, string> {
  const lines = readFileSync(file, 'utf8').split('\n');
  const out: Record<string, string> = {};
  for (let i = 0; i < lines.length; i += 1) {
    const heredoc = /^([\w-]+)<<(.+)$/.exec(lines[i]);
    if (heredoc !== null) {
      const end = lines.indexOf(heredoc[2], i + 1);
      if (end < 0) throw new Error(`GITHUB_OUTPUT: ${heredoc[1]}: no closing ${heredoc[2]}`);
      out[heredoc[1]] = lines.slice(i + 1, end).join('\n');
      i = end;
    } else if (lines[i].includes('=')) {
      out[lines[i].slice(0, lines[i].indexOf('='))] = lines[i].slice(lines[i].indexOf('=') + 1);
    }
  }
  return out;
}

/** One run of the action with `inputs` (the `with:` of the calling step). */
export async function runAction(inputs: Record<string, string>, c: ActionContext): Promise<ActionRun> {
  const { action } = loadAction(c.actionPath);
  const ctx: Record<string, string> = { 'github.action_path': c.actionPath, 'runner.temp': c.runnerTemp, 'runner.os': 'Linux' };
  for (const [name, def] of Object.entries(action.inputs)) ctx[`inputs.${name}`] = inputs[name] ?? def.default ?? '';
  const summary = join(c.runnerTemp, `summary-${Math.random().toString(36).slice(2)}.md`);
  writeFileSync(summary, '');
  const ran: string[] = [];
  let stderr = '';
  let code = 0;
  for (const [i, step] of action.runs.steps.entries()) {
    if (step.if !== undefined && !condition(step.if, ctx)) continue;
    if (step.uses !== undefined) continue;
    const output = join(c.runnerTemp, `output-${i}-${Math.random().toString(36).slice(2)}`);
    writeFileSync(output, '');
    const env: Record<string, string> = {
      ...c.env,
      GITHUB_ACTIONS: 'true',
      GITHUB_ACTION_PATH: c.actionPath,
      GITHUB_WORKSPACE: c.workspace,
      GITHUB_OUTPUT: output,
      GITHUB_STEP_SUMMARY: summary,
      RUNNER_TEMP: c.runnerTemp,
      RUNNER_OS: 'Linux',
    };
    for (const [k, v] of Object.entries(step.env ?? {})) env[k] = substitute(String(v), ctx);
    const dir = substitute(step['working-directory'] ?? '.', ctx);
    const r = await bash(step.run ?? '', isAbsolute(dir) ? dir : join(c.workspace, dir), env);
    ran.push(step.name ?? step.id ?? `step ${i}`);
    stderr += r.stderr;
    if (step.id !== undefined) for (const [k, v] of Object.entries(readOutputs(output))) ctx[`steps.${step.id}.outputs.${k}`] = v;
    if (r.code !== 0) {
      code = r.code;
      break;
    }
  }
  const outputs = Object.fromEntries(
    Object.entries(action.outputs).map(([name, o]) => [name, o.value.replace(/\$\{\{(.*?)\}\}/g, (_, e: string) => ctx[e.trim()] ?? '')]),
  );
  return { outputs, code, summary: readFileSync(summary, 'utf8'), stderr, ran };
}

/**
 * The action's checkout as `uses: OWNER/zonectl@REF` leaves it beside a workspace, under `base`:
 * a copy of action.yml and what it builds from, node_modules standing for what `npm ci` installs
 * (the repository's own), and `npm` on PATH a stand-in that records its arguments in npm.log.
 */
export function makeActionCheckout(
  root: string,
  base: string,
  env: Record<string, string>,
): ActionContext & { npmLog: string; shims: string } {
  const actionPath = join(base, '_actions', 'zonectl');
  for (const f of ['action.yml', 'package.json', 'package-lock.json', 'scripts', 'src'])
    cpSync(join(root, f), join(actionPath, f), { recursive: true });
  symlinkSync(join(root, 'node_modules'), join(actionPath, 'node_modules'));
  const shims = join(base, 'shims');
  mkdirSync(shims, { recursive: true });
  const npmLog = join(base, 'npm.log');
  writeFileSync(join(shims, 'npm'), `#!/bin/sh\necho "$*" >> "${npmLog}"\n`);
  chmodSync(join(shims, 'npm'), 0o755);
  const workspace = join(base, 'workspace');
  const runnerTemp = join(base, 'runner-temp');
  mkdirSync(workspace, { recursive: true });
  mkdirSync(runnerTemp, { recursive: true });
  return { actionPath, workspace, runnerTemp, npmLog, shims, env: { ...env, PATH: `${shims}:${env.PATH ?? ''}` } };
}
