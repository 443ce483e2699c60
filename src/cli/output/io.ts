import { redact } from '../../app/output/index.js';
import type { TextStyle } from '../../core/render/render-text.js';
import { colourMarks, terminalText, workflowCommandLine } from './terminal-text.js';

const plainStyle: TextStyle = { green: (s) => s, yellow: (s) => s, red: (s) => s, dim: (s) => s, bold: (s) => s };

let colourOff = false;

/** `--no-color`: no colour whatever the terminal or FORCE_COLOR say. */
export function disableColour(): void {
  colourOff = true;
}

/** Colour only on a terminal, never with `--no-color` or NO_COLOR (https://no-color.org); FORCE_COLOR forces it. */
export function useColour(stream: NodeJS.WriteStream): boolean {
  if (colourOff) return false;
  if (process.env.NO_COLOR !== undefined && process.env.NO_COLOR !== '') return false;
  if (process.env.FORCE_COLOR !== undefined && process.env.FORCE_COLOR !== '0') return true;
  return stream.isTTY === true;
}

export function styleFor(stream: NodeJS.WriteStream): TextStyle {
  return useColour(stream) ? colourMarks : plainStyle;
}

let stdoutClosed = false;
let stderrClosed = false;

const lineOf = (text: string): string => (text.endsWith('\n') ? text : `${text}\n`);

/**
 * Results go to stdout (nothing once the reader closed it, e.g. `zonectl plan ... | head -1`).
 * out() and log() are the choke point of all text output: secrets masked, control characters
 * escaped, no line a CI runner would obey, colours applied last (./terminal-text.ts).
 */
export function out(text: string): void {
  if (!stdoutClosed) process.stdout.write(terminalText(redact(lineOf(text))));
}

/** Logs, progress and problems go to stderr. */
export function log(text: string): void {
  if (!stderrClosed) process.stderr.write(terminalText(redact(lineOf(text))));
}

/** A GitHub workflow command zonectl writes on purpose (an annotation), to stdout or stderr. */
export function workflowCommand(stream: 'out' | 'err', line: string): void {
  const text = `${workflowCommandLine(redact(line))}\n`;
  if (stream === 'out' ? !stdoutClosed : !stderrClosed) (stream === 'out' ? process.stdout : process.stderr).write(text);
}

/** How much goes to stderr: `--quiet` (warnings and errors only), default, `--verbose`. */
export type Verbosity = 'quiet' | 'normal' | 'verbose';

let verbosity: Verbosity = 'normal';

export function setVerbosity(value: Verbosity): void {
  verbosity = value;
}

export function currentVerbosity(): Verbosity {
  return verbosity;
}

/** Progress and notes on stderr: not with `--quiet`. Warnings and errors use log(). */
export function info(text: string): void {
  if (verbosity !== 'quiet') log(text);
}

/** Detail on stderr (one line per API call, stack traces): only with `--verbose`. */
export function detail(text: string): void {
  if (verbosity === 'verbose') log(text);
}

/**
 * A reader that closes stdout (`zonectl plan ... | head -1`: EPIPE) is no error: later output is
 * dropped and the command ends as it would have, quietly (a saved plan is still written, an
 * apply still finishes what it started). Without these listeners Node prints an EPIPE stack
 * trace and exits in the middle of the work.
 */
export function handleClosedOutput(): void {
  process.stdout.on('error', () => {
    stdoutClosed = true;
  });
  process.stderr.on('error', () => {
    stderrClosed = true;
  });
}

export const EXIT = { ok: 0, error: 1, changes: 2 } as const;
