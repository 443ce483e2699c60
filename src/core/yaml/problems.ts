import type { PositionIndex } from './position-index.js';
import { formatPath, type DocPath, printable } from '../text/index.js';

/** A file as read by the caller (the core does no I/O). */
export interface SourceFile {
  path: string;
  text: string;
}

/** One thing wrong (or doubtful) in a file, at a line, column and document path. */
export interface Problem {
  severity: 'error' | 'warning';
  file: string;
  line: number;
  col: number;
  /** Document path, e.g. `records[3].content` ("" for the whole file). */
  path: string;
  message: string;
  /** Stable identifier of the rule, e.g. `schema.unknown-field`, `record.ttl-range`. */
  code: string;
  /**
   * Only on the closing `problems.omitted` problem of a file with more problems than are kept:
   * how many were counted but not kept (`complete` false when a stage stopped looking, so
   * that there may be more).
   */
  omitted?: { errors: number; warnings: number; complete: boolean };
}

/**
 * `file:line:col path: message`; warnings as `file:line:col path: warning: message`. Always one
 * line: control characters of the file name, path or message are shown escaped.
 */
export function formatProblem(p: Problem): string {
  const where = `${printable(p.file)}:${p.line}:${p.col}`;
  const head = p.path === '' ? where : `${where} ${printable(p.path)}`;
  return `${head}: ${p.severity === 'warning' ? 'warning: ' : ''}${printable(p.message)}`;
}

/** Problems kept per file; past it they are only counted (a broken 50 MB file must not print millions of lines). */
export const PROBLEM_LIMIT = 1000;

function byPosition(a: Problem, b: Problem): number {
  return a.line - b.line || a.col - b.col;
}

/**
 * Collects the problems of one file, placing each at the node (or key) it concerns. Past
 * `limit` problems only counts them (no position is looked up). `Code` narrows the codes it
 * takes: the zone-file rules see a sink of registered codes only (checks/rule-checks.ts).
 */
export class ProblemSink<Code extends string = string> {
  readonly #problems: Problem[] = [];
  readonly #file: string;
  readonly #positions: PositionIndex | null;
  readonly #limit: number;
  #errors = 0;
  #omittedErrors = 0;
  #omittedWarnings = 0;
  /** Set when a stage stopped looking early: the counts are then lower bounds. */
  #incomplete = false;

  constructor(file: string, positions: PositionIndex | null, limit = PROBLEM_LIMIT) {
    this.#file = file;
    this.#positions = positions;
    this.#limit = limit;
  }

  /** A stage stopped looking (its findings past the limit are not counted). */
  markIncomplete(): void {
    this.#incomplete = true;
  }

  /**
   * The kept problems sorted by position, then (when some were only counted or not looked
   * for) one closing problem that says how many more there are.
   */
  finish(): Problem[] {
    const out = this.#problems.sort(byPosition);
    const omitted = this.#omittedErrors + this.#omittedWarnings;
    if (omitted === 0 && !this.#incomplete) return out;
    const last = out[out.length - 1];
    const counted = `${omitted} more problems not listed (${this.#omittedErrors} errors, ${this.#omittedWarnings} warnings)`;
    const message = this.#incomplete
      ? `checking stopped after ${this.#limit} problems: the records and tokens after this point were not checked${omitted > 0 ? `; ${counted}` : ''}`
      : `${counted}; only the first ${this.#limit} are kept`;
    out.push({
      severity: this.#omittedErrors > 0 || this.#incomplete ? 'error' : 'warning',
      file: this.#file,
      line: last?.line ?? 1,
      col: last?.col ?? 1,
      path: '',
      message,
      code: 'problems.omitted',
      omitted: { errors: this.#omittedErrors, warnings: this.#omittedWarnings, complete: !this.#incomplete },
    });
    return out;
  }

  /** A problem about the value at `path`. */
  error(code: Code, path: DocPath, message: string): void {
    this.#add('error', code, path, message, false);
  }

  warning(code: Code, path: DocPath, message: string): void {
    this.#add('warning', code, path, message, false);
  }

  /** A problem about the key of `path` (unknown or retired fields). */
  keyError(code: Code, path: DocPath, message: string): void {
    this.#add('error', code, path, message, true);
  }

  keyWarning(code: Code, path: DocPath, message: string): void {
    this.#add('warning', code, path, message, true);
  }

  /** A problem at a known line and column (syntax errors). */
  at(severity: Problem['severity'], code: Code, line: number, col: number, message: string): void {
    if (this.#counted(severity)) return;
    this.#problems.push({ severity, file: this.#file, line, col, path: '', message, code });
  }

  lineOf(path: DocPath): number {
    return this.#positions ? this.#positions.positionOf(path).line : 1;
  }

  /** How a problem elsewhere names the place of `path`: `line 12` (a sink of several files adds the file). */
  placeOf(path: DocPath): string {
    return `line ${this.lineOf(path)}`;
  }

  /** The file this sink's problems are placed in. */
  get file(): string {
    return this.#file;
  }

  get errorCount(): number {
    return this.#errors;
  }

  /** Counts the problem; true when it is past the limit (counted only). */
  #counted(severity: Problem['severity']): boolean {
    if (severity === 'error') this.#errors += 1;
    if (this.#problems.length < this.#limit) return false;
    if (severity === 'error') this.#omittedErrors += 1;
    else this.#omittedWarnings += 1;
    return true;
  }

  #add(severity: Problem['severity'], code: string, path: DocPath, message: string, atKey: boolean): void {
    if (this.#counted(severity)) return;
    const pos = this.#positions ? (atKey ? this.#positions.keyPositionOf(path) : this.#positions.positionOf(path)) : { line: 1, col: 1 };
    this.#problems.push({ severity, file: this.#file, line: pos.line, col: pos.col, path: formatPath(path), message, code });
  }
}
