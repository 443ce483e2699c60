/**
 * The text rule of the workflow scripts (github-drift-issues.mjs, github-adopt-pr.mjs,
 * github-rest.mjs), in a file of its own so each can import it.
 *
 * zonectl's one rule for text in any output (src/core/text/printable.ts, which this plain script
 * cannot import; test/core/text/printable.test.ts checks the two agree on every code point): control
 * and format characters, line and paragraph separators, default-ignorable code points, bidi
 * controls and lone surrogates are shown as visible escapes (`\n`, `\u200b`, `\u202e`), so that no
 * name or value can hide text, reverse it or break the line in an issue.
 */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Default_Ignorable_Code_Point}\p{Bidi_Control}\p{Cs}]/gu;
const NAMED = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

export function printable(text) {
  return String(text).replace(INVISIBLE, (c) => {
    if (NAMED[c] !== undefined) return NAMED[c];
    let out = '';
    for (let i = 0; i < c.length; i += 1) out += `\\u${c.charCodeAt(i).toString(16).padStart(4, '0')}`;
    return out;
  });
}
