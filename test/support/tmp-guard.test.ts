/**
 * The guard of tmp-guard.ts, seen from outside: a child vitest with the guard runs a fixture file
 * in a temporary directory of this test's, and its exit code, its output and what it left are read.
 */
import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runProcess } from './run-process.js';
import { tempDir } from './temp-dir.js';

async function childRun(fixture: 'clean' | 'leak'): Promise<{ code: number | null; output: string; left: string[] }> {
  const outer = tempDir('guard-child');
  const env: NodeJS.ProcessEnv = { ...process.env, TMPDIR: outer };
  delete env.VITEST;
  const args = [
    'vitest',
    'run',
    '--config',
    'test/support/fixtures/tmp-guard/vitest.config.ts',
    `test/support/fixtures/tmp-guard/${fixture}.fixture.ts`,
  ];
  const r = await runProcess('npx', args, { env });
  return { code: r.code, output: r.output, left: readdirSync(outer) };
}

describe('the temporary-directory guard', () => {
  it('passes a run whose directories were removed on every path (pass, fail, skip, file scope, a child process)', async () => {
    const { code, output, left } = await childRun('clean');
    expect(output).not.toContain('FAIL temporary files');
    expect(output).toMatch(/2 passed/);
    expect(output).toMatch(/1 expected fail/);
    expect(output).toMatch(/1 skipped/);
    expect(code).toBe(0);
    expect(left).toEqual([]);
  }, 240_000);

  it('fails a run that left a file and a directory, naming both, and removes them', async () => {
    const { code, output, left } = await childRun('leak');
    expect(code).toBe(1);
    expect(output).toContain('FAIL temporary files: the tests left 2 entries');
    expect(output).toContain('left-behind.txt');
    expect(output).toMatch(/zonectl-forgotten-\w+\/ \(inside\.txt\)/);
    expect(left).toEqual([]);
  }, 240_000);
});
