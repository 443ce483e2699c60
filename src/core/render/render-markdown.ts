import type { ZonePlan } from '../plan/build-plan.js';
import { describeReplacement, describeUnlistedToken, renderOperation, summaryLine } from './render-text.js';

/** Notes and unmanaged tokens of one zone (warnings and safety follow). */
function pushFacts(out: string[], p: ZonePlan): void {
  for (const n of p.notes ?? []) out.push(`> note: ${n}`);
  const tokens = p.unmanagedTokens ?? [];
  if (tokens.length > 0) {
    out.push('', 'Unmanaged tokens (no file lists them):', '');
    for (const t of tokens) out.push(`- ${describeUnlistedToken(t)}`);
  }
}

/** A Markdown plan for pull request comments: a summary table and a diff block per zone. */
export function renderMarkdown(plans: readonly ZonePlan[]): string {
  const out: string[] = ['### zonectl plan', '', '| zone | create | update | delete | unchanged | unmanaged |', '|---|---:|---:|---:|---:|---:|'];
  for (const p of plans) {
    const s = p.summary;
    out.push(`| \`${p.zone}\` | ${s.create} | ${s.update} | ${s.delete} | ${s.unchanged} | ${s.unmanaged} |`);
  }
  for (const p of plans) {
    out.push('', `#### \`${p.zone}\``, '');
    for (const r of p.replacements ?? []) out.push(`> **destructive replacement**: ${describeReplacement(r)}`);
    if ((p.replacements ?? []).length > 0) out.push('');
    if (p.operations.length === 0) {
      out.push(summaryLine(p.summary));
      pushFacts(out, p);
      for (const w of p.warnings) out.push(`> warning: ${w}`);
      continue;
    }
    out.push('```diff');
    for (const op of p.operations) {
      for (const line of renderOperation(op)) out.push(line.replace(/^ {2}([+~-])/, '$1').replace(/^~/, '!'));
    }
    out.push('```', '', summaryLine(p.summary));
    pushFacts(out, p);
    for (const w of p.warnings) out.push(`> warning: ${w}`);
    for (const v of p.safety) out.push(`> **unsafe**: ${v.count} ${v.kind}s are ${v.percent}% of the zone (limit ${v.limit}%); apply needs \`--force\``);
  }
  return `${out.join('\n')}\n`;
}
