/** The view of `zonectl plan`: the report (./report/, shared with drift) in the format asked, and the --report files. */
import type { OutputFormat, ReportFile } from './report/report-formats.js';
import { type ReportOutput, reportOutput } from './report/report-output.js';

export function planView(format: OutputFormat, report: readonly ReportFile[] | undefined): ReportOutput {
  return reportOutput(format, { ...(report ? { files: report } : {}) });
}
