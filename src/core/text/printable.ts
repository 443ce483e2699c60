/**
 * Text from a file or the API (keys, values, names, messages, even the file's own name) is shown
 * in messages that terminals, CI logs, pull request comments and reports read. One rule, for every
 * output: a character that is not shown as itself is shown as a visible escape (`\n`, `\u001b`,
 * `\u200b`, ...), so that a key such as "a\nb.yaml:1:1 forged" cannot print a line that looks like
 * another problem, a name holding `ESC ]0;title BEL` cannot drive the terminal, and a comment that
 * reads "approved" with a zero-width space or a right-to-left override inside cannot pass for
 * another. The escapes are JSON's (a character outside the BMP as its two surrogates), so JSON
 * text stays valid and means the same after it.
 *
 * The characters, by Unicode property (https://www.unicode.org/reports/tr44/, the property
 * escapes of ECMAScript regular expressions), rather than a hand list that misses some:
 * - `Cc`: control characters (C0, DEL, C1: U+0085 NEXT LINE too);
 * - `Cf`: format characters (soft hyphen, zero-width space and joiners, U+FEFF, the bidirectional
 *   marks, embeddings, overrides and isolates, tag characters U+E0000..U+E007F, ...);
 * - `Zl`, `Zp`: U+2028 LINE SEPARATOR, U+2029 PARAGRAPH SEPARATOR;
 * - `Default_Ignorable_Code_Point`: what renderers show as nothing (variation selectors, Hangul
 *   fillers, U+034F, U+180B..U+180F, unassigned ignorables, ...;
 *   https://www.unicode.org/reports/tr44/#Default_Ignorable_Code_Point);
 * - `Bidi_Control`: U+061C, U+200E/F, U+202A..E, U+2066..9 (all also `Cf`; named for the reader);
 * - `Cs`: a lone surrogate (written out as U+FFFD otherwise, a value other than the one held).
 *
 * scripts/github-drift-issues.mjs (plain JavaScript, run without this code) writes the same class;
 * test/core/text/printable.test.ts checks both agree on every code point.
 */
export const INVISIBLE_CLASS = '\\p{Cc}\\p{Cf}\\p{Zl}\\p{Zp}\\p{Default_Ignorable_Code_Point}\\p{Bidi_Control}\\p{Cs}';

const UNPRINTABLE = new RegExp(`[${INVISIBLE_CLASS}]`, 'gu');
/** The same, but line feeds and tabs: a whole text's own layout. */
const UNPRINTABLE_IN_LINES = new RegExp(`(?![\\n\\t])[${INVISIBLE_CLASS}]`, 'gu');

const NAMED: Readonly<Record<string, string>> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/** `\uXXXX` for each UTF-16 unit of `c` (one, or the two of a character outside the BMP). */
function escapeOf(c: string): string {
  let out = '';
  for (let i = 0; i < c.length; i += 1) out += `\\u${c.charCodeAt(i).toString(16).padStart(4, '0')}`;
  return out;
}

function escapeMatches(text: string, pattern: RegExp): string {
  pattern.lastIndex = 0;
  if (!pattern.test(text)) return text;
  pattern.lastIndex = 0;
  return text.replace(pattern, (c) => NAMED[c] ?? escapeOf(c));
}

/** One value on one line: every invisible character escaped, line feeds and tabs included. */
export function printable(text: string): string {
  return escapeMatches(text, UNPRINTABLE);
}

/**
 * Whole output text (many lines): as `printable`, but line feeds and tabs are kept, as they are
 * the text's own layout. What reaches a terminal or log goes through this (src/cli/output/io.ts),
 * and so does every report written to a file (src/cli/views/report/print-report.ts).
 */
export function printableLines(text: string): string {
  return escapeMatches(text, UNPRINTABLE_IN_LINES);
}
