/**
 * Text from a file or the API (keys, values, names, messages, even the file's own name) is shown
 * in messages that terminals, CI logs and tools read line by line. Control characters (C0, DEL,
 * C1), the Unicode line and paragraph separators and the bidirectional overrides are shown
 * escaped (`\n`, `\u001b`, ...), so that a key such as "a\nb.yaml:1:1 forged" cannot print a
 * line that looks like another problem, and a name holding `ESC ]0;title BEL` cannot drive the
 * terminal. The escapes are JSON's, so JSON text stays valid and means the same after it.
 */
const UNPRINTABLE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
const UNPRINTABLE_IN_LINES = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

const NAMED: Readonly<Record<string, string>> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

function escapeMatches(text: string, pattern: RegExp): string {
  pattern.lastIndex = 0;
  if (!pattern.test(text)) return text;
  return text.replace(pattern, (c) => NAMED[c] ?? `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** One value on one line: every control character escaped, line feeds and tabs included. */
export function printable(text: string): string {
  return escapeMatches(text, UNPRINTABLE);
}

/**
 * Whole output text (many lines): as `printable`, but line feeds and tabs are kept, as they are
 * the text's own layout. What reaches a terminal or log goes through this (src/cli/output/io.ts).
 */
export function printableLines(text: string): string {
  return escapeMatches(text, UNPRINTABLE_IN_LINES);
}
