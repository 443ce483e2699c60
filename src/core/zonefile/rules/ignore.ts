/**
 * A record the file lists that a `manage.ignore` rule also matches: an error naming both lines.
 * An ignore rule says "the live records I match are not the file's: never change or delete them"
 * (README.md, "How zonectl reconciles"); a rule that names content keeps each matching live
 * record whatever else the file lists at its name and type (one A of a name is the file's, another
 * an external system's). The file cannot also want a record the rule leaves alone: DNSControl
 * refuses the same ("records that are both IGNORE*()'d and not ignored", pkg/diff2/handsoff.go,
 * `findConflicts`), octoDNS has no per-value ignore. Matching: src/core/ownership/match-ignore.ts.
 */
import { matchesIgnore } from '../../ownership/index.js';
import { type Rule, describeRecordAt } from './context.js';

export const checkIgnoredListed: Rule = (ctx) => {
  const rules = ctx.manage?.ignore ?? [];
  if (rules.length === 0) return;
  for (const e of ctx.records) {
    const candidate = {
      name: e.record.name,
      type: e.record.type,
      ...(e.record.content !== undefined ? { content: e.record.content } : {}),
    };
    rules.forEach((rule, i) => {
      if (!matchesIgnore(rule, candidate, ctx.zone)) return;
      const at = ctx.ignoreAt?.[i];
      const preset = rule.preset !== undefined ? ` (preset ${rule.preset})` : '';
      const where = `${at !== undefined ? `manage.ignore[${String(at[at.length - 1])}] (${ctx.sink.placeOf(at)})` : `manage.ignore[${i}]`}${preset}`;
      ctx.sink.error(
        'ignore.listed',
        [...e.path, 'name'],
        `${describeRecordAt(ctx, e)} ${e.record.name} ${e.record.type} matches ${where}, which keeps the live records it matches out of the file's hands: remove the record from the file, or narrow the rule (a \`content\` glob) so that it does not match it`,
      );
    });
  }
};
