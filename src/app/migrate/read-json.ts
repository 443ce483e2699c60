/** A JSON input file (print-ir, Terraform state): read, parsed, and a parse error named by its line. */
import { readFileSync } from 'node:fs';
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
    const line = pos !== null ? text.slice(0, Number(pos[1])).split('\n').length : 1;
    return { ok: false, problem: { at: { file, line }, message: `not JSON: ${message.replace(/ in JSON at position \d+.*$/, '')}` } };
  }
}
