/** The closing table of a many-zone run in text: one row per zone, aligned columns. */
import { printable } from '../text/index.js';
import { accountCounts, zoneCounts, type ZoneReport } from '../drift/index.js';

const HEADINGS = ['zone', 'create', 'update', 'delete', 'unmanaged', 'warnings', 'status'] as const;

function row(r: ZoneReport): string[] {
  if (r.kind === 'failed') return [printable(r.zone), '-', '-', '-', '-', '-', `failed (${r.code})`];
  if (r.kind === 'account') {
    const c = accountCounts(r.plan);
    return [printable(r.zone), '0', String(c.update), '0', '0', String(c.warnings), c.update > 0 ? 'changes' : 'in sync'];
  }
  const c = zoneCounts(r.plan, r.fileWarnings);
  const status = r.plan.safety.length > 0 ? 'refused (threshold)' : c.create + c.update + c.delete > 0 ? 'changes' : 'in sync';
  return [printable(r.zone), String(c.create), String(c.update), String(c.delete), String(c.unmanaged), String(c.warnings), status];
}

/** `6 zones`, or `2 zones and 1 account file` when the run has account files. */
export function describeEntries(reports: readonly ZoneReport[]): string {
  const accounts = reports.filter((r) => r.kind === 'account' || (r.kind === 'failed' && r.account === true)).length;
  const zones = reports.length - accounts;
  const z = `${zones} zone${zones === 1 ? '' : 's'}`;
  return accounts === 0 ? z : `${z} and ${accounts} account file${accounts === 1 ? '' : 's'}`;
}

/** With accounts of the repository configuration, the table's first column names each zone's account. */
export function renderSummaryTable(reports: readonly ZoneReport[]): string {
  const grouped = reports.some((r) => r.group !== undefined);
  const headings: string[] = grouped ? ['account', ...HEADINGS] : [...HEADINGS];
  const rows = [headings, ...reports.map((r) => (grouped ? [r.group ?? '-', ...row(r)] : row(r)))];
  const widths = headings.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  const line = (cells: readonly string[]): string =>
    cells
      .map((c, i) => (i === 0 || (grouped && i === 1) || i === cells.length - 1 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!)))
      .join('  ')
      .trimEnd();
  const failed = reports.filter((r) => r.kind === 'failed').length;
  const changed = reports.filter((r) => r.kind !== 'failed' && r.plan.operations.length > 0).length;
  const total = `${describeEntries(reports)}: ${changed} with changes, ${failed} failed, ${reports.length - changed - failed} in sync`;
  return `${[line(rows[0]!), ...rows.slice(1).map(line), total].join('\n')}\n`;
}
