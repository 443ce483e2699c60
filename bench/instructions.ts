/**
 * Instructions a child process executes, counted by valgrind's callgrind: a measure the load of
 * a shared machine does not move (the same binary, inputs and environment give the same count
 * within a few per cent, whatever else runs), beside wall times that it does. Counted for all
 * threads and for the main thread alone: V8 compiles hot functions (TurboFan) and collects
 * garbage partly on helper threads, which on an idle multi-core machine run beside the main
 * thread, so the main thread's count is the closer stand-in for wall time there. User-space
 * instructions only: the kernel's work (process start, page faults, I/O) is not counted, which
 * makes `node -e 0` look cheaper than it is in time. Used where valgrind is installed
 * (`ZONECTL_BENCH_CALLGRIND=0` skips it); a run under callgrind takes 20-60x as long.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface InstructionCount {
  /** Every thread. */
  readonly total: number;
  /** The main thread (JavaScript runs there). */
  readonly main: number;
}

/** Whether counts can be taken here: valgrind installed and not turned off. */
export function callgrindAvailable(): boolean {
  if (process.env.ZONECTL_BENCH_CALLGRIND === '0') return false;
  return spawnSync('valgrind', ['--version'], { stdio: 'ignore' }).status === 0;
}

/** `summary:` (or `totals:`) of one callgrind output file. */
function summaryOf(file: string): number {
  const line = readFileSync(file, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('summary:') || l.startsWith('totals:'));
  return line ? Number(line.split(/\s+/)[1]) : Number.NaN;
}

/**
 * Instructions of `node args...` (exit code 0 required), with the environment given; of
 * `args[0] args...` when args[0] is an executable rather than a script (the single executable).
 */
export function countInstructions(args: readonly string[], cwd: string, env: Record<string, string>): Promise<InstructionCount> {
  const dir = mkdtempSync(join(tmpdir(), 'zonectl-callgrind-'));
  const first = args[0] ?? '';
  const command = first.startsWith('-') || /\.[cm]?js$/.test(first) ? [process.execPath, ...args] : [...args];
  return new Promise<InstructionCount>((resolve, reject) => {
    const child = spawn('valgrind', ['--tool=callgrind', '--separate-threads=yes', `--callgrind-out-file=${join(dir, 'cg')}`, ...command], {
      cwd,
      env,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      try {
        if (code !== 0) throw new Error(`callgrind of node ${args.join(' ')}: exit ${code}: ${stderr.slice(-800)}`);
        const files = readdirSync(dir).filter((f) => f.startsWith('cg-'));
        const counts = files.map((f) => ({ thread: Number(f.slice(3)), n: summaryOf(join(dir, f)) }));
        const total = counts.reduce((sum, c) => sum + c.n, 0);
        const main = counts.find((c) => c.thread === 1)?.n ?? Number.NaN;
        resolve({ total, main });
      } catch (error) {
        reject(error);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });
  });
}

/** `1.23 G` / `456 M`. */
export function formatInstructions(n: number): string {
  return n >= 1e9 ? `${(n / 1e9).toFixed(2)} G` : `${(n / 1e6).toFixed(0)} M`;
}
