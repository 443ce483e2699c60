/**
 * `zonectl validate FILE` repeated: through the compiled CLI (start-up included) when `dist/`
 * exists, else `parseZoneFile` in this process. Shared by the validate and hostile benchmarks.
 */
import { existsSync } from 'node:fs';
import { parseZoneFile } from '../src/core/zonefile/index.js';
import { compiledCliPath, median, runNode, timeIt } from './measure.js';

export interface ValidateRuns {
  mode: 'compiled CLI' | 'in-process';
  medianMs: number;
  runs: number;
  peakRssMb: number;
}

/** Validate `file` (holding `text`) `runs` times; `valid` says which answer is expected (exit 0 or 1). */
export async function validateRuns(
  root: string,
  dir: string,
  file: string,
  text: string,
  runs: number,
  valid: boolean,
): Promise<ValidateRuns> {
  const cli = compiledCliPath(root);
  const compiled = existsSync(cli);
  const times: number[] = [];
  let peak = 0;
  for (let i = 0; i < runs; i += 1) {
    if (compiled) {
      const r = await runNode([cli, 'validate', file], dir);
      if (r.code !== (valid ? 0 : 1)) throw new Error(`validate ${file} exited ${r.code}: ${r.stderr.slice(0, 500)}`);
      times.push(r.ms);
      peak = Math.max(peak, r.peakRssMb);
    } else {
      const { ms, value } = await timeIt(() => parseZoneFile({ path: file, text }, {}));
      if ((value.config !== undefined) !== valid) throw new Error(`${file} ${valid ? 'did not validate' : 'validated'}`);
      times.push(ms);
      peak = Math.max(peak, process.resourceUsage().maxRSS / 1024);
    }
  }
  return { mode: compiled ? 'compiled CLI' : 'in-process', medianMs: median(times), runs, peakRssMb: peak };
}
