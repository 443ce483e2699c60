/** Whole-zone rules: a valid zone name; "at least one A or AAAA" (a warning: they may live outside the file). */
import type { Rule } from './context.js';
import { targetHostnameProblem } from './hostname-checks.js';

export const checkZone: Rule = (ctx) => {
  const problem = targetHostnameProblem(ctx.zone, false)
    ?? (ctx.zone.includes('.') ? undefined : 'needs at least two labels (e.g. example.com)');
  if (problem) ctx.sink.error('zone.name', ['zone'], `zone name ${JSON.stringify(ctx.doc.zone)} ${problem}`);
  if (ctx.recordCount > ctx.records.length) return; // records with errors may be the A/AAAA ones
  if (!ctx.records.some((e) => e.record.type === 'A' || e.record.type === 'AAAA')) {
    ctx.sink.warning(
      'zone.no-address',
      ctx.doc.records !== undefined ? ['records'] : [],
      'the file has no A or AAAA record; every zone needs at least one (fine if they live outside this file)',
    );
  }
};
