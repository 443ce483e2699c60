/**
 * The output of a `plan` or `drift` session: messages on stderr, the report in its format when it
 * comes. The run's start and end come from the runner (`runToEnd`, src/app/session): with
 * `--format json` a run that fails before its report (invalid files, no credentials, the API
 * unreachable) still prints its one document at `failed`, with `error` and no zones; the error
 * line and exit code follow as for text. CI reads stdout with jq: never nothing.
 */
import type { MessageEvent, RunEvent, SessionOutput } from '../../../app/session/index.js';
import type { RunReport } from '../../../app/engine/index.js';
import { renderJson } from '../../../core/render/render-json.js';
import { out } from '../../output/io.js';
import { jsonError } from '../../output/json-error.js';
import { showMessage } from '../../output/messages.js';
import { printReport, type ReportOptions } from './print-report.js';
import type { OutputFormat } from './report-formats.js';

export type ReportEvent = MessageEvent | { readonly kind: 'report'; readonly report: RunReport };

/** A plan or drift session's events and the run's start and end, told by the runner. */
export type ReportOutput = SessionOutput<ReportEvent | RunEvent>;

export function reportOutput(format: OutputFormat, options: ReportOptions): ReportOutput {
  let reported = false;
  return {
    emit(event) {
      switch (event.kind) {
        case 'started':
        case 'finished':
          return;
        case 'failed':
          // The run failed as a whole: with JSON and no report yet, the document with its error.
          if (format === 'json' && !reported) out(renderJson([], { error: jsonError(event.error) }));
          return;
        case 'report':
          reported = true;
          printReport(event.report, format, options);
          return;
        default:
          showMessage(event);
      }
    },
  };
}
