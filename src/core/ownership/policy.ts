/**
 * What a zone file says about the live records it shares the zone with (its `manage` section and
 * the team scopes of zonectl.yaml), as the one ownership function reads it (./whose.ts). Types
 * and the policy's construction only; every rule is in the file that applies it (README.md,
 * "Sharing a zone"; docs/architecture.md, "Ownership").
 */
import type { PresetName } from './presets.js';

/**
 * What happens to live records whose (name, type) the file does not list:
 * - `delete` (the default): they are deleted (removing a record from the file deletes it);
 * - `keep`: they are reported and kept;
 * - `owned`: zonectl marks each record it writes (./marker.ts) and deletes only marked records
 *   the file no longer lists; unmarked records are reported and never touched.
 */
export type UnmanagedMode = 'keep' | 'delete' | 'owned';

/**
 * One entry of `manage.ignore`: a pattern (name glob, type and/or content glob; every field
 * given must match, ./match-ignore.ts) or a named preset (./presets.ts). `at` says where the rule
 * is written (`manage.ignore[2]`, or `shared/mail.yaml manage.ignore[0]` for a fragment's), for
 * the reports that name the rule a record was left alone by.
 */
export interface IgnoreRule {
  name?: string;
  type?: string;
  /** Content glob (TXT: the unquoted text), e.g. `*.acm-validations.aws`. */
  content?: string;
  preset?: PresetName;
  at?: string;
}

/**
 * `manage.external_dns`: external-dns's TXT registry shares the zone (./external-dns.ts). Its
 * flags: `--txt-owner-id` (`owner`: only those owners' records are external-dns's; every owner
 * when left out), `--txt-prefix`, `--txt-suffix` (each may hold `%{record_type}`),
 * `--txt-wildcard-replacement`, and `--txt-encrypt-enabled` (`encrypted`: the registry records'
 * text cannot be read without external-dns's key, so they are recognised by their names).
 */
export interface ExternalDnsOptions {
  readonly owner?: readonly string[];
  readonly prefix?: string;
  readonly suffix?: string;
  readonly wildcard_replacement?: string;
  readonly encrypted?: boolean;
}

/** The scope of one team of zonectl.yaml (`owners:`) in one zone: name globs (./scopes.ts). */
export interface TeamScope {
  readonly owner: string;
  readonly names: readonly string[];
}

/**
 * The team scopes of a zone, as zonectl.yaml's `owners:` give them: every team's name globs in
 * this zone (first match wins, in the file's order), and which scopes this zone's files cover
 * (the zone file's and its fragments' owners; `null` for a file of no team, which covers the
 * names in no team's scope). A live record whose name falls in a scope no file covers is another
 * team's: left alone.
 */
export interface ZoneScope {
  readonly teams: readonly TeamScope[];
  readonly covers: ReadonlyArray<string | null>;
  /** The zonectl.yaml the scopes come from (named in messages). */
  readonly source: string;
}
