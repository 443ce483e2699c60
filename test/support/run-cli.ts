import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { dirname, join } from 'node:path';
import { runProcess } from './run-process.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
/** tsx's loader by absolute URL, so that the CLI also runs from a working directory outside the repository. */
export const TSX_LOADER = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * The node arguments that start the CLI: the bundle the run built from the sources
 * (test/support/cli-bundle.ts, `ZONECTL_TEST_CLI`), else the sources through tsx (a run without
 * that setup). `ZONECTL_TEST_CLI=tsx` forces the sources.
 */
export function cliNodeArgs(): string[] {
  const bundle = process.env.ZONECTL_TEST_CLI;
  if (bundle !== undefined && bundle !== '' && bundle !== 'tsx') return [bundle];
  return ['--import', TSX_LOADER, join(root, 'src/cli/main.ts')];
}

/** Run the real CLI (the run's bundle of the sources, ./cli-bundle.ts) in a child process, without a terminal. */
export async function runCli(args: string[], env: Record<string, string | undefined> = {}, cwd = root): Promise<CliResult> {
  const r = await runProcess(process.execPath, [...cliNodeArgs(), ...args], {
    cwd,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, NO_COLOR: '1', ...env },
  });
  return { code: r.code ?? -1, stdout: r.stdout, stderr: r.stderr };
}
