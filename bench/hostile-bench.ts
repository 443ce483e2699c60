/**
 * `zonectl validate` of hostile files: a 10-level alias bomb (under 1 KB, 10^10 values once
 * expanded) and a file whose 200,000 records all have an error. Both must be answered quickly
 * (refused, or the first problems and a count) rather than expanded or listed in full.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { aliasBomb, manyBadRecords } from '../test/fixtures/zonefile/hostile.js';
import { validateRuns, type ValidateRuns } from './validate-runs.js';

export interface HostileResult extends ValidateRuns {
  name: string;
  sizeMb: number;
}

export async function benchHostile(root: string, dir: string, runs: number): Promise<HostileResult[]> {
  const inputs: Array<[string, string]> = [
    ['alias bomb, 10 levels of 10', aliasBomb(10)],
    ['200k records, each with an error', manyBadRecords(200_000)],
  ];
  const out: HostileResult[] = [];
  for (const [i, [name, text]] of inputs.entries()) {
    const file = join(dir, `hostile-${i}.yaml`);
    writeFileSync(file, text);
    out.push({ name, sizeMb: text.length / 1e6, ...(await validateRuns(root, dir, file, text, runs, false)) });
  }
  return out;
}
