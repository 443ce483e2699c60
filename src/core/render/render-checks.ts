/** The check registry as `zonectl lint --list` prints it: a text table, or one JSON document. Pure. */
import { CHECKS, type Check } from '../checks/registry.js';

const COLUMNS = ['id', 'severity', 'runs'] as const;

/** One line per check: id, severity and where it runs in aligned columns, then what it asks for and the rule it enforces. */
export function renderCheckTable(checks: readonly Check[] = CHECKS): string {
  const widths = COLUMNS.map((c) => Math.max(c.length, ...checks.map((k) => k[c].length)));
  const row = (cells: readonly string[], tail: string): string => `${cells.map((cell, i) => cell.padEnd(widths[i]!)).join('  ')}  ${tail}`;
  const head = row(
    COLUMNS.map((c) => c.toUpperCase()),
    'DESCRIPTION (RULE)',
  );
  return [head, ...checks.map((k) => row([k.id, k.severity, k.runs], `${k.description} (${k.ref})`))].join('\n');
}

export function renderCheckJson(checks: readonly Check[] = CHECKS): string {
  const doc = {
    format_version: 1,
    command: 'lint',
    checks: checks.map((k) => ({
      id: k.id,
      severity: k.severity,
      runs: k.runs,
      ref: k.ref,
      description: k.description,
      // What a refusal rests on (checks/check.ts): every error check has one.
      source: k.source,
    })),
  };
  return JSON.stringify(doc, null, 2);
}
