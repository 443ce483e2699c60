/**
 * `npm run bench -- team`: the per-run fixed costs on a team's zone (bench/team-zone.ts, 1,400
 * records), against the issue's targets, each measured side by side in one run (runs taken in
 * turns, medians): `node -e 0`; node reading the file; `zonectl version`; `zonectl validate`; a
 * clean `zonectl plan` against the emulator behind the 10 ms proxy. Targets: version within 1.5x
 * of `node -e 0`; validate within 2x of node reading the file; plan within 3x of `node -e 0` plus
 * its requests' latency. Then, beside octoDNS where installed (bench/octodns.ts), on 1,000 records
 * each: an apply of 1,000 creates, and a clean re-plan.
 */
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startEmulator } from '../src/emulator/server.js';
import { benchCliPath } from './bigzone-bench.js';
import { callgrindAvailable, countInstructions, type InstructionCount } from './instructions.js';
import { startLatencyProxy, type LatencyProxy } from './latency-proxy.js';
import { benchBinaryPath, median, runNode } from './measure.js';
import { OCTODNS_MISSING, octodnsCommand, runOctodns, writeOctodnsConfig } from './octodns.js';
import { octodnsCompatible, teamRecords, teamZoneText } from './team-zone.js';
import { BENCH_RECORD_QUOTA } from './fixtures.js';

const TOKEN = 'bench-team-token-4b6d8f0a2c4e6a8c';

export interface TimedRow {
  readonly name: string;
  readonly medianMs: number;
  readonly requests?: number;
}

export interface ToolPair {
  readonly what: string;
  readonly zonectl: { readonly ms: number; readonly requests: number };
  readonly octodns?: { readonly ms: number; readonly requests: number };
}

/** Instructions of one run of a command (instructions.ts), and of the same command of the base build when one is given. */
export interface CountedRow {
  readonly name: string;
  readonly count: InstructionCount;
  readonly base?: InstructionCount;
  /** The single executable's, where built. */
  readonly binary?: InstructionCount;
}

export interface TeamBench {
  readonly records: number;
  readonly runs: number;
  readonly delayMs: number;
  readonly rows: readonly TimedRow[];
  /** Instruction counts (valgrind), or why there are none. */
  readonly instructions: readonly CountedRow[] | string;
  readonly targets: ReadonlyArray<{ readonly name: string; readonly ms: number; readonly targetMs: number; readonly how: string }>;
  readonly octodns: readonly ToolPair[] | string;
}

/** Wall time of one child process from spawn to exit. */
function timeChild(file: string, args: readonly string[], cwd: string, env: Record<string, string> = {}): Promise<number> {
  // The single executable runs as it is, not through node.
  if (file === process.execPath && args[0] !== undefined && !args[0].startsWith('-') && !args[0].endsWith('.js'))
    return timeChild(args[0], args.slice(1), cwd, env);
  return new Promise((resolve, reject) => {
    const started = performance.now();
    // A cache directory of the run's own (a user has a HOME): where Node has a compile cache (22.1
    // and later), the warm-up fills it as a user's earlier runs would (src/cli/compile-cache.ts).
    const cache = join(cwd, '.cache');
    const child = spawn(file, [...args], {
      cwd,
      env: { PATH: process.env.PATH, NO_COLOR: '1', XDG_CACHE_HOME: cache, ...env },
      stdio: 'ignore',
    });
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve(performance.now() - started) : reject(new Error(`${file} ${args.join(' ')}: exit ${code}`)),
    );
  });
}

async function withEmulator<T>(zones: string[], delayMs: number, fn: (proxy: LatencyProxy, baseUrl: string) => Promise<T>): Promise<T> {
  const emulator = await startEmulator({ port: 0, zones, token: TOKEN, zonePlan: 'pro', recordQuota: BENCH_RECORD_QUOTA });
  const proxy = await startLatencyProxy(emulator.baseUrl, delayMs);
  try {
    return await fn(proxy, `${proxy.origin}/client/v4`);
  } finally {
    await proxy.close();
    await emulator.close();
  }
}

