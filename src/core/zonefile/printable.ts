/**
 * Text from a file (keys, values, even the file's own name) is shown in one-line messages that
 * CI logs and tools read line by line. Control characters (C0, DEL, C1), the Unicode line and
 * paragraph separators and the bidirectional overrides are shown escaped, so that a key such as
 * "a\nb.yaml:1:1 forged" cannot print a line that looks like another problem.
 */
// eslint-disable-next-line no-control-regex
const UNPRINTABLE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

const NAMED: Readonly<Record<string, string>> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

export function printable(text: string): string {
  UNPRINTABLE.lastIndex = 0;
  if (!UNPRINTABLE.test(text)) return text;
  return text.replace(UNPRINTABLE, (c) => NAMED[c] ?? `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
