/**
 * A zone's DNSSEC plan for people and programs: the changes (`~ dnssec status: disabled →
 * active`), the call, the state the zone waits in, and the DS record the registrar needs, as
 * text lines, one JSON value (for `plan --format json`) and markdown lines. Every value shown
 * comes from the file's checked section or from the checked answer (live.ts), so none needs
 * escaping beyond JSON's own. Pure.
 */
import { describeLiveStatus } from './live.js';
import { isDnssecDrift, type DnssecPlan, type DnssecWaiting } from './diff.js';
import { dsJson, renderDsMarkdown, renderDsText } from './ds-record.js';

const WAITING: Readonly<Record<DnssecWaiting, string>> = {
  'registrar-add-ds': 'add the DS record below at the registrar; the service reports active once it is there (not drift)',
  'registrar-remove-ds': 'remove the DS record at the registrar; the service reports disabled once it is gone (not drift)',
};

const show = (v: string | boolean): string => String(v);

/** `~ dnssec status: disabled → active`, one line a change. */
export function changeLines(plan: Pick<DnssecPlan, 'changes'>): string[] {
  return plan.changes.map((c) => `~ dnssec ${c.field}: ${show(c.before)} → ${show(c.after)}`);
}

function stateLines(plan: DnssecPlan): string[] {
  const lines = [`dnssec: ${describeLiveStatus(plan.live)}${plan.desired === undefined ? ' (not managed by the file)' : ''}`];
  if (plan.waiting !== undefined) lines.push(`  ${WAITING[plan.waiting]}`);
  if (plan.error) lines.push('  check DNS > Settings > DNSSEC in the dashboard; zonectl sends nothing while the service reports an error');
  return lines;
}

/** What the registrar needs, or why it is not shown. */
function dsLines(plan: DnssecPlan): string[] {
  if (plan.live.key !== undefined) return renderDsText(plan.live.key.ds);
  if (plan.live.keyProblem !== undefined) return [`DS record not shown: the service's answer is not consistent (${plan.live.keyProblem})`];
  if (plan.operation?.body.status === 'active') return ['DS record: the service makes the key when DNSSEC is enabled; apply prints it'];
  return [];
}

/** The state and the DS record, without the changes (a plan shows those among its operations). */
export function renderDnssecState(plan: DnssecPlan): string[] {
  return [...stateLines(plan), ...dsLines(plan)];
}

/** Text lines for `plan` and `apply`: changes and call first, then the state and the DS. */
export function renderDnssecText(plan: DnssecPlan): string[] {
  const lines = changeLines(plan);
  if (plan.operation !== undefined) lines.push(`  ${plan.operation.method} ${plan.operation.path} ${JSON.stringify(plan.operation.body)}`);
  return [...lines, ...stateLines(plan), ...dsLines(plan)];
}

/** The `dnssec` member of a zone in `plan --format json` (and drift's JSON). */
export function dnssecJson(plan: DnssecPlan): Record<string, unknown> {
  const key = plan.live.key;
  return {
    managed: plan.desired !== undefined,
    desired: plan.desired ?? null,
    status: plan.live.status,
    deleted: plan.live.deleted,
    changes: plan.changes.map((c) => ({ field: c.field, before: c.before, after: c.after })),
    call: plan.operation !== undefined ? { method: plan.operation.method, path: plan.operation.path, body: plan.operation.body } : null,
    waiting: plan.waiting ?? null,
    error: plan.error,
    drift: isDnssecDrift(plan),
    ds: key !== undefined ? dsJson(key.ds) : null,
    dnskey: key !== undefined ? { flags: key.flags, protocol: 3, algorithm: String(key.ds.algorithm), public_key: key.publicKey } : null,
    ...(plan.live.keyProblem !== undefined ? { ds_problem: plan.live.keyProblem } : {}),
  };
}

/** Markdown lines (a `### DNSSEC` section) for `plan --format markdown` and PR comments. */
export function renderDnssecMarkdown(plan: DnssecPlan): string[] {
  const lines = ['### DNSSEC', ''];
  if (plan.changes.length > 0) lines.push('```diff', ...changeLines(plan), '```', '');
  lines.push(`Status: **${plan.live.status}**${plan.live.deleted ? ' (never enabled, or deleted)' : ''}`);
  if (plan.waiting !== undefined) lines.push('', `${WAITING[plan.waiting]}.`);
  if (plan.error) lines.push('', 'The service reports an error; zonectl sends nothing until it clears.');
  if (plan.live.key !== undefined) lines.push('', ...renderDsMarkdown(plan.live.key.ds));
  else if (plan.live.keyProblem !== undefined)
    lines.push('', `DS record not shown: the answer is not consistent (${plan.live.keyProblem}).`);
  return lines;
}
