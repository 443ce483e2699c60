/**
 * `zonectl validate FILE...`: every problem of every file on stderr (`file:line:col path:
 * message`), one summary line per file on stdout; exit 0 when all are valid, 1 otherwise.
 * No API call, no credentials needed.
 */
import type { Command } from 'commander';
import { loadZoneFilesDetailed, type LoadedZoneFile } from '../../app/load-zone-files.js';
import { formatProblem } from '../../core/zonefile/index.js';

export interface ValidateIo {
  out(line: string): void;
  err(line: string): void;
  env: Readonly<Record<string, string | undefined>>;
}

const processIo: ValidateIo = {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
  get env() {
    return process.env;
  },
};

const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;

/** `zone.yaml: 2 errors, 1 warning` or `zone.yaml: valid (12 records)`. */
export function summarizeFile(f: LoadedZoneFile): string {
  const errors = f.problems.filter((p) => p.severity === 'error').length;
  const warnings = f.problems.length - errors;
  if (errors > 0 || !f.config) {
    return `${f.path}: ${plural(errors, 'error')}${warnings > 0 ? `, ${plural(warnings, 'warning')}` : ''}`;
  }
  const tokens = f.config.tokens.length > 0 ? `, ${plural(f.config.tokens.length, 'token')}` : '';
  return `${f.path}: valid (${plural(f.config.records.length, 'record')}${tokens}${warnings > 0 ? `, ${plural(warnings, 'warning')}` : ''})`;
}

/** Validate files; returns the exit code (0 valid, 1 invalid). */
export async function runValidate(files: readonly string[], io: ValidateIo = processIo): Promise<number> {
  const loaded = await loadZoneFilesDetailed(files, io.env);
  let invalid = false;
  for (const f of loaded) {
    for (const p of f.problems) io.err(formatProblem(p));
    if (!f.config) invalid = true;
  }
  for (const f of loaded) io.out(summarizeFile(f));
  return invalid ? 1 : 0;
}

export function registerValidate(program: Command, io: ValidateIo = processIo): void {
  program
    .command('validate')
    .description('Check zone files (YAML, schema, service rules) without calling the API; exit 0 valid, 1 invalid')
    .argument('<files...>', 'zone files')
    .action(async (files: string[]) => {
      try {
        process.exitCode = await runValidate(files, io);
      } catch (error) {
        // Not expected (every problem is reported as such); still never a stack trace.
        io.err(`zonectl validate: error: ${error instanceof Error ? error.message : String(error)}`);
        process.exitCode = 1;
      }
    });
}
