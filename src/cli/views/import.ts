/** The migration report of `import --from` (src/core/migrate/report.ts) on stdout, as text or one JSON document. */
import { type MigrationReport, renderReportText, reportDocument } from '../../core/migrate/report.js';
import { out } from '../output/io.js';

export function showMigrationReport(report: MigrationReport, format: 'text' | 'json'): void {
  out(format === 'json' ? JSON.stringify(reportDocument(report), null, 2) : renderReportText(report));
}
