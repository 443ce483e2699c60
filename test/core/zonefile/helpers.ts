import { Command } from 'commander';
import { expect } from 'vitest';
import { validateCommand } from '../../../src/cli/commands/validate.js';
import { registerCommand } from '../../../src/cli/definition/register-command.js';
import { formatProblem, type Problem } from '../../../src/core/yaml/index.js';
import { parseZoneFile, type ZoneConfig } from '../../../src/core/zonefile/index.js';

export const HEADER = 'version: 1\nzone: example.com\n';

/** Load YAML text as `zone.yaml`. */
export function load(text: string, env: Record<string, string | undefined> = {}): { config?: ZoneConfig; problems: Problem[] } {
  return parseZoneFile({ path: 'zone.yaml', text }, env);
}

/** A file with the header and these record lines (each a YAML flow mapping or block item). */
export function withRecords(...records: string[]): string {
  return `${HEADER}records:\n${records.map((r) => `  - ${r}`).join('\n')}\n`;
}

export function errors(problems: readonly Problem[]): Problem[] {
  return problems.filter((p) => p.severity === 'error');
}

export function warnings(problems: readonly Problem[]): Problem[] {
  return problems.filter((p) => p.severity === 'warning');
}

/** Exactly one problem matching `message` at `line` (and of `severity`); returns it. */
export function expectProblem(
  problems: readonly Problem[],
  want: { line: number; message: RegExp; severity?: Problem['severity']; path?: string; col?: number },
): Problem {
  const matching = problems.filter((p) => want.message.test(p.message));
  expect(matching, `no problem matches ${String(want.message)}; got:\n${problems.map(formatProblem).join('\n')}`).toHaveLength(1);
  const p = matching[0];
  expect(p.line).toBe(want.line);
  expect(p.severity).toBe(want.severity ?? 'error');
  if (want.path !== undefined) expect(p.path).toBe(want.path);
  if (want.col !== undefined) expect(p.col).toBe(want.col);
  expect(p.file).toBe('zone.yaml');
  return p;
}

export function expectValid(text: string, env: Record<string, string | undefined> = {}): ZoneConfig {
  const r = load(text, env);
  expect(errors(r.problems).map(formatProblem)).toEqual([]);
  expect(r.config).toBeDefined();
  return r.config as ZoneConfig;
}

/** `zonectl validate ARGS` through commander, with its lines and exit code (process.exitCode is reset). */
/** A problem line (`FILE:LINE:COL ...`, or the closing `zonectl: error|warning: ...` count), not a summary line. */
const isProblemLine = (l: string): boolean => /^zonectl: (error|warning): /.test(l) || /^.*?:\d+:\d+[ :]/.test(l);

/**
 * validate in process. It prints everything on stdout: the problem lines (`problems`), then one
 * summary line per file (`out`); `stderr` holds what went to stderr (nothing, for validate's own output).
 */
export async function runValidateCli(
  args: string[],
  env: Record<string, string> = {},
): Promise<{ code: number; out: string[]; problems: string[]; stderr: string[] }> {
  const stdout: string[] = [];
  const stderr: string[] = [];
  const program = new Command('zonectl')
    .exitOverride()
    .configureOutput({ writeOut: (s) => stdout.push(s), writeErr: (s) => stderr.push(s) });
  registerCommand(program, validateCommand({ out: (l) => stdout.push(l), err: (l) => stderr.push(l), env }));
  process.exitCode = undefined;
  await program.parseAsync(['validate', ...args], { from: 'user' });
  const code = Number(process.exitCode ?? 0);
  process.exitCode = undefined;
  const problems = stdout.filter(isProblemLine);
  // Problems come first, summaries after them.
  expect(stdout.slice(0, problems.length)).toEqual(problems);
  return { code, out: stdout.filter((l) => !isProblemLine(l)), problems, stderr };
}
