/**
 * What `zonectl validate` shows of its session (src/app/validate): the problems of every file on
 * stdout (as linters print their findings, so that `zonectl validate zones/ | less` shows them),
 * one line each (`FILE:LINE:COL PATH: message`, warnings `FILE:LINE:COL PATH: warning: message`),
 * at most PRINTED_PER_FILE per file and then one `zonectl: error: ...` line with the count of the
 * rest (`zonectl: warning: ...` when they are all warnings); then one summary line per file
 * (`FILE: valid (N records)` or `FILE: N errors`). On GitHub Actions (GITHUB_ACTIONS=true) each
 * problem shown is also an `::error` / `::warning` annotation on stdout, shown inline in the pull
 * request.
 *
 * `--format sarif`: the same problems as a SARIF 2.1.0 log (src/core/render/render-sarif.ts).
 * `--format markdown`: one section for a pull request comment, every problem with its file and
 * line, lint's errors marked (src/core/render/render-findings-markdown.ts).
 * `--report FORMAT=FILE` (repeatable): the same run in another format, written to FILE (the
 * problem lines and annotations still go to the log), e.g. the markdown the plan comment holds.
 *
 * `--format json`: one document on stdout instead (every problem with file, line, col, path,
 * severity, code and message, and a summary per file), nothing else on stdout; the problem lines
 * are not printed, and the annotations go to stderr (the Actions runner reads workflow commands
 * from both streams: actions/runner, src/Runner.Worker/Handlers/ScriptHandler.cs).
 */
import {
  type CheckedZoneFile,
  isValidFile,
  listedProblems,
  problemCounts,
  type ValidateEvent,
  type ValidateResult,
} from '../../app/validate/index.js';
import type { RunEvent, SessionOutput } from '../../app/session/index.js';
import { writeOutputFile } from '../../app/output/index.js';
import { ZonectlError } from '../../core/errors.js';
import { describeValidAccountFile } from '../../core/render/render-account.js';
import { renderFindingsMarkdown } from '../../core/render/render-findings-markdown.js';
import { renderSarif } from '../../core/render/render-sarif.js';
import { printable } from '../../core/text/index.js';
import { formatProblem } from '../../core/yaml/index.js';
import type { FragmentSummary } from '../../core/zonefile/index.js';
import { annotation, isGitHubActions } from '../output/github-annotations.js';
import { log, out, workflowCommand } from '../output/io.js';
import { jsonProblem } from '../output/json-error.js';
import { VERSION } from '../version.js';

/** Problems printed per file; a file with thousands prints these and a count. */
export const PRINTED_PER_FILE = 200;

export const VALIDATE_FORMATS = ['text', 'json', 'sarif', 'markdown'] as const;
export type ValidateFormat = (typeof VALIDATE_FORMATS)[number];

/** `--report FORMAT=FILE`: the run in FORMAT, also written to FILE. */
export interface ValidateReportFile {
  readonly format: Exclude<ValidateFormat, 'text'>;
  readonly file: string;
}

/** One `--report FORMAT=FILE` of validate (json, sarif or markdown). */
export function parseValidateReport(value: string): ValidateReportFile {
  const m = /^([a-z]+)=(.+)$/.exec(value);
  const format = m?.[1];
  if (m === null || (format !== 'json' && format !== 'sarif' && format !== 'markdown'))
    throw new ZonectlError('BAD_FLAG', `--report takes FORMAT=FILE with FORMAT one of json, sarif, markdown, got "${printable(value)}"`);
  return { format, file: m[2]! };
}

/** Where validate's lines go, and the environment it runs in (tests inject their own). */
export interface ValidateIo {
  out(line: string): void;
  err(line: string): void;
  /** A workflow command (annotation) on stdout or stderr; default: as out/err. */
  command?(stream: 'out' | 'err', line: string): void;
  env: Readonly<Record<string, string | undefined>>;
}

