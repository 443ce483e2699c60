/**
 * `zonectl validate FILE...`: the problems of every file on stdout (as linters print their
 * findings, so that `zonectl validate zones/ | less` shows them), one line each
 * (`FILE:LINE:COL PATH: message`, warnings `FILE:LINE:COL PATH: warning: message`), at most
 * PRINTED_PER_FILE per file and then one `zonectl: error: ...` line with the count of the rest
 * (`zonectl: warning: ...` when they are all warnings);
 * then one summary line per file (`FILE: valid (N records)` or `FILE: N errors`); exit 0
 * when all are valid, 1 otherwise. The lint checks (`zonectl lint`) run too, as warnings, or as
 * errors with `--strict`. No API call, no credentials needed. A directory stands for every
 * zone file under it. On GitHub Actions (GITHUB_ACTIONS=true) each problem shown is also an
 * `::error` / `::warning` annotation on stdout, shown inline in the pull request.
 *
 * `--format sarif`: the same problems as a SARIF 2.1.0 log (src/core/render/render-sarif.ts).
 *
 * `--format json`: one document on stdout instead (every problem with file, line, col, path,
 * severity, code and message, and a summary per file), nothing else on stdout; the problem lines
 * are not printed, and the annotations go to stderr (the Actions runner reads workflow commands
 * from both streams: actions/runner, src/Runner.Worker/Handlers/ScriptHandler.cs).
 */
import { Option, type Command } from 'commander';
import { loadZoneFilesDetailed, type LoadedZoneFile, readRepoConfig } from '../../app/files/index.js';
import { configOption } from '../options.js';
import { lintZone } from '../../core/lint/index.js';
import { describeValidAccountFile } from '../../core/render/render-account.js';
import { renderSarif } from '../../core/render/render-sarif.js';
import { VERSION } from '../version.js';
import { formatProblem, type Problem } from '../../core/yaml/index.js';
import { printable } from '../../core/text/index.js';
import type { FragmentSummary } from '../../core/zonefile/index.js';
import { annotation, isGitHubActions } from '../output/github-annotations.js';
import { examplesText } from '../help-examples.js';
import { jsonProblem } from '../output/json-error.js';
import { log, out, workflowCommand } from '../output/io.js';

/** Problems printed per file; a file with thousands prints these and a count. */
export const PRINTED_PER_FILE = 200;

export interface ValidateIo {
  out(line: string): void;
  err(line: string): void;
  /** A workflow command (annotation) on stdout or stderr; default: as out/err. */
  command?(stream: 'out' | 'err', line: string): void;
  env: Readonly<Record<string, string | undefined>>;
}

const processIo: ValidateIo = {
  out: (line) => out(line),
  err: (line) => log(line),
  command: (stream, line) => workflowCommand(stream, line),
  get env() {
    return process.env;
  },
};

function writeAnnotation(io: ValidateIo, stream: 'out' | 'err', line: string): void {
  if (io.command !== undefined) io.command(stream, line);
  else if (stream === 'out') io.out(line);
  else io.err(line);
}

const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;

/** The problems of a file, apart from the closing count of those not kept. */
function listed(f: LoadedZoneFile): Problem[] {
  return f.problems.filter((p) => p.omitted === undefined);
}

/** Errors and warnings of a file, counting those the loader only counted; `more` when that count is a lower bound. */
function counts(f: LoadedZoneFile): { errors: number; warnings: number; more: boolean } {
  let errors = 0;
  let warnings = 0;
  let more = false;
  for (const p of f.problems) {
    if (p.omitted) {
      errors += p.omitted.errors;
      warnings += p.omitted.warnings;
      more ||= !p.omitted.complete;
    } else if (p.severity === 'error') {
      errors += 1;
    } else {
      warnings += 1;
    }
  }
  return { errors, warnings, more };
}

/** A valid fragment: what was checked, and what waits for the zones that include it. */
function describeFragment(f: FragmentSummary, warnings: number): string {
  const includes = f.includes.length > 0 ? `, includes ${f.includes.map(printable).join(', ')}` : '';
  const warned = warnings > 0 ? `, ${plural(warnings, 'warning')}` : '';
  return `fragment (${plural(f.records, 'record')}${includes}${warned}); its shape and its records' values are valid; names and the rules between records are checked with each zone file that includes it`;
}

