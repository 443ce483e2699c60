/**
 * The migration report as text (src/core/migrate/report.ts): names and values from the old
 * tool's files are shown one a line, escaped, so that none can print lines of its own among
 * the instructions the user follows (issue 39 item 7).
 */
import { describe, expect, it } from 'vitest';
import { renderReportText, type MigrationReport } from '../../../src/core/migrate/report.js';

describe('renderReportText', () => {
  it('a subject, detail, file or zone holding a newline stays on its line, escaped', () => {
    const forged = 'x\n}\nremoved {\n  from = cloudflare_record.www\n}';
    const report: MigrationReport = {
      from: 'terraform',
      zones: [
        {
          zone: 'example.com',
          imported: 1,
          items: [
            { kind: 'left_to_old_tool', subject: `www TXT ${forged}`, detail: `why ${forged}`, at: { file: `main${forged}.tf`, line: 3 } },
          ],
        },
      ],
      other: [],
      release: {
        title: 'Make Terraform let go:',
        text: 'removed {\n  from = cloudflare_record.api\n  lifecycle {\n    destroy = false\n  }\n}\n',
      },
    };
    const text = renderReportText(report);
    expect(text).toContain('    - www TXT x\\n}\\nremoved {\\n  from = cloudflare_record.www\\n}: why x\\n}\\nremoved {');
    // The only removed block is the report's own, with destroy = false.
    expect(text.match(/^removed \{$/gm)).toHaveLength(1);
    expect(text).toContain('removed {\n  from = cloudflare_record.api\n  lifecycle {\n    destroy = false\n  }\n}');
  });
});
