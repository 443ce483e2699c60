/**
 * `drift --baseline FILE`, `--fail-on new|any` and `--out FILE`: reading the earlier report and
 * the exit code it decides. The comparison itself is pure (src/core/render/baseline.ts,
 * drift-report.ts).
 */
import { readFileSync } from 'node:fs';
import { Option } from 'commander';
import { BaselineError, readBaseline, type Baseline } from '../../core/render/baseline.js';
import type { DriftReport } from '../../core/render/drift-report.js';
import { ZonectlError } from '../../core/errors.js';

export type FailOn = 'any' | 'new';

export function failOnOption(): Option {
  return new Option('--fail-on <what>', 'exit 2 on any drift, or only on drift that is new since --baseline')
    .choices(['any', 'new'])
    .default('any');
}

/** The baseline file, read and checked; a clear error naming the file otherwise (never a stack trace). */
export function readBaselineFile(path: string): Baseline {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'unreadable';
    throw new BaselineError(path, code === 'ENOENT' ? 'no such file' : `cannot be read (${code})`);
  }
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (error) {
    throw new BaselineError(path, `not JSON (${error instanceof Error ? error.message : String(error)})`);
  }
  return readBaseline(path, doc);
}

/** `--fail-on new` without a baseline has nothing to call new. */
export function checkFailOn(failOn: FailOn, baseline: string | undefined): void {
  if (failOn === 'new' && baseline === undefined)
    throw new ZonectlError('BAD_FLAG', '--fail-on new needs --baseline FILE (the earlier report)');
}

/** With `--fail-on new`, drift counts only when an item is new since the baseline. */
export function driftCounts(failOn: FailOn, report: DriftReport, anyDrift: boolean): boolean {
  return failOn === 'new' ? report.totals.new > 0 : anyDrift;
}