export async function benchTeam(root: string, dir: string, records: number, runs: number, delayMs: number): Promise<TeamBench> {
  const cli = benchCliPath(root);
  const zone = 'team.example';
  const file = join(dir, `${zone}.yaml`);
  writeFileSync(file, teamZoneText(teamRecords(records, zone), zone));
  const node = process.execPath;
  return withEmulator([zone, 'octo-1000.example', 'cli-1000.example'], delayMs, async (proxy, baseUrl) => {
    const env = { CLOUDFLARE_BASE_URL: baseUrl, CLOUDFLARE_API_TOKEN: TOKEN };
    const created = await runNode([cli, 'apply', '--yes', file], dir, env);
    if (created.code !== 0) throw new Error(`team: apply exited ${created.code}: ${created.stderr.slice(-1500)}`);
    proxy.reset();
    const planOnce = await runNode([cli, 'plan', file, '--detailed-exitcode'], dir, env);
    if (planOnce.code !== 0)
      throw new Error(`team: the plan after apply is not clean (exit ${planOnce.code}): ${planOnce.stdout.slice(0, 1500)}`);
    const planRequests = proxy.total();
    const zonectl = (bin: string, label: string): Array<[string, () => Promise<number>]> => [
      [`zonectl version${label}`, () => timeChild(node, [bin, 'version'], dir)],
      [`zonectl validate (${records} records)${label}`, () => timeChild(node, [bin, 'validate', file], dir)],
      [`zonectl plan, clean (${records} records)${label}`, () => timeChild(node, [bin, 'plan', file], dir, env)],
    ];
    // ZONECTL_BENCH_BASE_CLI: another build measured in the same turns (before/after); the single
    // executable too, where `npm run build:binary` made it.
    const base = process.env.ZONECTL_BENCH_BASE_CLI;
    const binary = benchBinaryPath(root);
    const commands: Array<[string, () => Promise<number>]> = [
      ['node -e 0', () => timeChild(node, ['-e', '0'], dir)],
      ['node reading the file', () => timeChild(node, ['-e', `require('node:fs').readFileSync(${JSON.stringify(file)})`], dir)],
      ...zonectl(cli, ''),
      ...(base ? zonectl(base, ' [ZONECTL_BENCH_BASE_CLI]') : []),
      ...(binary ? zonectl(binary, ' [single executable]') : []),
    ];
    const times = commands.map((): number[] => []);
    for (const [, run] of commands) await run(); // warm-up (page cache, compile cache where Node has one)
    for (let i = 0; i < runs; i += 1) for (const [k, [, run]] of commands.entries()) times[k]!.push(await run());
    const rows = commands.map(([name], k) => ({
      name,
      medianMs: median(times[k]!),
      ...(name.includes('plan') ? { requests: planRequests } : {}),
    }));
    const [nodeMs] = rows.map((r) => r.medianMs) as [number];
    // Issue 45's targets, for each build: version within 1.5x of node -e 0; validate within 2.5x;
    // a clean plan within 4x plus its requests' latency.
    const targets = rows
      .filter((r) => r.name.startsWith('zonectl '))
      .flatMap((r) => {
        const build = r.name.replace(/^[^[]*/, '').trim() || '[bundle]';
        if (r.name.startsWith('zonectl version'))
          return [{ name: `version ${build}`, ms: r.medianMs, targetMs: 1.5 * nodeMs, how: '1.5x node -e 0' }];
        if (r.name.startsWith('zonectl validate'))
          return [{ name: `validate ${build}`, ms: r.medianMs, targetMs: 2.5 * nodeMs, how: '2.5x node -e 0' }];
        return [
          {
            name: `plan (clean) ${build}`,
            ms: r.medianMs,
            targetMs: 4 * nodeMs + planRequests * delayMs,
            how: `4x node -e 0 + ${planRequests} requests x ${delayMs} ms`,
          },
        ];
      });
    const instructions = callgrindAvailable()
      ? await counted(cli, base, binary, file, dir, env)
      : 'not measured: valgrind is not installed (or ZONECTL_BENCH_CALLGRIND=0)';
    const command = octodnsCommand();
    const octodns = command ? await beside(command, dir, cli, binary, proxy, baseUrl, env) : OCTODNS_MISSING;
    return { records, runs, delayMs, rows, instructions, targets, octodns };
  });
}

/** One callgrind run of each command (instructions.ts), the base build's beside this one's when given. */
async function counted(
  cli: string,
  base: string | undefined,
  binary: string | undefined,
  file: string,
  dir: string,
  apiEnv: Record<string, string>,
): Promise<CountedRow[]> {
  const plain = { PATH: process.env.PATH ?? '', NO_COLOR: '1' };
  const count = (args: string[], env: Record<string, string> = plain) => countInstructions(args, dir, env);
  const forBuild = (bin: string): Array<() => Promise<InstructionCount>> => [
    () => count([bin, 'version']),
    () => count([bin, 'validate', file]),
    () => count([bin, 'plan', file], { ...plain, ...apiEnv }),
  ];
  const rows: CountedRow[] = [
    { name: 'node -e 0', count: await count(['-e', '0']) },
    { name: 'node reading the file', count: await count(['-e', `require('node:fs').readFileSync(${JSON.stringify(file)})`]) },
  ];
  const names = ['zonectl version', 'zonectl validate', 'zonectl plan, clean'];
  for (const [k, name] of names.entries()) {
    const count = await forBuild(cli)[k]!();
    const baseCount = base !== undefined ? await forBuild(base)[k]!() : undefined;
    const binaryCount = binary !== undefined ? await forBuild(binary)[k]!() : undefined;
    rows.push({ name, count, ...(baseCount ? { base: baseCount } : {}), ...(binaryCount ? { binary: binaryCount } : {}) });
  }
  return rows;
}

/** 1,000 records each: an apply creating them (fresh zones), then a clean re-plan; zonectl and octoDNS in turn. */
async function beside(
  command: readonly string[],
  dir: string,
  cli: string,
  binary: string | undefined,
  proxy: LatencyProxy,
  baseUrl: string,
  env: Record<string, string>,
): Promise<ToolPair[]> {
  const count = 1000;
  const cliZone = 'cli-1000.example';
  const octoZone = 'octo-1000.example';
  const cliFile = join(dir, `${cliZone}.yaml`);
  writeFileSync(cliFile, teamZoneText(octodnsCompatible(teamRecords(count, cliZone), cliZone), cliZone));
  const octoDir = join(dir, 'octodns');
  await import('node:fs').then((fs) => fs.mkdirSync(octoDir, { recursive: true }));
  const config = writeOctodnsConfig(octoDir, octoZone, octodnsCompatible(teamRecords(count, octoZone), octoZone), baseUrl, TOKEN);
  const measure = async (fn: () => Promise<number>): Promise<{ ms: number; requests: number }> => {
    proxy.reset();
    const ms = await fn();
    return { ms, requests: proxy.total() };
  };
  const cliApply = await measure(() => timeChild(process.execPath, [cli, 'apply', '--yes', cliFile], dir, env));
  const octoApply = await measure(() => runOctodns(command, config, true));
  const plans = {
    zonectl: [] as Array<{ ms: number; requests: number }>,
    binary: [] as Array<{ ms: number; requests: number }>,
    octodns: [] as Array<{ ms: number; requests: number }>,
  };
  for (let i = 0; i < 5; i += 1) {
    plans.zonectl.push(await measure(() => timeChild(process.execPath, [cli, 'plan', cliFile], dir, env)));
    if (binary !== undefined) plans.binary.push(await measure(() => timeChild(binary, ['plan', cliFile], dir, env)));
    plans.octodns.push(await measure(() => runOctodns(command, config, false)));
  }
  const mid = (xs: Array<{ ms: number; requests: number }>) => ({ ms: median(xs.map((x) => x.ms)), requests: xs[0]!.requests });
  return [
    { what: `apply of ${count} creates`, zonectl: cliApply, octodns: octoApply },
    { what: `clean re-plan of ${count} records (median of 5)`, zonectl: mid(plans.zonectl), octodns: mid(plans.octodns) },
    ...(binary !== undefined
      ? [
          {
            what: `clean re-plan of ${count} records (median of 5), single executable`,
            zonectl: mid(plans.binary),
            octodns: mid(plans.octodns),
          },
        ]
      : []),
  ];
}
