/**
 * `zonectl validate` of hostile files: a 10-level alias bomb (under 1 KB, 10^10 values once
 * expanded) and a file whose 200,000 records all have an error. Both must be answered quickly
 * (refused, or the first problems and a count) rather than expanded or listed in full. Through
 * the compiled CLI when `dist/` exists, else `loadZoneFile` in this process.
 */
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadZoneFile } from '../src/core/zonefile/index.js';
import { aliasBomb, manyBadRecords } from '../test/fixtures/zonefile/hostile.js';
import { median, runNode, timeIt } from './measure.js';

export interface HostileResult {
  name: string;
  mode: 'compiled CLI' | 'in-process';
  medianMs: number;
  runs: number;
  peakRssMb: number;
  sizeMb: number;
}

export async function benchHostile(root: string, dir: string, runs: number): Promise<HostileResult[]> {
  const cli = join(root, 'dist/src/cli/main.js');
  const compiled = existsSync(cli);
  const inputs: Array<[string, string]> = [
    ['alias bomb, 10 levels of 10', aliasBomb(10)],
    ['200k records, each with an error', manyBadRecords(200_000)],
  ];
  const out: HostileResult[] = [];
  for (const [name, text] of inputs) {
    const file = join(dir, `hostile-${out.length}.yaml`);
    writeFileSync(file, text);
    const times: number[] = [];
    let peak = 0;
    for (let i = 0; i < runs; i += 1) {
      if (compiled) {
        const r = await runNode([cli, 'validate', file], dir);
        if (r.code !== 1) throw new Error(`validate of ${name} exited ${r.code}, not 1`);
        times.push(r.ms);
        peak = Math.max(peak, r.peakRssMb);
      } else {
        const { ms, value } = await timeIt(() => loadZoneFile({ path: file, text }, {}));
        if (value.config) throw new Error(`${name} validated`);
        times.push(ms);
        peak = Math.max(peak, process.resourceUsage().maxRSS / 1024);
      }
    }
    out.push({ name, mode: compiled ? 'compiled CLI' : 'in-process', medianMs: median(times), runs, peakRssMb: peak, sizeMb: text.length / 1e6 });
  }
  return out;
}
