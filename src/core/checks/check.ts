/**
 * One entry of the check registry (registry.ts): what a check of zone files is, whichever
 * framework runs it (the zone-file rules, `zonefile/rules/`, or the lint checks, `lint/`). Pure.
 */

/** `error or warning`: the check decides by what the file shows (its header says when). */
export type CheckSeverity = 'error' | 'warning' | 'error or warning';

/**
 * Which commands report it: `validate` for the zone-file rules (every command that reads a zone
 * file; their errors also stop `lint`), `both` for the lint checks (`zonectl lint`, and
 * `zonectl validate` as warnings, errors with `--strict`), `lint` for a check only lint runs.
 */
export type CheckRuns = 'validate' | 'lint' | 'both';

/** What a framework states about each of its checks. */
export interface CheckFacts {
  readonly severity: CheckSeverity;
  /** The rule it enforces: an RFC section, the service's documentation, or zonectl's own docs. */
  readonly ref: string;
  /** One line: what the check asks for. */
  readonly description: string;
}

export interface Check extends CheckFacts {
  /** The problem code the check emits (`record.duplicate`, `lint.spf-permissive-all`). */
  readonly id: string;
  readonly runs: CheckRuns;
}
