/** What `zonectl codeowners` shows (src/app/codeowners): the lines on stdout; with `--check`, the lines a CODEOWNERS file lacks on stderr. */
import type { CodeownersResult } from '../../app/codeowners/index.js';
import { log, out } from '../output/io.js';

/** Prints the result; true when `--check` found lines missing. */
export function showCodeowners(result: CodeownersResult, check: string | undefined): boolean {
  if (check === undefined) {
    out(result.lines.join('\n'));
    return false;
  }
  const missing = result.missing ?? [];
  if (missing.length === 0) {
    log(`${check}: holds every line of zonectl codeowners`);
    return false;
  }
  log(`${check} lacks ${missing.length} line(s) of zonectl codeowners (zonectl.yaml owners:):`);
  for (const line of missing) log(`  ${line}`);
  return true;
}
