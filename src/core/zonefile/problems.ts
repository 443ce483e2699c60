import type { PositionIndex } from './parse-yaml.js';
import { formatPath, type DocPath } from './json-path.js';
import type { Problem } from './types.js';

/** `file:line:col path: message`; warnings as `file:line:col path: warning: message`. */
export function formatProblem(p: Problem): string {
  const where = `${p.file}:${p.line}:${p.col}`;
  const head = p.path === '' ? where : `${where} ${p.path}`;
  return `${head}: ${p.severity === 'warning' ? 'warning: ' : ''}${p.message}`;
}

/** Collects the problems of one file, placing each at the node (or key) it concerns. */
export class ProblemSink {
  readonly problems: Problem[] = [];
  readonly #file: string;
  readonly #positions: PositionIndex | null;

  constructor(file: string, positions: PositionIndex | null) {
    this.#file = file;
    this.#positions = positions;
  }

  /** A problem about the value at `path`. */
  error(code: string, path: DocPath, message: string): void {
    this.#add('error', code, path, message, false);
  }

  warning(code: string, path: DocPath, message: string): void {
    this.#add('warning', code, path, message, false);
  }

  /** A problem about the key of `path` (unknown or retired fields). */
  keyError(code: string, path: DocPath, message: string): void {
    this.#add('error', code, path, message, true);
  }

  keyWarning(code: string, path: DocPath, message: string): void {
    this.#add('warning', code, path, message, true);
  }

  /** A problem at a known line and column (syntax errors). */
  at(severity: Problem['severity'], code: string, line: number, col: number, message: string): void {
    this.problems.push({ severity, file: this.#file, line, col, path: '', message, code });
  }

  lineOf(path: DocPath): number {
    return this.#positions ? this.#positions.positionOf(path).line : 1;
  }

  get errorCount(): number {
    let n = 0;
    for (const p of this.problems) if (p.severity === 'error') n += 1;
    return n;
  }

  #add(severity: Problem['severity'], code: string, path: DocPath, message: string, atKey: boolean): void {
    const pos = this.#positions
      ? (atKey ? this.#positions.keyPositionOf(path) : this.#positions.positionOf(path))
      : { line: 1, col: 1 };
    this.problems.push({ severity, file: this.#file, line: pos.line, col: pos.col, path: formatPath(path), message, code });
  }
}
