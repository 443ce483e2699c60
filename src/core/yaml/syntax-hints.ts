/**
 * What to do about a YAML syntax error a common edit causes: a `- ` item appended under
 * `key: []` (an empty flow list, as an export of an empty zone once wrote `records: []`), which
 * YAML cannot extend with block items. js-yaml then says only "bad indentation of a mapping
 * entry" (or "end of the stream ... expected"), at the item.
 */
import { splitYamlLines } from './text-checks.js';

/** `key: []`, perhaps indented, perhaps with a comment after it. */
const EMPTY_FLOW_LIST = /^(\s*)([^\s#'"][^#]*?):\s*\[\s*\]\s*(#.*)?$/;
const MEANINGLESS = /^\s*(#.*)?$/;

/** The hint for the syntax error at 1-based `line` of `text`, or undefined. */
export function syntaxErrorHint(text: string, line: number): string | undefined {
  // Lines as js-yaml counts them, whose line `line` is (a lone CR ends one too).
  const lines = splitYamlLines(text);
  const at = lines[line - 1];
  if (at === undefined || !/^\s*- /.test(at)) return undefined;
  for (let i = line - 2; i >= 0; i -= 1) {
    const above = lines[i]!;
    if (MEANINGLESS.test(above)) continue;
    const m = EMPTY_FLOW_LIST.exec(above);
    if (m === null) return undefined;
    const key = m[2]!.trim();
    return `\`${key}: []\` on line ${i + 1} is an empty list, which cannot take \`- \` items: remove the \`[]\` (write \`${key}:\`) and keep the items under it`;
  }
  return undefined;
}
