/**
 * `validate --format markdown` (and `--report markdown=FILE`): what validate found, for the pull
 * request comment above the plan (issue 44 item 2). One table of every problem with its file and
 * line, errors first: a file that does not validate says why, with file and line, even when no
 * plan can be made of it. Lint's findings are warnings to validate (the service holds such
 * records); those `zonectl lint` counts as errors are marked `lint error`, so the comment says why
 * the lint step fails the check. Names and messages are escaped (markdown-safe.ts). Pure.
 *
 * The section stays short whatever the files hold: at most ROWS rows and CHARACTERS characters,
 * then one line with the count of the rest (the job's log lists them all), so that the findings
 * and the plan fit one comment (GitHub's limit: render-markdown.ts).
 */
import { codeSpan, markdownText } from './markdown-safe.js';
import type { Problem } from '../yaml/index.js';

/** A file as validate checked it. */
export interface FindingsFile {
  readonly path: string;
  /** The problems kept (the loader counts more of a file with thousands: `notListed`). */
  readonly problems: readonly Problem[];
  readonly valid: boolean;
  /** Problems counted but not kept. */
  readonly notListed: number;
}

export interface FindingsOptions {
  /** The lint findings `zonectl lint` reports as errors (validate shows them as warnings). */
  readonly isLintError: (p: Problem) => boolean;
  readonly rows?: number;
  readonly characters?: number;
}

/** The heading of the section: what the plan comment's readers look for. */
export const FINDINGS_HEADING = '### zonectl validate and lint';

const ROWS = 100;
const CHARACTERS = 16_000;

const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;

type Level = 'error' | 'lint error' | 'warning';

const ORDER: Readonly<Record<Level, number>> = { error: 0, 'lint error': 1, warning: 2 };
const ICON: Readonly<Record<Level, string>> = { error: ':x:', 'lint error': ':x:', warning: ':warning:' };

function levelOf(p: Problem, options: FindingsOptions): Level {
  if (p.severity === 'error') return 'error';
  return options.isLintError(p) ? 'lint error' : 'warning';
}

/** One table row: the level, the file, the line, the field and the message (the check's id at its end). */
function row(p: Problem, level: Level): string {
  const field = p.path === '' ? '' : `${codeSpan(p.path, { inTable: true })}: `;
  return `| ${ICON[level]} ${level} | ${codeSpan(p.file, { inTable: true })} | ${p.line} | ${field}${markdownText(p.message)} |`;
}

/** The counts line: `**1 file does not validate** · 2 lint errors · 3 warnings`. */
function countsLine(files: readonly FindingsFile[], counts: Readonly<Record<Level, number>>): string {
  const invalid = files.filter((f) => !f.valid).length;
  const parts = [
    invalid > 0 ? `**${plural(invalid, 'file')} ${invalid === 1 ? 'does' : 'do'} not validate**` : `${plural(files.length, 'file')} valid`,
    ...(counts['lint error'] > 0 ? [`**${plural(counts['lint error'], 'lint error')}**`] : []),
    ...(counts.error > 0 ? [plural(counts.error, 'error')] : []),
    ...(counts.warning > 0 ? [plural(counts.warning, 'warning')] : []),
  ];
  return parts.join(' · ');
}

/** The section, ending with a line feed. */
export function renderFindingsMarkdown(files: readonly FindingsFile[], options: FindingsOptions): string {
  const all = files.flatMap((f) => f.problems.filter((p) => p.omitted === undefined).map((p) => ({ p, level: levelOf(p, options) })));
  const counts: Record<Level, number> = { error: 0, 'lint error': 0, warning: 0 };
  for (const { level } of all) counts[level] += 1;
  const head = [FINDINGS_HEADING, '', countsLine(files, counts), ''];
  if (all.length === 0) return `${[...head, 'No finding: every file validates and lint finds nothing.'].join('\n')}\n`;
  const sorted = all.map((x, i) => ({ ...x, i })).sort((a, b) => ORDER[a.level] - ORDER[b.level] || a.i - b.i);
  const lines = [...head, '| | File | Line | Problem |', '| --- | --- | --- | --- |'];
  const budget = options.characters ?? CHARACTERS;
  let size = lines.join('\n').length;
  let shown = 0;
  for (const { p, level } of sorted) {
    const line = row(p, level);
    if (shown >= (options.rows ?? ROWS) || size + line.length + 1 > budget) break;
    lines.push(line);
    size += line.length + 1;
    shown += 1;
  }
  const rest = sorted.length - shown + files.reduce((n, f) => n + f.notListed, 0);
  if (rest > 0) lines.push('', `**${plural(rest, 'more problem')} not shown here**: the job's log lists every one (\`zonectl validate\`).`);
  return `${lines.join('\n')}\n`;
}
