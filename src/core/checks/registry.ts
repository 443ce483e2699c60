/**
 * The check registry: every check of a zone file, with the problem code it emits (its id), its
 * severity, the rule it enforces and where it runs. Both frameworks register here: the
 * zone-file rules (rule-checks.ts, run by every command that reads a zone file), the lint
 * checks (lint-checks.ts, run by `zonectl lint` and `zonectl validate`) and the checks against
 * the live zone (plan-checks.ts: its tier, its record quota; plan, drift and apply). `zonectl lint --list`
 * prints this table; docs/checks.md lists the ids. Pure.
 */
import type { Check, CheckFacts, CheckRuns } from './check.js';
import { LINT_CHECKS, lintCheckId, type LintCode } from './lint-checks.js';
import { PLAN_CHECKS } from './plan-checks.js';
import { RULE_CHECKS } from './rule-checks.js';
import { VIEW_CHECKS } from './view-checks.js';

export type { Check, CheckRuns, CheckSeverity } from './check.js';
export { lintCheckId, type LintCode } from './lint-checks.js';
export type { RuleCode } from './rule-checks.js';
export type { PlanCheckCode } from './plan-checks.js';

function entries(table: Readonly<Record<string, CheckFacts>>, runs: CheckRuns, idOf: (key: string) => string): Check[] {
  return Object.entries(table).map(([key, facts]) => ({ id: idOf(key), ...facts, runs }));
}

/** Every check: the zone-file rules, the lint checks, then the checks against the live zone. */
export const CHECKS: readonly Check[] = [
  ...entries(RULE_CHECKS, 'validate', (code) => code),
  ...entries(LINT_CHECKS, 'both', (code) => lintCheckId(code as LintCode)),
  ...entries(PLAN_CHECKS, 'plan', (code) => code),
  ...entries(VIEW_CHECKS, 'validate', (code) => code),
];
