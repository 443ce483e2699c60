/**
 * The one way tests run a child process to its end and collect what it wrote: asynchronously
 * (an emulator the test started answers from this very process), stdout and stderr as text.
 */
import { spawn, type ChildProcess } from 'node:child_process';

export interface RunProcessOptions {
  /**
   * The child's whole environment (nothing of the test's own is added, except TMPDIR when it has
   * none: the run's temporary directory, test/support/tmp-guard.ts); the test's when absent.
   */
  env?: NodeJS.ProcessEnv;
  cwd?: string;
  /** Written to the child's stdin, which is then closed; without it stdin is not connected. */
  input?: string;
  /** Kills the child (SIGTERM) after this long: a guard against a hang, never a measurement. */
  timeoutMs?: number;
  /**
   * `collect` (the default); `ignore`: not connected; `closed`: the read end closed before the
   * child writes (as `| head -1` does once it has its line).
   */
  stdout?: 'collect' | 'ignore' | 'closed';
  /** Called after every chunk of output with all of it so far: to answer a prompt or stop a server once it printed a line. */
  onOutput?: (seen: ProcessOutput, child: ChildProcess) => void;
}

export interface ProcessOutput {
  stdout: string;
  stderr: string;
  /** stdout and stderr together, in the order their chunks arrived. */
  output: string;
}

export interface ProcessResult extends ProcessOutput {
  /** The exit code; null when a signal ended the child. */
  code: number | null;
  signal: NodeJS.Signals | null;
}

/** A child process started by `startProcess`: the test may signal it; `done` settles as `runProcess` does. */
export interface StartedProcess {
  readonly child: ChildProcess;
  readonly done: Promise<ProcessResult>;
  /** What it wrote so far. */
  seen(): ProcessOutput;
  /** Resolves with the match once `stream` matches `pattern`; rejects if the process ends first. */
  waitFor(stream: keyof ProcessOutput, pattern: RegExp): Promise<RegExpExecArray>;
}

/** `env` with the run's TMPDIR when it names none, so that what the child writes there is checked and removed too. */
function withRunTmpdir(env: NodeJS.ProcessEnv | undefined): NodeJS.ProcessEnv | undefined {
  if (env === undefined || 'TMPDIR' in env || process.env.TMPDIR === undefined) return env;
  return { ...env, TMPDIR: process.env.TMPDIR };
}

/** Runs `command args` to its end (all its output read); rejects only when it cannot be started. */
export function runProcess(command: string, args: readonly string[], options: RunProcessOptions = {}): Promise<ProcessResult> {
  return startProcess(command, args, options).done;
}

/** Starts `command args` and hands back the child at once, for a test that signals it while it runs. */
export function startProcess(command: string, args: readonly string[], options: RunProcessOptions = {}): StartedProcess {
  const child = spawn(command, [...args], {
    cwd: options.cwd,
    env: withRunTmpdir(options.env),
    stdio: [options.input === undefined ? 'ignore' : 'pipe', options.stdout === 'ignore' ? 'ignore' : 'pipe', 'pipe'],
    timeout: options.timeoutMs,
  });
  const seen: ProcessOutput = { stdout: '', stderr: '', output: '' };
  const watchers: Array<() => void> = [];
  const collect = (stream: 'stdout' | 'stderr') => (d: Buffer) => {
    const text = d.toString();
    seen[stream] += text;
    seen.output += text;
    for (const watch of [...watchers]) watch();
    options.onOutput?.(seen, child);
  };
  if (options.stdout === 'closed') child.stdout?.destroy();
  else child.stdout?.on('data', collect('stdout'));
  child.stderr?.on('data', collect('stderr'));
  if (options.input !== undefined) child.stdin?.end(options.input);
  const done = new Promise<ProcessResult>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code, signal) => resolve({ code, signal, ...seen }));
  });
  function waitFor(stream: keyof ProcessOutput, pattern: RegExp): Promise<RegExpExecArray> {
    return new Promise((resolve, reject) => {
      const check = (): boolean => {
        const match = pattern.exec(seen[stream]);
        if (match !== null) resolve(match);
        return match !== null;
      };
      if (check()) return;
      watchers.push(check);
      done.then((r) => {
        if (!check()) reject(new Error(`${command} ended (${r.code ?? r.signal}) before its ${stream} matched ${pattern}:\n${r.stderr}`));
      }, reject);
    });
  }
  return { child, done, seen: () => seen, waitFor };
}
