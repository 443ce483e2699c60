/**
 * The CI recipes in examples/ci: every GitHub workflow parses with GitHub's own parser
 * (@actions/workflow-parser), and every step that runs zonectl is run as the runner runs it
 * (bash -e), against the emulator, in the order a repository lives them: plan on a pull
 * request, apply on merge, then a nightly drift that finds nothing. The GitLab file likewise.
 */
import { spawn } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { convertWorkflowTemplate, NoOperationTraceWriter, parseWorkflow } from '@actions/workflow-parser';
import { parse as parseYaml } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../src/emulator/server.js';
import { SMALL_ZONE } from '../fixtures/small-zone.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const githubDir = join(root, 'examples', 'ci', 'github');
const TOKEN = 'ci-recipes-token-8e2f4a6c1b3d';

const ZONE = SMALL_ZONE;

interface Step { name: string; run: string }

async function workflowSteps(file: string): Promise<{ on: string[]; steps: Step[] }> {
  const content = readFileSync(join(githubDir, file), 'utf8');
  const parsed = parseWorkflow({ name: file, content }, new NoOperationTraceWriter());
  expect(parsed.context.errors.getErrors().map((e) => e.message)).toEqual([]);
  const template = await convertWorkflowTemplate(parsed.context, parsed.value!);
  expect(template.errors ?? []).toEqual([]);
  const steps: Step[] = [];
  for (const job of template.jobs) {
    for (const step of (job as { steps?: Array<{ name?: { toString(): string }; run?: { toString(): string } }> }).steps ?? []) {
      if (step.run !== undefined) steps.push({ name: String(step.name ?? ''), run: step.run.toString() });
    }
  }
  return { on: Object.keys(template.events ?? {}), steps };
}

