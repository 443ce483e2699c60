/** A JSON input file (print-ir, Terraform state): read, parsed, and a parse error named by its line. */
import { readFileSync } from 'node:fs';
import { LineCounter, parseDocument } from 'yaml';
import type { InputProblem } from '../../core/migrate/problems.js';

export function readJsonFile(file: string): { ok: true; value: unknown; text: string } | { ok: false; problem: InputProblem } {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    return { ok: false, problem: { at: { file }, message: `cannot read it: ${(err as NodeJS.ErrnoException).code ?? String(err)}` } };
  }
  try {
    return { ok: true, value: JSON.parse(text), text };
  } catch (err) {
    const message = (err as Error).message;
    const pos = /position (\d+)/.exec(message);
    const line = pos !== null ? text.slice(0, Number(pos[1])).split('\n').length : errorLine(text);
    // Node quotes the text around an unexpected character (`Unexpected token 'x', ..."abc"... is not
    // valid JSON`): never repeated, since a state file holds secrets (a token's `value`).
    const said = / is not valid JSON$/.test(message) ? 'unexpected character' : message.replace(/ in JSON at position \d+.*$/s, '');
    return { ok: false, problem: { at: { file, line }, message: `not JSON: ${said}` } };
  }
}

/** Node 20's JSON.parse names no position for most errors: JSON is YAML, whose parser says where it breaks. */
function errorLine(text: string): number {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, prettyErrors: false });
  const first = doc.errors[0];
  return first !== undefined ? lineCounter.linePos(first.pos[0]).line : 1;
}
