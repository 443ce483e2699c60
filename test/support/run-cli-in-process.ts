/**
 * The CLI's own program (src/cli/run-cli.ts: the same commander program, command definitions,
 * sessions, renderers and output choke point as the bundle) run inside the test's process, with
 * the arguments, environment and working directory `runCli` (./run-cli.ts) would give a child
 * process, and its stdout, stderr and exit code collected. Requests still go through the real
 * HTTP client to the real emulator over loopback.
 *
 * Why: a CLI process costs about 0.4 s of CPU on this 2-core machine (Node's start, the bundle's
 * chunks compiled), and the scenario tests start dozens each to move a zone through states; what
 * they check is the program's answers, not the process around it. In process, a call costs what
 * its work costs. What only a process shows (exit codes as the shell sees them, signals,
 * stdout/stderr as two pipes, a terminal, the bundle itself) stays with ./run-cli.ts and
 * ./spawn-cli.ts in test/e2e/ (test/README.md, "What a test costs").
 *
 * While a call runs, it owns the process's globals: `process.env` (replaced by the call's
 * environment, TMPDIR kept), the working directory, `process.stdout.write` and
 * `process.stderr.write` (collected), and `process.exitCode`; all are restored after it, and calls
 * run one at a time. The CLI's module state that a process would start without is reset: the
 * registered secrets (src/app/output/secret-redaction.ts) and the listeners `handleClosedOutput`
 * adds. The environment must name no colour (NO_COLOR=1, as `runCli` sets), since `--no-color`
 * cannot be undone within one process.
 */
import { clearSecrets } from '../../src/app/output/index.js';
import type { CliResult } from './run-cli.js';

let queue: Promise<unknown> = Promise.resolve();

type Write = typeof process.stdout.write;

function collecting(into: string[]): Write {
  return ((chunk: string | Uint8Array, encoding?: unknown, callback?: unknown): boolean => {
    into.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8'));
    const done = typeof encoding === 'function' ? encoding : callback;
    if (typeof done === 'function') queueMicrotask(() => (done as () => void)());
    return true;
  }) as Write;
}

async function runOnce(args: string[], env: Record<string, string | undefined>, cwd: string): Promise<CliResult> {
  const { runCli } = await import('../../src/cli/run-cli.js');
  const savedEnv = { ...process.env };
  const savedCwd = process.cwd();
  const savedExitCode = process.exitCode;
  const stdoutWrite = process.stdout.write;
  const stderrWrite = process.stderr.write;
  const listeners = { stdout: process.stdout.listeners('error'), stderr: process.stderr.listeners('error') };
  const stdout: string[] = [];
  const stderr: string[] = [];
  const callEnv: Record<string, string | undefined> = { PATH: savedEnv.PATH, HOME: savedEnv.HOME, NO_COLOR: '1', ...env };
  if (!('TMPDIR' in callEnv) && savedEnv.TMPDIR !== undefined) callEnv.TMPDIR = savedEnv.TMPDIR;
  for (const key of Object.keys(process.env)) delete process.env[key];
  for (const [key, value] of Object.entries(callEnv)) if (value !== undefined) process.env[key] = value;
  clearSecrets();
  process.exitCode = undefined;
  process.chdir(cwd);
  process.stdout.write = collecting(stdout);
  process.stderr.write = collecting(stderr);
  try {
    await runCli(['node', 'zonectl', ...args]);
    return { code: Number(process.exitCode ?? 0), stdout: stdout.join(''), stderr: stderr.join('') };
  } finally {
    process.stdout.write = stdoutWrite;
    process.stderr.write = stderrWrite;
    for (const stream of ['stdout', 'stderr'] as const) {
      for (const listener of process[stream].listeners('error')) {
        if (!listeners[stream].includes(listener)) process[stream].off('error', listener as (...a: unknown[]) => void);
      }
    }
    process.chdir(savedCwd);
    process.exitCode = savedExitCode;
    clearSecrets();
    for (const key of Object.keys(process.env)) delete process.env[key];
    Object.assign(process.env, savedEnv);
  }
}

/** `runCli` (./run-cli.ts) in this process: same arguments, same result; calls run one at a time. */
export function runCliInProcess(args: string[], env: Record<string, string | undefined> = {}, cwd = process.cwd()): Promise<CliResult> {
  const run = queue.then(() => runOnce(args, env, cwd));
  queue = run.catch(() => undefined);
  return run;
}
