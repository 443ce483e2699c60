/**
 * One message format for every command (`zonectl: error[CODE]: message`), the JSON report of
 * plan mistaken for a saved plan, and a reader that closes stdout early (`| head -1`).
 */
import { existsSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOKEN, startHarness, type Harness } from '../scenario/harness.js';
import { cliNodeArgs, runCli } from '../support/run-cli.js';
import { runProcess, type ProcessResult } from '../support/run-process.js';
import { tempDir } from '../support/temp-dir.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

const ZONE = `version: 1
zone: example.com
records:
${Array.from({ length: 40 }, (_, i) => `  - { name: h${i}, type: A, content: 192.0.2.${i + 1} }`).join('\n')}
`;

/**
 * Runs the CLI with the read end of its stdout closed before it writes (as `| head -1` does once
 * it has its line: every later write of the command meets a closed pipe).
 */
function runClosingStdout(args: string[], env: Record<string, string>): Promise<ProcessResult> {
  return runProcess(process.execPath, [...cliNodeArgs(), ...args], {
    cwd: root,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, NO_COLOR: '1', ...env },
    stdout: 'closed',
  });
}

describe('messages of every command', () => {
  let h: Harness;
  let dir: string;
  let env: Record<string, string>;
  let zoneFile: string;

  beforeAll(async () => {
    h = await startHarness();
    dir = tempDir('messages');
    env = { CLOUDFLARE_BASE_URL: h.emulator.baseUrl, CLOUDFLARE_API_TOKEN: TOKEN };
    zoneFile = join(dir, 'zone.yaml');
    writeFileSync(zoneFile, ZONE);
  });
  afterAll(async () => {
    await h.close();
  });

  it('fatal errors are one line: zonectl: error[CODE]: message, exit 1, no stack trace', async () => {
    const missing = await runCli(['apply', '--plan', join(dir, 'nope.json'), '--yes'], env);
    expect(missing.code).toBe(1);
    expect(missing.stderr.trim()).toMatch(
      /^zonectl: error\[PLAN_FILE_UNREADABLE\]: .*nope\.json: cannot read the plan file \(no such file\)$/,
    );
    const noCreds = await runCli(['plan', zoneFile], { CLOUDFLARE_BASE_URL: h.emulator.baseUrl });
    expect(noCreds.code).toBe(1);
    expect(noCreds.stderr).toMatch(/^zonectl: error\[CREDENTIALS\]: /m);
    const badFlag = await runCli(['apply', zoneFile, '--concurrency', '0'], env);
    expect(badFlag.stderr).toMatch(/^zonectl: error\[BAD_FLAG\]: --concurrency must be a whole number/m);
    for (const r of [missing, noCreds, badFlag]) expect(r.stderr).not.toMatch(/\n\s+at .*:\d+:\d+/);
  });

  it('apply --plan given the report of plan --format json says to save a plan with --out', async () => {
    const report = await runCli(['plan', zoneFile, '--format', 'json'], env);
    expect(report.code).toBe(0);
    const reportFile = join(dir, 'report.json');
    writeFileSync(reportFile, report.stdout);
    const r = await runCli(['apply', '--plan', reportFile, '--yes'], env);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(
      /^zonectl: error\[PLAN_FILE_INVALID\]: .*report\.json: this is the report of `zonectl plan --format json`, not a saved plan; save a plan for apply with `zonectl plan FILE\.\.\. --out .*report\.json`/m,
    );
  });

  it('a closed stdout (plan | head -1) ends the process quietly: no EPIPE, no stack trace, the saved plan written', async () => {
    const saved = join(dir, 'closed-stdout-plan.json');
    const r = await runClosingStdout(['plan', zoneFile, '--out', saved], env);
    expect(existsSync(saved)).toBe(true);
    expect(r.stderr).not.toMatch(/EPIPE|Error|\n\s+at /);
    expect(r.signal).toBeNull();
    expect(r.code).toBe(0);
  });
});