describe('CI recipes', () => {
  let emulator: RunningEmulator;
  let repo: string;
  let env: Record<string, string>;

  beforeAll(async () => {
    emulator = await startEmulator({ port: 0, zones: ['example.com', 'example.org'], token: TOKEN });
    repo = mkdtempSync(join(tmpdir(), 'zonectl-ci-'));
    mkdirSync(join(repo, 'zones'));
    writeFileSync(join(repo, 'zones', 'example.com.yaml'), ZONE);
    // The recipes name the directory: zone files at any depth under zones/ are planned.
    mkdirSync(join(repo, 'zones', 'org'));
    writeFileSync(join(repo, 'zones', 'org', 'example.org.yml'), ZONE.replace('zone: example.com', 'zone: example.org').replace('content: example.com', 'content: example.org'));
    const bin = join(repo, '.bin');
    mkdirSync(bin);
    // `zonectl` as the recipes call it, here the repository's own CLI.
    const tsx = pathToFileURL(join(root, 'node_modules', 'tsx', 'dist', 'loader.mjs')).href;
    writeFileSync(join(bin, 'zonectl'), `#!/bin/sh\nexec "${process.execPath}" --import "${tsx}" "${join(root, 'src/cli/main.ts')}" "$@"\n`);
    chmodSync(join(bin, 'zonectl'), 0o755);
    env = {
      PATH: `${bin}:${process.env.PATH ?? ''}`,
      HOME: repo,
      NODE_PATH: join(root, 'node_modules'),
      CLOUDFLARE_BASE_URL: emulator.baseUrl,
      CLOUDFLARE_API_TOKEN: TOKEN,
      RUNNER_TEMP: mkdtempSync(join(tmpdir(), 'zonectl-runner-')),
      CI: 'true',
      NO_COLOR: '1',
    };
  });
  afterAll(async () => {
    await emulator.close();
  });

  /**
   * Runs a step's script as the runner does (`bash -e`), with its own GITHUB_OUTPUT and
   * GITHUB_STEP_SUMMARY. Asynchronously: the emulator answers from this very process.
   */
  async function runStep(script: string, on: 'github' | 'gitlab' = 'github'): Promise<{ code: number; outputs: Record<string, string>; summary: string; stderr: string }> {
    const out = join(env.RUNNER_TEMP, `out-${Math.random().toString(36).slice(2)}`);
    const summary = `${out}.md`;
    writeFileSync(out, '');
    writeFileSync(summary, '');
    const res = await new Promise<{ status: number | null; stderr: string }>((resolve, reject) => {
      const child = spawn('bash', ['--noprofile', '--norc', '-e', '-o', 'pipefail', '-c', script], {
        cwd: repo, env: { ...env, ...(on === 'github' ? { GITHUB_ACTIONS: 'true', GITHUB_OUTPUT: out, GITHUB_STEP_SUMMARY: summary } : {}) }, stdio: ['ignore', 'ignore', 'pipe'],
      });
      let stderr = '';
      child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
      child.on('error', reject);
      child.on('close', (status) => resolve({ status, stderr }));
    });
    const outputs = Object.fromEntries(readFileSync(out, 'utf8').split('\n').filter((l) => l.includes('=')).map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]));
    return { code: res.status ?? -1, outputs, summary: readFileSync(summary, 'utf8'), stderr: res.stderr };
  }

  const zonectlSteps = (steps: readonly Step[]): Step[] => steps.filter((s) => /(^|\s)zonectl\s/m.test(s.run) && !s.run.includes('npm install'));

  it('every GitHub workflow parses with GitHub’s parser and has the triggers it promises', async () => {
    const files = readdirSync(githubDir).sort();
    expect(files).toEqual(['zonectl-apply.yml', 'zonectl-drift.yml', 'zonectl-plan.yml']);
    expect((await workflowSteps('zonectl-plan.yml')).on).toEqual(['pull_request']);
    expect((await workflowSteps('zonectl-apply.yml')).on).toEqual(['push']);
    expect((await workflowSteps('zonectl-drift.yml')).on.sort()).toEqual(['schedule', 'workflow_dispatch']);
  });

  it('a pull request plans (changes shown, exit 2 handled), merge applies, the nightly drift finds nothing', async () => {
    const plan = zonectlSteps((await workflowSteps('zonectl-plan.yml')).steps);
    expect(plan.map((s) => s.name)).toEqual(['Validate and lint (no API call)', 'Plan']);
    for (const step of plan) {
      const r = await runStep(step.run);
      expect(r.code, `${step.name}: ${r.stderr}`).toBe(0);
      if (step.name === 'Plan') {
        expect(r.outputs.changes).toBe('true');
        // zonectl writes the job summary itself on GitHub Actions (GITHUB_ACTIONS=true).
        expect(r.summary).toMatch(/^### zonectl plan/);
        expect(r.summary).toContain('| `example.com` | 4 |');
        expect(r.summary).toContain('| `example.org` | 4 |');
        expect(readFileSync(join(repo, 'plan.md'), 'utf8')).toMatch(/create/i);
      }
    }
    for (const step of zonectlSteps((await workflowSteps('zonectl-apply.yml')).steps)) {
      const r = await runStep(step.run);
      expect(r.code, `${step.name}: ${r.stderr}`).toBe(0);
    }
    const drift = zonectlSteps((await workflowSteps('zonectl-drift.yml')).steps);
    expect(drift.map((s) => s.name)).toEqual(['Drift']);
    const r = await runStep(drift[0].run);
    expect(r.code, r.stderr).toBe(0);
    expect(r.outputs.drift).toBe('false');
  });

  it('the GitLab pipeline: plan, apply and drift scripts run as GitLab runs them', async () => {
    const ci = parseYaml(readFileSync(join(root, 'examples', 'ci', 'gitlab', '.gitlab-ci.yml'), 'utf8')) as Record<string, { script?: string[]; stage?: string }>;
    expect(Object.keys(ci).filter((k) => ci[k].stage !== undefined).sort()).toEqual(['apply', 'drift', 'plan']);
    writeFileSync(join(repo, 'zones', 'example.com.yaml'), ZONE.replace('192.0.2.10', '192.0.2.11'));
    for (const job of ['plan', 'apply', 'drift']) {
      for (const line of ci[job].script ?? []) {
        const r = await runStep(line, 'gitlab');
        expect(r.code, `${job}: ${line}: ${r.stderr}`).toBe(0);
      }
    }
  });
});
