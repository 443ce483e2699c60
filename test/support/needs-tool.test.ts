/**
 * The rule of needs-tool.ts, seen from outside: a child vitest runs a file whose tests need a
 * tool that is not installed, once as CI and once not, and its JSON report is read.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isCi } from './needs-tool.js';
import { runProcess } from './run-process.js';
import { tempDir } from './temp-dir.js';

interface Report {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  testResults: { assertionResults: { status: string; failureMessages: string[] }[] }[];
}

async function childRun(ci: string | undefined): Promise<{ code: number; report: Report }> {
  const out = join(tempDir('needs-tool'), 'report.json');
  const env: NodeJS.ProcessEnv = { ...process.env };
  delete env.CI;
  delete env.VITEST;
  if (ci !== undefined) env.CI = ci;
  const args = ['vitest', 'run', '--config', 'test/support/fixtures/vitest.fixture.config.ts', '--reporter=json', `--outputFile=${out}`];
  const { code } = await runProcess('npx', args, { env });
  return { code: code ?? -1, report: JSON.parse(readFileSync(out, 'utf8')) as Report };
}

describe('a test whose tool is missing', () => {
  it('fails under CI, naming the tool and where it comes from', async () => {
    const { code, report } = await childRun('true');
    expect(code).not.toBe(0);
    expect(report.numPassedTests).toBe(0);
    expect(report.numPendingTests).toBe(0);
    expect(report.numFailedTests).toBe(2);
    const messages = report.testResults.flatMap((f) => f.assertionResults.flatMap((a) => a.failureMessages)).join('\n');
    expect(messages).toContain('CI needs no-such-tool (no package)');
    expect(messages).not.toContain('ran without its tool');
  }, 240_000);

  it('is reported as skipped, never passed, outside CI', async () => {
    const { code, report } = await childRun(undefined);
    expect(code).toBe(0);
    expect(report.numPassedTests).toBe(0);
    expect(report.numFailedTests).toBe(0);
    expect(report.numPendingTests).toBe(3);
  }, 240_000);
});

describe('isCi', () => {
  it.each([
    [undefined, false],
    ['', false],
    ['0', false],
    ['false', false],
    ['true', true],
    ['1', true],
  ])('CI=%s is %s', (value, expected) => {
    expect(isCi(value === undefined ? {} : { CI: value })).toBe(expected);
  });
});
