/**
 * Issue 20, item 3: action.yml, the composite action. GitHub's parser accepts it; its shell steps
 * run as the runner runs them (test/ci-recipes/run-action.ts) from a copy of the action's checkout
 * against the emulator: at a ref that is no release the install step (npm ci is a recording stand-in here, the
 * repository's node_modules standing for what it installs; the bundle is built for real), then
 * validate, plan (changes), apply, plan (none), drift, with the outputs and the step summary a
 * workflow would get. Inputs cannot inject shell code.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../src/emulator/server.js';
import { SMALL_ZONE } from '../fixtures/small-zone.js';
import { loadAction, makeActionCheckout, runAction, type ActionContext } from './run-action.js';
import { tempDir } from '../support/temp-dir.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const TOKEN = 'action-test-token-4b6d8f0a2c';

describe('the GitHub Action (action.yml)', () => {
  let emulator: RunningEmulator;
  let ctx: ActionContext;
  let npmLog: string;

  beforeAll(async () => {
    emulator = await startEmulator({ port: 0, zones: ['example.com'], token: TOKEN });
    const base = tempDir('action');
    const checkout = makeActionCheckout(root, base, {
      PATH: `${dirname(process.execPath)}:/usr/bin:/bin`,
      HOME: base,
      NO_COLOR: '1',
      CLOUDFLARE_BASE_URL: emulator.baseUrl,
      CLOUDFLARE_API_TOKEN: TOKEN,
    });
    npmLog = checkout.npmLog;
    ctx = checkout;
    mkdirSync(join(ctx.workspace, 'zones'), { recursive: true });
    writeFileSync(join(ctx.workspace, 'zones', 'example.com.yaml'), SMALL_ZONE);
  }, 180_000);
  afterAll(async () => {
    await emulator.close();
  });

  it('passes GitHub’s parser: a composite action with the inputs and outputs it documents, on current major versions', () => {
    const { errors, action, template } = loadAction(root);
    expect(errors).toEqual([]);
    expect(template.runs.using).toBe('composite');
    expect(Object.keys(action.inputs)).toEqual(['command', 'paths', 'args', 'working-directory', 'node-version']);
    expect(Object.keys(action.outputs)).toEqual([
      'exit-code',
      'changes',
      'markdown',
      'markdown-file',
      'json-file',
      'html-file',
      'slack-file',
      'action-path',
    ]);
    // Nothing executable is cached between jobs (no actions/cache); setup-node only when a Node is asked for.
    expect(action.runs.steps.flatMap((s) => (s.uses === undefined ? [] : [s.uses]))).toEqual(['actions/setup-node@v6']);
    // Inputs reach scripts through env only: no `${{ inputs.* }}` inside a run script.
    for (const step of action.runs.steps) expect(step.run ?? '').not.toMatch(/\$\{\{/);
  });

  it('at a ref that is no release installs from its own checkout (npm ci of the lock file, no scripts) and builds the bundle; then validate, plan, apply, plan, drift', async () => {
    const first = await runAction({ command: 'validate' }, ctx);
    expect(first.code, first.stderr).toBe(0);
    expect(first.ran).toEqual(['Install zonectl', 'zonectl ${{ inputs.command }}']);
    expect(readFileSync(npmLog, 'utf8')).toBe('ci --no-audit --no-fund --ignore-scripts\n');
    expect(existsSync(join(ctx.actionPath, 'dist', 'bundle', 'zonectl.js'))).toBe(true);
    expect(first.outputs['exit-code']).toBe('0');
    expect(first.summary).toBe('zonectl validate succeeded\n');

    // A later step of the job: the bundle the first one built, no second install.
    const plan = await runAction({ command: 'plan' }, ctx);
    expect(plan.code, plan.stderr).toBe(0);
    expect(plan.ran).toEqual(['Install zonectl', 'zonectl ${{ inputs.command }}']);
    expect(plan.stderr).toContain('the bundle an earlier step of this job built from it');
    expect(readFileSync(npmLog, 'utf8')).toBe('ci --no-audit --no-fund --ignore-scripts\n');
    expect(plan.outputs['exit-code']).toBe('2');
    expect(plan.outputs.changes).toBe('true');
    expect(plan.outputs.markdown).toMatch(/^### zonectl plan/);
    expect(plan.outputs.markdown).toContain('| `example.com` | 4 |');
    expect(readFileSync(plan.outputs['markdown-file'], 'utf8').trimEnd()).toBe(plan.outputs.markdown.trimEnd());
    expect(plan.summary).toMatch(/^### zonectl plan/);

    const apply = await runAction({ command: 'apply', args: '--yes' }, ctx);
    expect(apply.code, apply.stderr).toBe(0);
    expect(apply.outputs['exit-code']).toBe('0');
    expect(apply.summary).toBe('zonectl apply succeeded\n');

    const replan = await runAction({ command: 'plan', paths: 'zones/example.com.yaml' }, ctx);
    expect(replan.code, replan.stderr).toBe(0);
    expect(replan.outputs['exit-code']).toBe('0');
    expect(replan.outputs.changes).toBe('false');

    const drift = await runAction({ command: 'drift' }, ctx);
    expect(drift.code, drift.stderr).toBe(0);
    expect(drift.outputs.changes).toBe('false');
    // The same run's report as files: JSON with drift item ids, one HTML page, a Slack body.
    expect(
      (JSON.parse(readFileSync(drift.outputs['json-file'], 'utf8')) as { zones: Array<{ items: unknown[] }> }).zones[0]!.items,
    ).toEqual([]);
    expect(readFileSync(drift.outputs['html-file'], 'utf8')).toMatch(/^<!DOCTYPE html>/);
    expect(JSON.parse(readFileSync(drift.outputs['slack-file'], 'utf8'))).toMatchObject({ text: 'zonectl drift: 0 of 1 zones drifted' });
    expect(drift.outputs['action-path']).toBe(ctx.actionPath);
  });

  it('fails the step on an error, with the exit code as output', async () => {
    writeFileSync(
      join(ctx.workspace, 'bad.yaml'),
      'version: 1\nzone: example.com\nrecords:\n  - { name: www, type: A, content: not-an-address }\n',
    );
    const r = await runAction({ command: 'plan', paths: 'bad.yaml' }, ctx);
    expect(r.code).toBe(1);
    expect(r.outputs['exit-code']).toBe('1');
    expect(r.stderr).toContain('bad.yaml');
    const unknown = await runAction({ command: 'destroy' }, ctx);
    expect(unknown.code).toBe(1);
    expect(unknown.outputs['exit-code']).toBe('');
  });

  it('inputs are data, not shell: a path with $(...) is passed to zonectl as it is', async () => {
    const r = await runAction({ command: 'validate', paths: 'zones/ $(touch INJECTED) `touch INJECTED2`', args: '; touch INJECTED3' }, ctx);
    expect(r.code).toBe(1);
    for (const f of ['INJECTED', 'INJECTED2', 'INJECTED3']) expect(existsSync(join(ctx.workspace, f))).toBe(false);
  });
});
