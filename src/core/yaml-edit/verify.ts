/**
 * The last step of every edit (edit-document.ts): the edited text is read back with zonectl's own
 * reader and must mean what the edits say, else the edit is refused and nothing is written.
 */
import { parseYaml } from '../yaml/index.js';
import { firstDifference, intendedValue, valueAt } from './intended-value.js';
import { formatYamlPath, Refusal } from './tree.js';
import type { YamlEdit } from './types.js';

/** The text read back must mean what the edits say (zonectl's own reader is the judge). */
export function verify(original: unknown, text: string, edits: readonly YamlEdit[]): void {
  const read = parseYaml(text);
  if (!read.ok)
    throw new Refusal(
      'verify-failed',
      [],
      `the edited text does not read back (line ${read.line}: ${read.message}); nothing was written`,
      read.line,
    );
  const intended = intendedValue(original, edits);
  const diff = firstDifference(intended, read.value);
  if (diff !== undefined)
    throw new Refusal(
      'verify-failed',
      diff,
      `the edited text would read ${formatYamlPath(diff)} as ${JSON.stringify(valueAt(read.value, diff))}, not ${JSON.stringify(valueAt(intended, diff))} as intended; nothing was written`,
    );
}
