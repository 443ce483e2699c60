import type { ZonePlan } from '../plan/build-plan.js';
import { renderOperation, summaryLine } from './render-text.js';

/** A Markdown plan for pull request comments: a summary table and a diff block per zone. */
export function renderMarkdown(plans: readonly ZonePlan[]): string {
  const out: string[] = ['### zonectl plan', '', '| zone | create | update | delete | unchanged | unmanaged |', '|---|---:|---:|---:|---:|---:|'];
  for (const p of plans) {
    const s = p.summary;
    out.push(`| \`${p.zone}\` | ${s.create} | ${s.update} | ${s.delete} | ${s.unchanged} | ${s.unmanaged} |`);
  }
  for (const p of plans) {
    out.push('', `#### \`${p.zone}\``, '');
    if (p.operations.length === 0) {
      out.push(summaryLine(p.summary));
      continue;
    }
    out.push('```diff');
    for (const op of p.operations) {
      for (const line of renderOperation(op)) out.push(line.replace(/^ {2}([+~-])/, '$1').replace(/^~/, '!'));
    }
    out.push('```', '', summaryLine(p.summary));
    for (const w of p.warnings) out.push(`> warning: ${w}`);
    for (const v of p.safety) out.push(`> **unsafe**: ${v.count} ${v.kind}s are ${v.percent}% of the zone (limit ${v.limit}%); apply needs \`--force\``);
  }
  return `${out.join('\n')}\n`;
}
