/**
 * The `error` of a JSON document (plan, drift, apply with `--format json`) when the run failed as
 * a whole: its code and message, and, when the files were invalid, every problem listed (the
 * shape `validate --format json` uses). CI reads stdout with jq: a failed run still prints one
 * document there, never nothing.
 */
import type { ErrorCode } from '../../core/errors.js';
import type { Problem } from '../../core/yaml/index.js';
import { InvalidZoneFilesError } from '../../app/files/index.js';
import { errorCode } from './error-line.js';

export interface JsonProblem {
  readonly file: string;
  readonly line: number;
  readonly col: number;
  readonly path: string;
  readonly severity: Problem['severity'];
  readonly code: string;
  readonly message: string;
}

export interface JsonError {
  readonly code: ErrorCode;
  readonly message: string;
  /** The zone files' problems (INVALID_ZONE_FILE). */
  readonly problems?: readonly JsonProblem[];
}

export function jsonProblem(p: Problem): JsonProblem {
  return { file: p.file, line: p.line, col: p.col, path: p.path, severity: p.severity, code: p.code, message: p.message };
}

export function jsonError(error: unknown): JsonError {
  const base = { code: errorCode(error), message: error instanceof Error ? error.message : String(error) };
  return error instanceof InvalidZoneFilesError ? { ...base, problems: error.problems.map(jsonProblem) } : base;
}
