/**
 * `lint: { ignore: [ID, ...] }` (a zone file, zonectl.yaml): findings of the checks named are
 * not reported. Only lint checks can be silenced: an id of a zone-file rule (whose errors refuse
 * the file) or an id that is no check at all is an `IGNORE_UNKNOWN` warning at its line, and
 * silences nothing. A warning, not an error: the list is advice to lint, and a file written for
 * a newer zonectl (a check this one does not know) must still lint and plan. Pure.
 */
import { CHECKS, lintCheckId } from '../checks/registry.js';
import type { Problem } from '../yaml/index.js';
import type { LintIgnoreEntry } from '../zonefile/index.js';

const LINT_IDS = new Set(CHECKS.filter((c) => c.runs === 'both' || c.runs === 'lint').map((c) => c.id));
/** The zone-file rules and the checks against the live zone: never silenced. */
const RULE_IDS = new Set(CHECKS.filter((c) => c.runs === 'validate' || c.runs === 'plan').map((c) => c.id));
const UNKNOWN_ID = lintCheckId('IGNORE_UNKNOWN');

/** The problem of an id that silences nothing, or undefined for a lint check id. */
function unknownId(entry: LintIgnoreEntry): Problem | undefined {
  if (LINT_IDS.has(entry.id)) return undefined;
  const why = RULE_IDS.has(entry.id)
    ? `${JSON.stringify(entry.id)} is a zone-file rule, not a lint check: lint.ignore silences lint checks only (a validate error is never silenced)`
    : `${JSON.stringify(entry.id)} is not a lint check id`;
  return {
    severity: 'warning',
    file: entry.file,
    line: entry.line,
    col: entry.col,
    path: entry.path,
    message: `${why}; use an id that \`zonectl lint --list\` shows (lint.spf-ptr) [IGNORE_UNKNOWN]`,
    code: UNKNOWN_ID,
  };
}

/** The problems of the ids in `ignore` that are not lint checks (each list's own, at its lines). */
export function checkLintIgnore(ignore: readonly LintIgnoreEntry[]): Problem[] {
  return ignore.flatMap((e) => unknownId(e) ?? []);
}

/** Findings not silenced by `ignore` (lint check ids only; the other ids silence nothing). */
export function withoutIgnored(findings: readonly Problem[], ignore: readonly LintIgnoreEntry[]): Problem[] {
  const silenced = new Set(ignore.map((e) => e.id).filter((id) => LINT_IDS.has(id) && id !== UNKNOWN_ID));
  return silenced.size === 0 ? [...findings] : findings.filter((p) => p.code === undefined || !silenced.has(p.code));
}
