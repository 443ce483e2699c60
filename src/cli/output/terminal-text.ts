/**
 * Everything zonectl writes to stdout and stderr passes here (through `out()` and `log()` in
 * ./io.ts), so that no name, value or message from a zone file or the API can drive a terminal
 * or a CI runner, whichever renderer printed it:
 *
 * - Control characters (ESC, CR, BEL, C1, U+2028/2029, bidi overrides) are shown escaped
 *   (`printableLines`, the one rule of src/core/text/printable.ts); line feeds and tabs are
 *   the output's own layout and stay. JSON output stays valid: the escapes are JSON's.
 * - zonectl's own colours survive because renderers never write escape codes: the style they
 *   get (`colourMarks`) wraps text in markers holding a random per-process nonce, which no file
 *   or answer can guess; the markers become SGR codes only after the escaping.
 * - A line that the GitHub Actions runner would read as a workflow command (`::cmd::` after
 *   leading white space, or `##[cmd]` anywhere: actions/runner ActionCommand.cs) has its `:` or
 *   `#` escaped, so a newline a renderer forgot to escape cannot print `::add-mask::` or
 *   `::error::`. zonectl's own annotations are written with `workflowCommandLine` instead.
 */
import { randomBytes } from 'node:crypto';
import { printable, printableLines } from '../../core/text/index.js';
import type { TextStyle } from '../../core/render/render-text.js';

const NONCE = randomBytes(12).toString('hex');

/** The SGR code of each colour zonectl uses, and the reset after it. */
const SGR: Readonly<Record<keyof TextStyle | 'reset', string>> = {
  green: '\x1b[32m',
  yellow: '\x1b[33m',
  red: '\x1b[31m',
  dim: '\x1b[2m',
  bold: '\x1b[1m',
  reset: '\x1b[0m',
};

const mark = (name: keyof typeof SGR): string => `\uE000${NONCE}${name}\uE001`;
const MARK = new RegExp(`\uE000${NONCE}([a-z]+)\uE001`, 'g');

/** The style of coloured output: markers that `terminalText` turns into colours after escaping. */
export const colourMarks: TextStyle = {
  green: (s) => `${mark('green')}${s}${mark('reset')}`,
  yellow: (s) => `${mark('yellow')}${s}${mark('reset')}`,
  red: (s) => `${mark('red')}${s}${mark('reset')}`,
  dim: (s) => `${mark('dim')}${s}${mark('reset')}`,
  bold: (s) => `${mark('bold')}${s}${mark('reset')}`,
};

/** Lines the runner would read as a workflow command: `::` after leading white space (.NET TrimStart; C1 white space is escaped before), `##[` anywhere. */
const WORKFLOW_COMMAND_START = /^([^\S\n]*)::/gm;
const LEGACY_COMMAND = /##\[/g;

function neutraliseWorkflowCommands(text: string): string {
  return text.replace(WORKFLOW_COMMAND_START, (_, space: string) => `${space}\\u003a:`).replace(LEGACY_COMMAND, '#\\u0023[');
}

/** Output text as written to a terminal or log: escaped, no workflow command, colour markers as SGR codes. */
export function terminalText(text: string): string {
  const parts = text.split(MARK); // [text, colour name, text, colour name, ..., text]
  const escaped = parts.map((p, i) => (i % 2 === 0 ? printableLines(p) : mark(p as keyof typeof SGR))).join('');
  return neutraliseWorkflowCommands(escaped).replace(MARK, (_, name: string) => SGR[name as keyof typeof SGR] ?? '');
}

/** One workflow command zonectl itself writes (built by ./github-annotations.ts): one line, escaped. */
export function workflowCommandLine(line: string): string {
  return printable(line);
}
