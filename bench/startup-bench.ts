/**
 * `npm run bench -- startup`: how fast zonectl starts, the single executable (`npm run
 * build:binary`, dist/zonectl) beside the bundle (`node dist/bundle/zonectl.js`, what `bin` and a
 * global install run): `zonectl version` and `zonectl validate` of a four-record zone. Wall time
 * from spawn to exit, median of N runs taken in turns (bundle, binary, bundle, ...), so that
 * machine noise falls on both alike.
 */
import { spawn } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SMALL_ZONE } from '../test/fixtures/small-zone.js';
import { compiledCliPath, median } from './measure.js';

export interface StartupRow {
  command: string;
  bundleMs: number;
  binaryMs: number;
  runs: number;
}

function timeRun(file: string, args: readonly string[], cwd: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    // As bench/team-bench.ts: a cache directory of the run's own for Node's compile cache (22.1 and later).
    const env = { PATH: process.env.PATH, NO_COLOR: '1', XDG_CACHE_HOME: join(cwd, '.cache') };
    const child = spawn(file, [...args], { cwd, env, stdio: 'ignore' });
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve(performance.now() - started) : reject(new Error(`${file} ${args.join(' ')}: exit ${code}`)),
    );
  });
}

export async function benchStartup(root: string, dir: string, runs: number): Promise<StartupRow[]> {
  const bundle = compiledCliPath(root);
  const binary = join(root, 'dist', 'zonectl');
  for (const [path, how] of [
    [bundle, 'npm run build'],
    [binary, 'npm run build:binary'],
  ]) {
    if (!existsSync(path)) throw new Error(`startup: ${path} is missing (${how} first)`);
  }
  const zone = join(dir, 'startup.yaml');
  writeFileSync(zone, SMALL_ZONE);
  const rows: StartupRow[] = [];
  for (const args of [['version'], ['validate', zone]]) {
    const times = { bundle: [] as number[], binary: [] as number[] };
    // One warm-up each (page cache), not counted.
    await timeRun(process.execPath, [bundle, ...args], dir);
    await timeRun(binary, args, dir);
    for (let i = 0; i < runs; i += 1) {
      times.bundle.push(await timeRun(process.execPath, [bundle, ...args], dir));
      times.binary.push(await timeRun(binary, args, dir));
    }
    rows.push({
      command: args[0] === 'version' ? 'zonectl version' : 'zonectl validate (4 records)',
      bundleMs: median(times.bundle),
      binaryMs: median(times.binary),
      runs,
    });
  }
  return rows;
}
