import { spawn, type ChildProcess } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { TSX_LOADER, type CliResult } from './run-cli.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** A CLI child process the test can watch and signal while it runs. */
export interface RunningCli {
  readonly child: ChildProcess;
  stdout(): string;
  stderr(): string;
  /** Resolves once stderr matches `pattern` (rejects if the process ends first). */
  waitForStderr(pattern: RegExp): Promise<void>;
  /** Resolves once stdout matches `pattern` (rejects if the process ends first). */
  waitForStdout(pattern: RegExp): Promise<void>;
  readonly done: Promise<CliResult>;
}

export function spawnCli(args: string[], env: Record<string, string | undefined>, cwd = root): RunningCli {
  const child = spawn(process.execPath, ['--import', TSX_LOADER, join(root, 'src/cli/main.ts'), ...args], {
    cwd,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, NO_COLOR: '1', ...env } as NodeJS.ProcessEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  const watchers: Array<() => void> = [];
  child.stdout?.on('data', (d: Buffer) => {
    stdout += d.toString();
    for (const w of [...watchers]) w();
  });
  child.stderr?.on('data', (d: Buffer) => {
    stderr += d.toString();
    for (const w of [...watchers]) w();
  });
  const done = new Promise<CliResult>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code, signal) => resolve({ code: code ?? (signal === 'SIGKILL' ? 137 : -1), stdout, stderr }));
  });
  function waitFor(stream: string, text: () => string, pattern: RegExp): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const check = (): void => {
        if (pattern.test(text())) resolve();
      };
      watchers.push(check);
      check();
      void done.then(() => {
        if (!pattern.test(text())) reject(new Error(`the CLI ended before ${stream} matched ${pattern}:\n${stderr}`));
      });
    });
  }
  return {
    child,
    stdout: () => stdout,
    stderr: () => stderr,
    waitForStderr: (pattern) => waitFor('stderr', () => stderr, pattern),
    waitForStdout: (pattern) => waitFor('stdout', () => stdout, pattern),
    done,
  };
}
