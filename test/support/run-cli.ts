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

/** Run the real CLI (TypeScript through tsx) in a child process, without a terminal. */
export async function runCli(args: string[], env: Record<string, string | undefined> = {}, cwd = root): Promise<CliResult> {
  const r = await runProcess(process.execPath, ['--import', TSX_LOADER, join(root, 'src/cli/main.ts'), ...args], {
    cwd,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, NO_COLOR: '1', ...env },
  });
  return { code: r.code ?? -1, stdout: r.stdout, stderr: r.stderr };
}
