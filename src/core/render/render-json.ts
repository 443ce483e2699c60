import { dnssecJson } from '../dnssec/index.js';
import { assertNever } from '../errors.js';
import type { ZonePlan } from '../plan/build-plan.js';
import type { Operation } from '../plan/operation.js';
import { sourceFileOf } from '../plan/record-source.js';
import { driftItemsOf } from './drift-items.js';
import type { DriftReport, MarkedItem } from './drift-report.js';

/** One change in the JSON output (README.md, "Commands": `--format json`). */
export interface JsonChange {
  action: string;
  resource: 'dns_record' | 'dns_settings' | 'token' | 'dnssec';
  method: string;
  path: string;
  before: unknown;
  after: unknown;
  fields: readonly string[];
  record_id?: string;
  replacement?: boolean;
  /** The file that writes the record (the zone file, or the fragment it includes); creates and updates. */
  source?: string;
}

export function jsonChange(op: Operation): JsonChange {
  const base = { action: op.action, resource: op.kind, method: op.method, path: op.path, fields: op.fields };
  switch (op.kind) {
    case 'dns_record':
      return {
        ...base,
        before: op.action === 'create' ? null : op.before,
        after: op.action === 'delete' ? null : op.after,
        ...(op.action !== 'create' ? { record_id: op.recordId } : {}),
        ...(op.action !== 'update' && op.replacement ? { replacement: true } : {}),
      };
    case 'dns_settings':
      return { ...base, before: op.before, after: op.after };
    case 'dnssec':
      return {
        ...base,
        before: Object.fromEntries(op.changes.map((c) => [c.field, c.before])),
        after: Object.fromEntries(op.changes.map((c) => [c.field, c.after])),
      };
    case 'token':
      return { ...base, before: op.action === 'create' ? null : op.before, after: op.action === 'delete' ? null : op.after };
    default:
      return assertNever(op, 'operation');
  }
}

/**
 * A zone of the JSON report. `items`: its drift items with their stable ids (docs/drift-report.md),
 * marked against the baseline when there is one; `gone`: the baseline's items no longer there.
 */
export function jsonZone(plan: ZonePlan, marked?: { items: readonly MarkedItem[]; gone: readonly MarkedItem[] }): Record<string, unknown> {
  return {
    zone: plan.zone,
    zone_id: plan.zoneId,
    ...(plan.newZone !== undefined ? { new_zone: { account_id: plan.newZone.accountId, type: plan.newZone.type } } : {}),
    summary: plan.summary,
    changes: plan.operations.map((op) => {
      const source = sourceFileOf(plan, op);
      return source !== undefined ? { ...jsonChange(op), source } : jsonChange(op);
    }),
    unmanaged: plan.unmanaged.map(({ meta: _meta, ...r }) => r),
    unmanaged_tokens: plan.unmanagedTokens ?? [],
    replacements: (plan.replacements ?? []).map((r) => ({ name: r.name, type: r.type, record_id: r.id, by: r.by, before: r.record })),
    notes: plan.notes ?? [],
    warnings: [...plan.warnings, ...plan.safety.map((v) => `${v.count} ${v.kind}s are ${v.percent}% of the zone (limit ${v.limit}%)`)],
    ...(plan.dnssec !== undefined ? { dnssec: dnssecJson(plan.dnssec) } : {}),
    items: marked?.items ?? driftItemsOf(plan),
    ...(marked !== undefined && marked.gone.length > 0 ? { gone: marked.gone } : {}),
  };
}

/** Totals over every zone of the run (`failed`: zones that could not be planned). */
export function jsonRunSummary(plans: readonly ZonePlan[], failed: number): Record<string, number> {
  const sum = (key: keyof ZonePlan['summary']): number => plans.reduce((n, p) => n + p.summary[key], 0);
  return {
    zones: plans.length + failed,
    planned: plans.length,
    failed,
    with_changes: plans.filter((p) => p.operations.length > 0).length,
    create: sum('create'),
    update: sum('update'),
    delete: sum('delete'),
    unchanged: sum('unchanged'),
    unmanaged: sum('unmanaged'),
  };
}

/**
 * The JSON document of `plan --format json` / `drift --format json`: a summary of the run first,
 * then each zone. With `report` (the run's drift report), each zone's items carry the baseline's
 * marks, and `baseline` sums them up.
 */
export function renderJson(plans: readonly ZonePlan[], extra: Record<string, unknown> = {}, report?: DriftReport): string {
  const failed = Array.isArray(extra.errors) ? extra.errors.length : 0;
  const entries = new Map((report?.zones ?? []).map((z) => [z.zone, z]));
  const t = report?.totals;
  const baseline =
    report?.baseline !== undefined && t !== undefined
      ? { baseline: { source: report.baseline.source, new: t.new, present: t.present, gone: t.gone } }
      : {};
  const zones = plans.map((p) => {
    const entry = report?.baseline !== undefined ? entries.get(p.zone) : undefined;
    return jsonZone(p, entry !== undefined ? { items: entry.items, gone: entry.gone } : undefined);
  });
  return `${JSON.stringify({ format_version: 1, summary: jsonRunSummary(plans, failed), ...baseline, ...extra, zones }, null, 2)}\n`;
}
