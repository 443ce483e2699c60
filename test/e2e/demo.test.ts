/**
 * `npm run demo` (scripts/demo.ts) with its output in a pipe, as in a CI log or `| less`: it runs
 * to the end against its in-process emulator and writes no colour code (issue 33, item 7): its
 * banners follow the CLI's own rule (src/cli/output/io.ts `useColour`: a terminal only, NO_COLOR,
 * FORCE_COLOR), and the CLI runs it starts decide for themselves on the same pipe.
 */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { TSX_LOADER } from '../support/run-cli.js';
import { runProcess, type ProcessResult } from '../support/run-process.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

function demo(env: NodeJS.ProcessEnv): Promise<ProcessResult> {
  return runProcess(process.execPath, ['--import', TSX_LOADER, join(root, 'scripts/demo.ts')], { cwd: root, env });
}

it('the demo into a pipe: runs to the end and prints no colour code', async () => {
  const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: process.env.HOME };
  const r = await demo(env);
  expect(r.code, r.output).toBe(0);
  expect(r.output).toContain('=== Demo finished: the zone converged and the emulator is stopped.');
  expect(r.output).toContain('=== 2. Plan: what would change');
  expect(r.output).not.toContain('\x1b');
});
