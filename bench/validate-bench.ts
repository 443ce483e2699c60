/**
 * `zonectl validate` of generated 10,000- and 100,000-record files: the compiled CLI end to end
 * (start-up included) when `dist/` exists, else `parseZoneFile` in this process.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { generateLargeZone } from './fixtures.js';
import { validateRuns, type ValidateRuns } from './validate-runs.js';

export interface ValidateResult extends ValidateRuns {
  records: number;
  sizeMb: number;
}

export async function benchValidate(root: string, dir: string, counts: readonly number[], runs: number): Promise<ValidateResult[]> {
  const out: ValidateResult[] = [];
  for (const count of counts) {
    const text = generateLargeZone(count);
    const file = join(dir, `zone-${count}.yaml`);
    writeFileSync(file, text);
    out.push({ records: count, sizeMb: text.length / 1e6, ...(await validateRuns(root, dir, file, text, runs, true)) });
  }
  return out;
}
