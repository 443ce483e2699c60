/**
 * A JSON input file (print-ir, Terraform state): read, parsed, and a parse error named by its line.
 * A regular file of at most MAX_JSON_INPUT_BYTES (issue 39 item 6: an input someone else made must
 * not take the machine's memory; JSON.parse builds several times the file's size).
 */
import { LineCounter, parseDocument } from 'yaml';
import type { InputProblem } from '../../core/migrate/problems.js';
import { readRegularFile } from '../files/index.js';

/** The largest JSON input: 64 MiB (the state of about 40,000 Cloudflare records). */
export const MAX_JSON_INPUT_BYTES = 64 * 1024 * 1024;

/** The text of an input file named on the command line, or the problem (too large: the message says so alone). */
export function readInputText(
  file: string,
  cap: { readonly maxBytes: number; readonly kind: string },
): { ok: true; text: string } | { ok: false; problem: InputProblem } {
  const read = readRegularFile(file, cap);
  if (read.ok) return { ok: true, text: read.bytes.toString('utf8') };
  return { ok: false, problem: { at: { file }, message: read.why === 'too-large' ? read.message : `cannot read it: ${read.message}` } };
}

export function readJsonFile(file: string): { ok: true; value: unknown; text: string } | { ok: false; problem: InputProblem } {
  const read = readInputText(file, { maxBytes: MAX_JSON_INPUT_BYTES, kind: 'zonectl reads as a JSON input' });
  if (!read.ok) return read;
  const text = read.text;
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