/** `zone.yaml: 2 errors, 1 warning` or `zone.yaml: valid (12 records)`. */
export function summarizeFile(f: LoadedZoneFile): string {
  const { errors, warnings, more } = counts(f);
  const file = printable(f.path);
  if (errors === 0 && f.account) return `${file}: ${describeValidAccountFile(f.account, warnings)}`;
  if (errors === 0 && f.fragment) return `${file}: ${describeFragment(f.fragment, warnings)}`;
  if (errors > 0 || !f.config) {
    const n = more ? `at least ${plural(errors, 'error')}` : plural(errors, 'error');
    return `${file}: ${n}${warnings > 0 ? `, ${plural(warnings, 'warning')}` : ''}`;
  }
  const tokens = f.config.tokens.length > 0 ? `, ${plural(f.config.tokens.length, 'token')}` : '';
  const fromFragments = f.config.records.filter((r) => r.source !== undefined).length;
  const included = f.config.includes ? `, ${fromFragments} of them from ${plural(f.config.includes.length, 'fragment')}` : '';
  return `${file}: valid (${plural(f.config.records.length, 'record')}${included}${tokens}${warnings > 0 ? `, ${plural(warnings, 'warning')}` : ''})`;
}

/** The problem lines of one file: at most PRINTED_PER_FILE, then one line with the count of the rest. */
export function problemLines(f: LoadedZoneFile): string[] {
  const shown = listed(f);
  const lines = shown.slice(0, PRINTED_PER_FILE).map(formatProblem);
  const { errors, warnings, more } = counts(f);
  const rest = errors + warnings - lines.length;
  if (rest > 0 || more) {
    const n = more ? `at least ${rest}` : `${rest}`;
    const stopped = more ? `; checking stopped after ${shown.length} problems` : '';
    // A valid file with many warnings exits 0: its count line is no error.
    const level = errors > 0 || more ? 'error' : 'warning';
    lines.push(
      `zonectl: ${level}: ${printable(f.path)}: ${n} more ${rest === 1 && !more ? 'problem' : 'problems'} not shown (the first ${lines.length} are above${stopped})`,
    );
  }
  return lines;
}

/** A valid file's lint findings join its problems: warnings, or errors with `--strict`. */
function withLint(f: LoadedZoneFile, strict: boolean): LoadedZoneFile {
  if (!f.config) return f;
  const findings = lintZone(f.config).map((p): Problem => (strict ? { ...p, severity: 'error' } : p));
  return findings.length === 0 ? f : { ...f, problems: [...f.problems, ...findings] };
}

/** A zone file, an account file or a fragment, loaded without errors. */
function isValid(f: LoadedZoneFile): boolean {
  return (f.config !== undefined || f.account !== undefined || f.fragment !== undefined) && counts(f).errors === 0;
}

/** One file in `validate --format json`. */
function jsonFile(f: LoadedZoneFile): Record<string, unknown> {
  const { errors, warnings, more } = counts(f);
  const kept = listed(f);
  return {
    file: f.path,
    valid: isValid(f),
    ...(f.config ? { zone: f.config.zone, records: f.config.records.length, tokens: f.config.tokens.length } : {}),
    ...(f.config?.includes ? { includes: f.config.includes } : {}),
    ...(f.fragment ? { fragment: true, records: f.fragment.records, includes: f.fragment.includes } : {}),
    errors,
    warnings,
    // Problems counted but not kept (a file with thousands); `counts_complete` false: checking stopped early.
    problems_not_listed: errors + warnings - kept.length,
    counts_complete: !more,
    problems: kept.map(jsonProblem),
  };
}

/** The document of `validate --format json`. */
export function renderValidateJson(loaded: readonly LoadedZoneFile[]): string {
  const files = loaded.map(jsonFile);
  const valid = loaded.filter(isValid).length;
  const sum = (key: 'errors' | 'warnings'): number => loaded.reduce((n, f) => n + counts(f)[key], 0);
  const summary = { files: loaded.length, valid, invalid: loaded.length - valid, errors: sum('errors'), warnings: sum('warnings') };
  return JSON.stringify({ format_version: 1, command: 'validate', valid: valid === loaded.length, files, summary }, null, 2);
}

