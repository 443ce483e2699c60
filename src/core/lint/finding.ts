/**
 * A lint finding is a zone file problem (severity warning; `--strict` makes it an error) whose
 * message ends with the fix and the check's code: `message; fix [CODE]`, so each finding is
 * one line in the project's problem form.
 */
import type { DesiredRecord, Problem } from '../zonefile/types.js';

export type LintCode =
  | 'SPF_SYNTAX' | 'SPF_MULTIPLE' | 'SPF_LOOKUPS' | 'SPF_PERMISSIVE_ALL' | 'SPF_PTR'
  | 'DMARC_SYNTAX' | 'DMARC_POLICY' | 'DMARC_URI' | 'DMARC_NOT_DMARC'
  | 'DKIM_SYNTAX' | 'DKIM_KEY' | 'DKIM_WEAK_KEY' | 'DKIM_REVOKED'
  | 'TARGET_IS_CNAME' | 'TARGET_MISSING' | 'CNAME_DANGLING'
  | 'CAA_TAG' | 'CAA_VALUE' | 'CAA_FLAGS'
  | 'WILDCARD_APEX' | 'OCCLUDED' | 'RRSET_TTL';

export interface LintContext {
  readonly file: string;
  readonly zone: string;
}

/** A finding at a record (and one of its fields), in the file that writes it (a fragment's records: the fragment). */
export function finding(ctx: LintContext, at: DesiredRecord, field: string, code: LintCode, message: string, fix: string): Problem {
  return {
    severity: 'warning',
    file: at.source ?? ctx.file,
    line: at.line,
    col: at.col,
    path: field === '' ? at.path : `${at.path}.${field}`,
    message: `${message}; ${fix} [${code}]`,
    code: `lint.${code.toLowerCase().replace(/_/g, '-')}`,
  };
}
