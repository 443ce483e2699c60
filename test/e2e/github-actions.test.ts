/**
 * On GitHub Actions (GITHUB_ACTIONS=true): validate's problems as `::error` / `::warning`
 * annotations; plan and drift append their Markdown report to $GITHUB_STEP_SUMMARY.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../src/emulator/server.js';
import { runCli } from '../support/run-cli.js';
import { tempDir } from '../support/temp-dir.js';

const TOKEN = 'gha-token-5d3b1f9e7c2a4b6d8e0f';

describe('GitHub Actions', () => {
  let emulator: RunningEmulator;
  let dir: string;
  beforeAll(async () => {
    emulator = await startEmulator({ port: 0, zones: ['example.com'], token: TOKEN });
    dir = tempDir('gha');
  });
  afterAll(async () => {
    await emulator.close();
  });

  it('validate prints annotations with file, line and column, only on GitHub Actions', async () => {
    const file = join(dir, 'bad.yaml');
    writeFileSync(file, 'version: 1\nzone: example.com\nrecords:\n  - { name: www, type: A, content: 999.0.0.1 }\n');
    const gha = await runCli(['validate', file], { GITHUB_ACTIONS: 'true' });
    expect(gha.code).toBe(1);
    expect(gha.stdout).toMatch(
      new RegExp(`^::error file=${file.replace(/[/.]/g, '\\$&')},line=4,col=\\d+::records\\[0\\]\\.content: .+$`, 'm'),
    );
    const local = await runCli(['validate', file]);
    expect(local.stdout).not.toContain('::error');
  });

  it('warnings are ::warning annotations', async () => {
    const file = join(dir, 'warn.yaml');
    writeFileSync(file, 'version: 1\nzone: example.com\nrecords:\n  - { name: www, type: A, content: 192.0.2.1, ttl: 30 }\n');
    const r = await runCli(['validate', file], { GITHUB_ACTIONS: 'true' });
    const warnings = r.stdout.split('\n').filter((l) => l.startsWith('::warning file='));
    const errors = r.stdout.split('\n').filter((l) => l.startsWith('::error'));
    expect(r.code).toBe(0);
    expect(errors).toEqual([]);
    // A TTL below 60 is a warning (only Enterprise zones accept it).
    expect(warnings).toEqual([expect.stringMatching(/^::warning file=.*warn\.yaml,line=4,col=\d+::records\[0\]\.ttl: ttl 30 is below 60/)]);
  });

  it('plan and drift append their Markdown report to the job summary', async () => {
    const file = join(dir, 'example.com.yaml');
    writeFileSync(file, 'version: 1\nzone: example.com\nrecords:\n  - { name: www, type: A, content: 192.0.2.1 }\n');
    const summary = join(dir, 'summary.md');
    writeFileSync(summary, '');
    const env = {
      CLOUDFLARE_BASE_URL: emulator.baseUrl,
      CLOUDFLARE_API_TOKEN: TOKEN,
      GITHUB_ACTIONS: 'true',
      GITHUB_STEP_SUMMARY: summary,
    };
    const plan = await runCli(['plan', dir.concat('/example.com.yaml')], env);
    expect(plan.code, plan.stderr).toBe(0);
    const drift = await runCli(['drift', file], env);
    expect(drift.code).toBe(2);
    const text = readFileSync(summary, 'utf8');
    expect(text.indexOf('### zonectl plan')).toBe(0);
    expect(text.indexOf('### zonectl drift')).toBeGreaterThan(0);
    expect(text).toContain('| `example.com` | 1 | 0 | 0 | 0 | 0 |');
    // Not on GitHub Actions: the summary file is left alone.
    await runCli(['plan', file], { ...env, GITHUB_ACTIONS: undefined });
    expect(readFileSync(summary, 'utf8')).toBe(text);
  });
});
