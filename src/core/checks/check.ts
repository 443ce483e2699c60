/**
 * One entry of the check registry (registry.ts): what a check of zone files is, whichever
 * framework runs it (the zone-file rules, `zonefile/rules/`, or the lint checks, `lint/`). Pure.
 */
import { assertNever } from '../errors.js';

/** `error or warning`: the check decides by what the file shows (its header says when). */
export type CheckSeverity = 'error' | 'warning' | 'error or warning';

/**
 * Which commands report it: `validate` for the zone-file rules (every command that reads a zone
 * file; their errors also stop `lint`), `both` for the lint checks (`zonectl lint`, and
 * `zonectl validate` as warnings, errors with `--strict`), `lint` for a check only lint runs,
 * `plan` for a check of the file against the live zone (its tier, its record quota: plan, drift
 * and apply, once the zone is read; validate, which makes no request, cannot).
 */
export type CheckRuns = 'validate' | 'lint' | 'both' | 'plan';

/**
 * Why a check may refuse or warn of a file (docs/checks.md, "Every check has a source"): a
 * refusal stops a plan, so it must never refuse what the service holds, and a warning printed on
 * every plan must say something true of the service or of DNS, not a guess.
 * - `doc`: the service documents the rule (its developer docs or its API schema, by URL).
 * - `answer`: a real answer of the service shows it (an issue or pull request quoting the live
 *   answer, by URL, or a recording under test/fixtures/recorded).
 * - `protocol`: nothing a DNS server can hold breaks it (a limit of the wire format itself,
 *   RFC 1035): no zone of the service can hold what it refuses.
 * - `file`: the file contradicts itself or asks zonectl for something it cannot carry out (two
 *   values for one setting, a token name twice); it says nothing about what the service holds.
 * - `rfc`: an RFC says what resolvers, clients or mail receivers do with such data (warnings
 *   only: the service may hold it, and the check says why it is still likely a mistake).
 */
export type CheckSource =
  | { readonly kind: 'doc'; readonly url: string }
  | { readonly kind: 'answer'; readonly where: string }
  | { readonly kind: 'protocol'; readonly rfc: string }
  | { readonly kind: 'file'; readonly why: string }
  | { readonly kind: 'rfc'; readonly rfc: string };

/** The sources a refusal may rest on (not an RFC on what resolvers do: the service may hold such data). */
export type RefusalSource = Exclude<CheckSource, { kind: 'rfc' }>;

interface CheckBasics {
  /** The rule it enforces: an RFC section, the service's documentation, or zonectl's own docs. */
  readonly ref: string;
  /** One line: what the check asks for. */
  readonly description: string;
}

/**
 * What a framework states about each of its checks: every check names its source, a warning as a
 * refusal does (issue 43, item 9); a check with none is not made. A refusal's source is one of
 * `doc`, `answer`, `protocol` or `file`; an RFC on what resolvers do (`rfc`) supports a warning only.
 */
export type CheckFacts =
  | (CheckBasics & { readonly severity: 'warning'; readonly source: CheckSource })
  | (CheckBasics & { readonly severity: 'error' | 'error or warning'; readonly source: RefusalSource });

export type Check = CheckFacts & {
  /** The problem code the check emits (`record.duplicate`, `lint.spf-permissive-all`). */
  readonly id: string;
  readonly runs: CheckRuns;
};

/** The source as one line of text (`lint --list --format json`, docs). */
export function describeSource(source: CheckSource): string {
  switch (source.kind) {
    case 'doc':
      return `documented: ${source.url}`;
    case 'answer':
      return `real answer: ${source.where}`;
    case 'protocol':
      return `protocol: ${source.rfc}`;
    case 'file':
      return `the file: ${source.why}`;
    case 'rfc':
      return `what resolvers do: ${source.rfc}`;
    default:
      return assertNever(source, 'check source');
  }
}
