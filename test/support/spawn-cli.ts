import type { ChildProcess } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { TSX_LOADER, type CliResult } from './run-cli.js';
import { startProcess, type ProcessOutput } from './run-process.js';

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
  const watchers: Array<() => void> = [];
  let seen: ProcessOutput = { stdout: '', stderr: '', output: '' };
  const started = startProcess(process.execPath, ['--import', TSX_LOADER, join(root, 'src/cli/main.ts'), ...args], {
    cwd,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, NO_COLOR: '1', ...env },
    onOutput: (output) => {
      seen = output;
      for (const w of [...watchers]) w();
    },
  });
  const done = started.done.then(
    (r): CliResult => ({
      code: r.code ?? (r.signal === 'SIGKILL' ? 137 : -1),
      stdout: r.stdout,
      stderr: r.stderr,
    }),
  );
  function waitFor(stream: 'stdout' | 'stderr', pattern: RegExp): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const check = (): void => {
        if (pattern.test(seen[stream])) resolve();
      };
      watchers.push(check);
      check();
      void done.then(() => {
        if (!pattern.test(seen[stream])) reject(new Error(`the CLI ended before ${stream} matched ${pattern}:\n${seen.stderr}`));
      });
    });
  }
  return {
    child: started.child,
    stdout: () => seen.stdout,
    stderr: () => seen.stderr,
    waitForStderr: (pattern) => waitFor('stderr', pattern),
    waitForStdout: (pattern) => waitFor('stdout', pattern),
    done,
  };
}
