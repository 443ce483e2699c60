/**
 * A change of a long text (a DKIM key, an SPF record) as a word diff in git's plain notation
 * (`[-removed-]{+added+}`), long unchanged stretches shortened, instead of two long lines.
 */
import { diffWords } from 'diff';

/** Texts at least this long are shown as a word diff. */
export const WORD_DIFF_FROM = 80;

/** Unchanged stretches longer than this keep their ends only. */
const KEEP_UNCHANGED = 40;

function shortenUnchanged(text: string, first: boolean, last: boolean): string {
  if (text.length <= KEEP_UNCHANGED) return text;
  const end = 16;
  if (first) return `…${text.slice(-end)}`;
  if (last) return `${text.slice(0, end)}…`;
  return `${text.slice(0, end)}…${text.slice(-end)}`;
}

export function wordDiff(before: string, after: string): string {
  const parts = diffWords(before, after);
  return parts
    .map((p, i) => {
      if (p.added) return `{+${p.value}+}`;
      if (p.removed) return `[-${p.value}-]`;
      return shortenUnchanged(p.value, i === 0, i === parts.length - 1);
    })
    .join('');
}
