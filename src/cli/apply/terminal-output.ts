/**
 * The apply session's output on a terminal or in a CI log (src/app/apply/output.ts): the report
 * as text or JSON, progress on stderr, notes and errors through the output choke point
 * (../io.ts), and the confirmation asked on stderr and read from stdin.
 */
import { createInterface } from 'node:readline/promises';
import type { ApplyOutput } from '../../app/apply/index.js';
import { errorLine } from '../output/error-line.js';
import { detail, info, log } from '../output/io.js';
import { progressFor } from './progress.js';
import type { ApplyReport } from './report.js';

async function ask(question: string): Promise<boolean> {
  const rl = createInterface({ input: process.stdin, output: process.stderr });
  try {
    const answer = await rl.question(question);
    return answer.trim() === 'yes';
  } finally {
    rl.close();
  }
}

export function terminalOutput(report: ApplyReport): ApplyOutput {
  return {
    report,
    progress: () => progressFor(report.json),
    cannotConfirm: () =>
      report.json ? '--format json shows no plan to confirm' : process.stdin.isTTY ? undefined : 'no terminal to ask for confirmation',
    confirm: ask,
    info,
    warn: log,
    error: (code, message) => log(errorLine(code, message)),
    detail,
  };
}
