/** The closing table of a many-zone run in text: one row per zone, aligned columns. */
import { zoneCounts, type ZoneReport } from './zone-report.js';

const HEADINGS = ['zone', 'create', 'update', 'delete', 'unmanaged', 'warnings', 'status'] as const;

function row(r: ZoneReport): string[] {
  if (r.kind === 'failed') return [r.zone, '-', '-', '-', '-', '-', `failed (${r.code})`];
  const c = zoneCounts(r.plan);
  const status = r.plan.safety.length > 0 ? 'refused (threshold)' : c.create + c.update + c.delete > 0 ? 'changes' : 'in sync';
  return [r.zone, String(c.create), String(c.update), String(c.delete), String(c.unmanaged), String(c.warnings), status];
}

export function renderSummaryTable(reports: readonly ZoneReport[]): string {
  const rows = [[...HEADINGS], ...reports.map(row)];
  const widths = HEADINGS.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  const line = (cells: readonly string[]): string =>
    cells.map((c, i) => (i === 0 || i === cells.length - 1 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ').trimEnd();
  const failed = reports.filter((r) => r.kind === 'failed').length;
  const changed = reports.filter((r) => r.kind === 'planned' && r.plan.operations.length > 0).length;
  const total = `${reports.length} zone${reports.length === 1 ? '' : 's'}: ${changed} with changes, ${failed} failed, ${reports.length - changed - failed} in sync`;
  return `${[line(rows[0]!), ...rows.slice(1).map(line), total].join('\n')}\n`;
}
