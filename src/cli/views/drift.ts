/**
 * The view of `zonectl drift`: the report (../views/report/, shared with plan) with the drift
 * options, or with --adopt the diff on stdout and messages on stderr.
 */
import type { AdoptEvent } from '../../app/drift/index.js';
import type { SessionOutput } from '../../app/session/index.js';
import { out } from '../output/io.js';
import { showMessage } from '../output/messages.js';
import type { OutputFormat, ReportFile } from './report/report-formats.js';
import { type ReportOutput, reportOutput } from './report/report-output.js';

/** The drift report: --tokens lists them; --out is one more JSON file beside --report's. */
export function driftView(
  format: OutputFormat,
  listTokens: boolean,
  outFile: string | undefined,
  report: readonly ReportFile[],
): ReportOutput {
  return reportOutput(format, {
    listTokens,
    files: [...(outFile !== undefined ? [{ format: 'json' as const, file: outFile }] : []), ...report],
  });
}

/** `drift --adopt`: the unified diff (--dry-run) on stdout, messages on stderr. */
export function adoptView(): SessionOutput<AdoptEvent> {
  return { emit: (event) => (event.kind === 'diff' ? out(event.text) : showMessage(event)) };
}
