/**
 * `zonectl validate` of generated 10,000- and 100,000-record files: the compiled CLI end to end
 * (start-up included) when `dist/` exists, else `loadZoneFile` in this process.
 */
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadZoneFile } from '../src/core/zonefile/index.js';
import { generateLargeZone } from './fixtures.js';
import { median, runNode, timeIt } from './measure.js';

export interface ValidateResult {
  records: number;
  mode: 'compiled CLI' | 'in-process';
  medianMs: number;
  runs: number;
  peakRssMb: number;
  sizeMb: number;
}

export async function benchValidate(root: string, dir: string, counts: readonly number[], runs: number): Promise<ValidateResult[]> {
  const cli = join(root, 'dist/src/cli/main.js');
  const compiled = existsSync(cli);
  const out: ValidateResult[] = [];
  for (const count of counts) {
    const text = generateLargeZone(count);
    const file = join(dir, `zone-${count}.yaml`);
    writeFileSync(file, text);
    const times: number[] = [];
    let peak = 0;
    for (let i = 0; i < runs; i += 1) {
      if (compiled) {
        const r = await runNode([cli, 'validate', file], dir);
        if (r.code !== 0) throw new Error(`validate failed (exit ${r.code}): ${r.stderr.slice(0, 500)}`);
        times.push(r.ms);
        peak = Math.max(peak, r.peakRssMb);
      } else {
        const { ms, value } = await timeIt(() => loadZoneFile({ path: file, text }, {}));
        if (!value.config) throw new Error('generated file did not validate');
        times.push(ms);
        peak = Math.max(peak, process.resourceUsage().maxRSS / 1024);
      }
    }
    out.push({ records: count, mode: compiled ? 'compiled CLI' : 'in-process', medianMs: median(times), runs, peakRssMb: peak, sizeMb: text.length / 1e6 });
  }
  return out;
}
