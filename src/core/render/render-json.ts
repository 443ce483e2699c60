import { dnssecJson } from '../dnssec/index.js';
import { assertNever } from '../errors.js';
import type { ZonePlan } from '../plan/build-plan.js';
import type { Operation } from '../plan/operation.js';
import { sourceFileOf } from '../plan/record-source.js';
import { type DriftReport, happenedOf, type MarkedItem } from '../drift/index.js';
import { driftEntryOf } from './drift-text.js';
import { jsonLeftAlone, planLeftAlone } from './left-alone.js';

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
  /** An update that only marks the record as zonectl's (manage.unmanaged: owned). */
  mark?: boolean;
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
        // An update that only writes zonectl's ownership marker (manage.unmanaged: owned).
        ...(op.action === 'update' && op.mark === true ? { mark: true } : {}),
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
 * The version of the JSON report of `plan` and `drift` (docs/drift-report.md): 2 since item ids
 * are computed from what each item shows, the live value included (`d2:`); fields are only ever
 * added within a version.
 */
export const REPORT_FORMAT_VERSION = 2;

/** One drift item of the JSON report (docs/drift-report.md, "The JSON report"). */
export function jsonItem(i: MarkedItem): Record<string, unknown> {
  const who = i.who;
  return {
    id: i.id,
    kind: i.kind,
    zone: i.zone,
    name: i.name,
    type: i.type,
    field: i.field,
    file: i.file,
    live: i.live,
    counted: i.counted,
    happened: happenedOf(i),
    ...(i.recordId !== undefined ? { record_id: i.recordId } : {}),
    ...(i.source !== undefined ? { source: i.source } : {}),
    impact: { rank: i.impact.rank, reason: i.impact.reason },
    ways_out: {
      ...(i.ways.revert !== undefined ? { revert: i.ways.revert } : {}),
      ...(i.ways.adopt !== undefined ? { adopt: i.ways.adopt } : {}),
    },
    ...(who !== undefined
      ? {
          who: {
            actor: who.actor,
            ...(who.actorType !== undefined ? { actor_type: who.actorType } : {}),
            ...(who.interface !== undefined ? { interface: who.interface } : {}),
            ...(who.context !== undefined ? { context: who.context } : {}),
            ...(who.tokenName !== undefined ? { token_name: who.tokenName } : {}),
            time: who.time,
            action: who.action,
            log_id: who.logId,
          },
        }
      : {}),
    ...(i.baseline !== undefined ? { baseline: i.baseline } : {}),
  };
}

/**
 * A zone of the JSON report. `items`: its drift items with their ids (docs/drift-report.md),
 * marked against the baseline when there is one; `gone`: the baseline's items no longer there.
 */
export function jsonZone(plan: ZonePlan, marked?: { items: readonly MarkedItem[]; gone: readonly MarkedItem[] }): Record<string, unknown> {
  const items = marked?.items ?? driftEntryOf(plan).items;
  return {
    zone: plan.zone,
    zone_id: plan.zoneId,
    ...(plan.file !== undefined ? { file: plan.file } : {}),
    ...(plan.newZone !== undefined ? { new_zone: { account_id: plan.newZone.accountId, type: plan.newZone.type } } : {}),
    summary: plan.summary,
    changes: plan.operations.map((op) => {
      const source = sourceFileOf(plan, op);
      return source !== undefined ? { ...jsonChange(op), source } : jsonChange(op);
    }),
    unmanaged: plan.unmanaged.map(({ meta: _meta, ...r }) => r),
    // Every record the plan leaves alone, with why (README.md, "Sharing a zone").
    left_alone: jsonLeftAlone(planLeftAlone(plan)),
    unmanaged_tokens: plan.unmanagedTokens ?? [],
    replacements: (plan.replacements ?? []).map((r) => ({ name: r.name, type: r.type, record_id: r.id, by: r.by, before: r.record })),
    notes: plan.notes ?? [],
    warnings: [...plan.warnings, ...plan.safety.map((v) => `${v.count} ${v.kind}s are ${v.percent}% of the zone (limit ${v.limit}%)`)],
    ...(plan.dnssec !== undefined ? { dnssec: dnssecJson(plan.dnssec) } : {}),
    items: items.map(jsonItem),
    ...(marked !== undefined && marked.gone.length > 0 ? { gone: marked.gone.map(jsonItem) } : {}),
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
    mark: plans.reduce((n, p) => n + (p.summary.mark ?? 0), 0),
    left_alone: plans.reduce((n, p) => n + (p.leftAlone?.length ?? 0), 0),
  };
}

/**
 * The JSON document of `plan --format json` / `drift --format json`: a summary of the run first,
 * then each zone. With `report` (the run's drift report), each zone's items carry their rank,
 * ways out, the baseline's marks and who made them; `baseline` and `audit_log` sum them up.
 */
export function renderJson(plans: readonly ZonePlan[], extra: Record<string, unknown> = {}, report?: DriftReport): string {
  const failed = Array.isArray(extra.errors) ? extra.errors.length : 0;
  const entries = new Map((report?.zones ?? []).map((z) => [`${z.zone}\u0000${z.file}`, z]));
  const t = report?.totals;
  const baseline =
    report?.baseline !== undefined && t !== undefined
      ? { baseline: { source: report.baseline.source, new: t.new, present: t.present, gone: t.gone } }
      : {};
  const a = report?.audit;
  const audit =
    a !== undefined
      ? { audit_log: { days: a.days, zones_read: a.zonesRead, joined: a.joined, not_found: a.notFound, notes: a.notes } }
      : {};
  const zones = plans.map((p) => {
    const entry = entries.get(`${p.zone}\u0000${p.file ?? ''}`) ?? report?.zones.find((z) => z.zone === p.zone);
    return jsonZone(p, entry !== undefined ? { items: entry.items, gone: entry.gone } : undefined);
  });
  return `${JSON.stringify({ format_version: REPORT_FORMAT_VERSION, summary: jsonRunSummary(plans, failed), ...baseline, ...audit, ...extra, zones }, null, 2)}\n`;
}
