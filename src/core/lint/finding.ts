/**
 * A lint finding is a zone file problem (the check's registered severity; `--strict` makes every
 * finding an error) whose
 * message ends with the fix and the check's code: `message; fix [CODE]`, so each finding is
 * one line in the project's problem form.
 */
import { LINT_CHECKS } from '../checks/lint-checks.js';
import { lintCheckId, type LintCode } from '../checks/registry.js';
import type { DesiredRecord } from '../zonefile/index.js';
import type { Problem } from '../yaml/index.js';

/** The codes are registered in the check registry (checks/lint-checks.ts): a finding carries no other. */
export type { LintCode };

export interface LintContext {
  readonly file: string;
  readonly zone: string;
}

/** A finding at a record (and one of its fields), in the file that writes it (a fragment's records: the fragment). */
export function finding(ctx: LintContext, at: DesiredRecord, field: string, code: LintCode, message: string, fix: string): Problem {
  return {
    severity: LINT_CHECKS[code].severity === 'error' ? 'error' : 'warning',
    file: at.source ?? ctx.file,
    line: at.line,
    col: at.col,
    path: field === '' ? at.path : `${at.path}.${field}`,
    message: `${message}; ${fix} [${code}]`,
    code: lintCheckId(code),
  };
}