export const processIo: ValidateIo = {
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

/** A valid fragment: what was checked, and what waits for the zones that include it. */
function describeFragment(f: FragmentSummary, warnings: number): string {
  const includes = f.includes.length > 0 ? `, includes ${f.includes.map(printable).join(', ')}` : '';
  const warned = warnings > 0 ? `, ${plural(warnings, 'warning')}` : '';
  return `fragment (${plural(f.records, 'record')}${includes}${warned}); its shape and its records' values are valid; names and the rules between records are checked with each zone file that includes it`;
}

/** `zone.yaml: 2 errors, 1 warning` or `zone.yaml: valid (12 records)`. */
export function summarizeFile(f: CheckedZoneFile): string {
  const { errors, warnings, more } = problemCounts(f);
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

/** The closing line of a validate that failed as a whole (not expected: every problem is reported as such). */
export function validateFailedLine(error: unknown): string {
  // A report file that cannot be written (`--report`) is an error of its own, with its code.
  if (error instanceof ZonectlError) return `zonectl: error[${error.code}]: ${printable(error.message)}`;
  return `zonectl: error[INTERNAL]: validate failed: ${printable(error instanceof Error ? error.message : String(error))}`;
}

/** The problem lines of one file: at most PRINTED_PER_FILE, then one line with the count of the rest. */
export function problemLines(f: CheckedZoneFile): string[] {
  const shown = listedProblems(f);
  const lines = shown.slice(0, PRINTED_PER_FILE).map(formatProblem);
  const { errors, warnings, more } = problemCounts(f);
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

/**
 * One file in `validate --format json`. A zone file's `depends_on`: every file a change to which
 * changes the zone (its own, its fragments directly or not, the repository configuration), what
 * a CI path filter must cover (examples/ci).
 */
function jsonFile(f: CheckedZoneFile, repositoryConfig: string | undefined): Record<string, unknown> {
  const { errors, warnings, more } = problemCounts(f);
  const kept = listedProblems(f);
  return {
    file: f.path,
    valid: isValidFile(f),
    ...(f.config ? { zone: f.config.zone, records: f.config.records.length, tokens: f.config.tokens.length } : {}),
    ...(f.config?.includes ? { includes: f.config.includes } : {}),
    ...(f.config
      ? { depends_on: [f.path, ...(f.config.includes ?? []), ...(repositoryConfig !== undefined ? [repositoryConfig] : [])] }
      : {}),
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
export function renderValidateJson(checked: readonly CheckedZoneFile[], repositoryConfig?: string): string {
  const files = checked.map((f) => jsonFile(f, repositoryConfig));
  const valid = checked.filter(isValidFile).length;
  const sum = (key: 'errors' | 'warnings'): number => checked.reduce((n, f) => n + problemCounts(f)[key], 0);
  const summary = { files: checked.length, valid, invalid: checked.length - valid, errors: sum('errors'), warnings: sum('warnings') };
  return JSON.stringify({ format_version: 1, command: 'validate', valid: valid === checked.length, files, summary }, null, 2);
}

/**
 * The view of one run: each file's problem lines (text) or annotations as it is checked, then, at
 * the run's end (`finished`, told by the runner with the result), the summary lines or the one
 * document. A run that threw has no result: the command says why.
 */
export function validateView(
  io: ValidateIo,
  format: ValidateFormat,
  reports: readonly ValidateReportFile[] = [],
): SessionOutput<ValidateEvent | RunEvent<ValidateResult>> {
  const annotate = isGitHubActions(io.env);
  const text = format === 'text';
  return {
    emit(event) {
      if (event.kind === 'finished') {
        if (event.result !== undefined) showEnd(event.result);
        return;
      }
      if (event.kind !== 'file-checked') return;
      const f = event.file;
      if (text) for (const line of problemLines(f)) io.out(line);
      if (annotate) for (const p of listedProblems(f).slice(0, PRINTED_PER_FILE)) writeAnnotation(io, text ? 'out' : 'err', annotation(p));
    },
  };
  function showEnd(result: ValidateResult): void {
    if (format === 'text') for (const f of result.files) io.out(summarizeFile(f));
    else io.out(renderValidateDocument(result, format));
    for (const r of reports) writeOutputFile(r.file, `${renderValidateDocument(result, r.format)}\n`);
  }
}

/** The run as one document of `format` (json, sarif, markdown), without its closing line feed. */
function renderValidateDocument(result: ValidateResult, format: Exclude<ValidateFormat, 'text'>): string {
  if (format === 'json') return renderValidateJson(result.files, result.repositoryConfig);
  if (format === 'sarif') return renderSarif(result.files.flatMap(listedProblems), { version: VERSION, command: 'validate' });
  const files = result.files.map((f) => {
    const { errors, warnings } = problemCounts(f);
    const problems = listedProblems(f);
    return { path: f.path, problems, valid: isValidFile(f), notListed: errors + warnings - problems.length };
  });
  return renderFindingsMarkdown(files, { isLintError: (p) => result.lintErrors.has(p) }).replace(/\n$/, '');
}
