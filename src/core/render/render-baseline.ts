/**
 * `drift --baseline`: the section that opens the text and Markdown reports, so that new drift
 * is read first: each new item, then a count of those still present and each item gone. Pure.
 */
import { printable } from '../text/index.js';
import type { DriftReport, MarkedItem } from '../drift/index.js';
import { describeItem } from './drift-words.js';
import { codeSpan, markdownText } from './markdown-safe.js';

/** Items listed per group before a count of the rest. */
const LISTED = 50;

function groups(report: DriftReport): { fresh: MarkedItem[]; gone: MarkedItem[] } {
  const fresh = report.zones.flatMap((z) => z.items.filter((i) => i.counted && i.baseline === 'new'));
  const gone = report.zones.flatMap((z) => z.gone);
  return { fresh, gone };
}

export function renderBaselineText(report: DriftReport): string {
  const t = report.totals;
  const { fresh, gone } = groups(report);
  const line = (i: MarkedItem): string => `  ${printable(i.zone)}: ${printable(describeItem(i, 'drift'))}`;
  const more = (n: number): string[] => (n > LISTED ? [`  … ${n - LISTED} more`] : []);
  return [
    `Compared with ${printable(report.baseline?.source ?? '')}: ${t.new} new, ${t.present} still present, ${t.gone} gone.`,
    ...(fresh.length > 0 ? ['New drift:', ...fresh.slice(0, LISTED).map(line), ...more(fresh.length)] : []),
    ...(gone.length > 0 ? ['Gone since the baseline:', ...gone.slice(0, LISTED).map(line), ...more(gone.length)] : []),
    '',
  ].join('\n');
}

export function renderBaselineMarkdown(report: DriftReport): string {
  const t = report.totals;
  const { fresh, gone } = groups(report);
  const line = (i: MarkedItem): string => `- ${codeSpan(i.zone)}: ${codeSpan(describeItem(i, 'drift'))}`;
  const more = (n: number): string[] => (n > LISTED ? [`- … ${n - LISTED} more`] : []);
  return [
    `#### New drift since ${markdownText(report.baseline?.source ?? '')}`,
    '',
    `**${t.new} new**, ${t.present} still present, ${t.gone} gone.`,
    '',
    ...(fresh.length > 0 ? [...fresh.slice(0, LISTED).map(line), ...more(fresh.length), ''] : []),
    ...(gone.length > 0 ? ['Gone since the baseline:', '', ...gone.slice(0, LISTED).map(line), ...more(gone.length), ''] : []),
  ].join('\n');
}
