/** Timing helpers for the benchmarks: medians of repeated runs, child processes with peak RSS. */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { spawn } from 'node:child_process';

export function median(values: readonly number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 === 1 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

/** Wall time of an async (or sync) function, in milliseconds. */
export async function timeIt<T>(fn: () => T | Promise<T>): Promise<{ ms: number; value: T }> {
  const started = performance.now();
  const value = await fn();
  return { ms: performance.now() - started, value };
}

/** The CLI as `npm run build` leaves it and as `bin` runs it: the bundle in dist/bundle/ (scripts/bundle.mjs). */
export function compiledCliPath(root: string): string {
  return join(root, 'dist', 'bundle', 'zonectl.js');
}

export interface ChildRun {
  ms: number;
  /** Peak resident set size of the child, in MB. */
  peakRssMb: number;
  code: number;
  stdout: string;
  stderr: string;
}

const RSS_MARK = 'ZONECTL_BENCH_MAXRSS_KB=';
// Preloaded into the child: reports its own peak RSS (process.resourceUsage, in KB) on exit.
// Writes to a pipe are synchronous on Linux, so the line is out before the process ends.
const RSS_PRELOAD = `data:text/javascript,process.on('exit',()=>process.stderr.write('\\n${RSS_MARK}'+process.resourceUsage().maxRSS+'\\n'))`;

/** GNU time, which reports the peak RSS of an executable that takes no preload (the single executable). */
const GNU_TIME = '/usr/bin/time';

/**
 * Run `node args...` once; wall time from spawn to exit, and the child's peak RSS. When args[0]
 * is an executable rather than a script (the single executable, dist/zonectl), it runs as it is,
 * under GNU time for its peak RSS (NaN without /usr/bin/time).
 */
export async function runNode(args: readonly string[], cwd: string, env: Readonly<Record<string, string>> = {}): Promise<ChildRun> {
  const first = args[0] ?? '';
  const executable = first !== '' && !first.startsWith('-') && !/\.[cm]?[jt]s$/.test(first);
  const [file, argv] = !executable
    ? [process.execPath, ['--import', RSS_PRELOAD, ...args]]
    : existsSync(GNU_TIME)
      ? [GNU_TIME, ['-q', '-f', `\n${RSS_MARK}%M`, ...args]]
      : [first, args.slice(1)];
  const run = await spawnTimed(file, argv, cwd, env);
  const line = run.stderr.split('\n').find((l) => l.startsWith(RSS_MARK));
  const kb = line ? Number(line.slice(RSS_MARK.length)) : NaN;
  return { ...run, peakRssMb: kb / 1024, stderr: run.stderr.replace(/\n?ZONECTL_BENCH_MAXRSS_KB=\d+\n/, '') };
}

/**
 * Run one build of the CLI as a user does: a bundle entry (`.js`) with this node, anything else
 * (the single executable, dist/zonectl) as it is; no preload, so nothing is measured but its time.
 */
export function runCli(
  cli: string,
  args: readonly string[],
  cwd: string,
  env: Readonly<Record<string, string>> = {},
): Promise<{ ms: number; code: number; stdout: string; stderr: string }> {
  const [file, argv] = cli.endsWith('.js') ? [process.execPath, [cli, ...args]] : [cli, [...args]];
  return spawnTimed(file, argv, cwd, env);
}

/**
 * Spawn `file argv...` with a bare environment (PATH, HOME, NO_COLOR and `env`), collect its
 * output, and time it from spawn to exit.
 */
function spawnTimed(
  file: string,
  argv: readonly string[],
  cwd: string,
  env: Readonly<Record<string, string>>,
): Promise<{ ms: number; code: number; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(file, argv, {
      cwd,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, NO_COLOR: '1', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ ms: performance.now() - started, code: code ?? -1, stdout, stderr }));
  });
}

/** The single executable when `npm run build:binary` made it (ZONECTL_BENCH_BINARY: another path; `0`: none). */
export function benchBinaryPath(root: string): string | undefined {
  const given = process.env.ZONECTL_BENCH_BINARY;
  if (given === '0') return undefined;
  const path = given ?? join(root, 'dist', 'zonectl');
  return existsSync(path) ? path : undefined;
}

export function formatMs(ms: number): string {
  return ms >= 10_000 ? `${(ms / 1000).toFixed(1)} s` : ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${ms.toFixed(0)} ms`;
}

export function formatRatio(a: number, b: number): string {
  return `${(a / b).toFixed(1)}x`;
}
