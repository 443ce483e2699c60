/**
 * Names and values from zone files and the API in Markdown (PR comments, the job summary):
 * they render as text, whatever they hold. `</details>`, `<img src=x>`, `<!--` (which would hide
 * the rest of a comment) and `@someone` (which would ping) never become HTML, a comment or a
 * mention; a line feed never starts a new Markdown line.
 *
 * - `codeSpan`: inline code with a fence longer than any backtick run inside (CommonMark 6.1);
 *   GitHub links no mention in code.
 * - `markdownText`: prose inside a line zonectl starts: `&`, `<`, `>` as entities, the inline
 *   Markdown punctuation (`\ \` * _ [ ] | ~`) backslash-escaped, `@` shown as `＠` (U+FF20,
 *   FULLWIDTH COMMERCIAL AT) so that no mention matches: GitHub finds mentions in the rendered
 *   text with an ASCII `@` (a backslash or `&#64;` does not stop it, both are decoded first:
 *   https://github.com/github/markup/issues/1168), and the zero-width joiner this used before is
 *   itself an invisible character, which the one rule of `printable` now shows escaped.
 * - `htmlCode`: inside an HTML tag such as `<summary>` (where GitHub renders no Markdown):
 *   `<code>` and HTML escaping, `@` as `&#64;`.
 * - `fenceFor`: the fence of a code block that no line inside can close.
 * Every value also goes through `printable` (control and invisible characters escaped, one line).
 */
import { printable } from '../text/index.js';

const longestRun = (text: string, pattern: RegExp): number => Math.max(0, ...(text.match(pattern) ?? []).map((run) => run.length));

const HTML_ESCAPES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Inline code; `inTable` escapes `|` so that the span stays in its table cell (GFM tables). */
export function codeSpan(text: string, options: { inTable?: boolean } = {}): string {
  let value = printable(text);
  if (options.inTable === true) value = value.replace(/\|/g, '\\|');
  if (value === '') return '` `';
  const fence = '`'.repeat(longestRun(value, /`+/g) + 1);
  const pad =
    value.startsWith('`') || value.endsWith('`') || (value.startsWith(' ') && value.endsWith(' ') && value.trim() !== '') ? ' ' : '';
  return `${fence}${pad}${value}${pad}${fence}`;
}

/** Prose: shown as written, never markup, never a mention. */
export function markdownText(text: string): string {
  return printable(text)
    .replace(/[&<>]/g, (c) => HTML_ESCAPES[c]!)
    .replace(/[\\`*_[\]|~]/g, (c) => `\\${c}`)
    .replace(/@/g, '\uff20');
}

/** A value inside an HTML element (`<summary>`): `<code>`, HTML-escaped, no mention. */
export function htmlCode(text: string): string {
  return `<code>${htmlText(text)}</code>`;
}

/** Text inside an HTML element, HTML-escaped, `@` as `&#64;`. */
export function htmlText(text: string): string {
  return printable(text)
    .replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!)
    .replace(/@/g, '&#64;');
}

/** The fence of a code block holding `lines`: longer than any backtick run in them, so that no line inside closes it. */
export function fenceFor(lines: readonly string[]): string {
  return '`'.repeat(Math.max(3, longestRun(lines.join('\n'), /`+/g) + 1));
}
