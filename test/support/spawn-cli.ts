import type { ChildProcess } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cliNodeArgs, type CliResult } from './run-cli.js';
import { startProcess } from './run-process.js';

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
  const started = startProcess(process.execPath, [...cliNodeArgs(), ...args], {
    cwd,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, NO_COLOR: '1', ...env },
  });
  return {
    child: started.child,
    stdout: () => started.seen().stdout,
    stderr: () => started.seen().stderr,
    waitForStderr: async (pattern) => void (await started.waitFor('stderr', pattern)),
    waitForStdout: async (pattern) => void (await started.waitFor('stdout', pattern)),
    done: started.done.then((r) => ({ code: r.code ?? (r.signal === 'SIGKILL' ? 137 : -1), stdout: r.stdout, stderr: r.stderr })),
  };
}
