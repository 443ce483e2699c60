/**
 * `drift --baseline FILE`: the earlier report, read and checked. The comparison itself is pure
 * (src/core/drift/baseline.ts, drift-report.ts).
 */
import { readFileSync } from 'node:fs';
import { BaselineError, readBaseline, type Baseline } from '../../core/drift/index.js';

/** The baseline file, read and checked; a clear error naming the file otherwise (never a stack trace). */
export function readBaselineFile(path: string): Baseline {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'unreadable';
    throw new BaselineError(path, code === 'ENOENT' ? 'no such file' : `cannot be read (${code})`);
  }
  return readBaseline(path, text);
}