export interface ValidateOptions {
  /** Lint findings are errors. */
  readonly strict?: boolean;
  readonly format?: 'text' | 'json' | 'sarif';
  /** `--config FILE`: the repository configuration (default: zonectl.yaml found upwards). */
  readonly config?: string;
}

/**
 * The repository configuration's problems: its own (an entry of their own) and those of each
 * zone file's `account:` (on that file's entry).
 */
async function withRepoConfig(
  files: readonly string[],
  loaded: LoadedZoneFile[],
  io: ValidateIo,
  config: string | undefined,
): Promise<LoadedZoneFile[]> {
  const repo = await readRepoConfig(
    files,
    loaded.flatMap((f) => (f.config ? [f.config] : [])),
    config,
    io.env,
  );
  const withAccounts = loaded.map((f) => {
    const own = repo.problems.filter((p) => p.file === f.path);
    return own.length === 0 ? f : { ...f, problems: [...f.problems, ...own] };
  });
  const ofConfig = repo.problems.filter((p) => !loaded.some((f) => f.path === p.file));
  return ofConfig.length === 0 ? withAccounts : [{ path: ofConfig[0]!.file, problems: ofConfig }, ...withAccounts];
}

/** Validate files; returns the exit code (0 valid, 1 invalid). */
export async function runValidate(files: readonly string[], io: ValidateIo = processIo, options: ValidateOptions = {}): Promise<number> {
  const loaded = await withRepoConfig(
    files,
    (await loadZoneFilesDetailed(files, io.env, options.config !== undefined ? { config: options.config } : {})).map((f) =>
      withLint(f, options.strict === true),
    ),
    io,
    options.config,
  );
  const annotate = isGitHubActions(io.env);
  if (options.format === 'json' || options.format === 'sarif') {
    if (annotate) for (const f of loaded) for (const p of listed(f).slice(0, PRINTED_PER_FILE)) writeAnnotation(io, 'err', annotation(p));
    io.out(
      options.format === 'json'
        ? renderValidateJson(loaded)
        : renderSarif(loaded.flatMap(listed), { version: VERSION, command: 'validate' }),
    );
    return loaded.every(isValid) ? 0 : 1;
  }
  let invalid = false;
  for (const f of loaded) {
    for (const line of problemLines(f)) io.out(line);
    if (annotate) for (const p of listed(f).slice(0, PRINTED_PER_FILE)) writeAnnotation(io, 'out', annotation(p));
    if (!isValid(f)) invalid = true;
  }
  for (const f of loaded) io.out(summarizeFile(f));
  return invalid ? 1 : 0;
}

export function registerValidate(program: Command, io: ValidateIo = processIo): void {
  program
    .command('validate')
    .description('Check zone files (YAML, schema, service rules) without calling the API; exit 0 valid, 1 invalid')
    .argument('<paths...>', 'zone files, or directories of zone files (*.yaml, *.yml, recursively)')
    .option('--strict', 'lint findings (what breaks mail and the web, see `zonectl lint`) are errors, not warnings')
    .addOption(
      new Option('--format <format>', 'output format: text, one JSON document with every problem, or SARIF 2.1.0 (GitHub code scanning)')
        .choices(['text', 'json', 'sarif'])
        .default('text'),
    )
    .addOption(configOption())
    .addHelpText(
      'after',
      examplesText([
        'zonectl validate zones/example.com.yaml',
        'zonectl validate zones/ --strict',
        'zonectl validate zones/ --format json > problems.json',
        'zonectl validate zones/ --format sarif > zonectl.sarif',
      ]),
    )
    .action(async (files: string[], flags: { strict?: boolean; format: 'text' | 'json' | 'sarif'; config?: string }) => {
      try {
        process.exitCode = await runValidate(files, io, {
          strict: flags.strict === true,
          format: flags.format,
          ...(flags.config !== undefined ? { config: flags.config } : {}),
        });
      } catch (error) {
        // Not expected (every problem is reported as such); still never a stack trace.
        io.err(`zonectl: error[INTERNAL]: validate failed: ${printable(error instanceof Error ? error.message : String(error))}`);
        process.exitCode = 1;
      }
    });
}
