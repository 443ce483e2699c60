/**
 * The output of a `plan` or `drift` session: messages on stderr, the report in its format when it
 * comes. With `--format json` a run that fails before its report (invalid files, no credentials,
 * the API unreachable) still prints its one document, with `error` and no zones; the error line
 * and exit code follow as for text. CI reads stdout with jq: never nothing.
 */
import type { MessageEvent, SessionOutput } from '../../../app/session/index.js';
import type { RunReport } from '../../../app/engine/index.js';
import { renderJson } from '../../../core/render/render-json.js';
import { out } from '../../output/io.js';
import { jsonError } from '../../output/json-error.js';
import { showMessage } from '../../output/messages.js';
import { printReport, type ReportOptions } from './print-report.js';
import type { OutputFormat } from './report-formats.js';

export type ReportEvent = MessageEvent | { readonly kind: 'report'; readonly report: RunReport };

export interface ReportOutput extends SessionOutput<ReportEvent> {
  /** The run failed as a whole: with JSON and no report yet, the document with its error. */
  failed(error: unknown): void;
}

export function reportOutput(format: OutputFormat, options: ReportOptions): ReportOutput {
  let reported = false;
  return {
    emit(event) {
      if (event.kind !== 'report') {
        showMessage(event);
        return;
      }
      reported = true;
      printReport(event.report, format, options);
    },
    failed(error) {
      if (format === 'json' && !reported) out(renderJson([], { error: jsonError(error) }));
    },
  };
}

/** Runs a session with this output; a failure is shown (`failed`) and thrown on. */
export async function withReportOutput<T>(output: ReportOutput, run: (output: ReportOutput) => Promise<T>): Promise<T> {
  try {
    return await run(output);
  } catch (error) {
    output.failed(error);
    throw error;
  }
}
