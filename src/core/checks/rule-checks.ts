/**
 * The zone-file rules (`src/core/zonefile/rules/`), registered: `RuleCode` is the only kind of
 * code a rule's problem sink takes (rules/context.ts), so a rule cannot emit a code that is not
 * listed here. Each rule file's header says when an `error or warning` check is which.
 *
 * Every check names its `source` (check.ts): the service's documented rule, a real answer of the
 * service, a limit of the DNS wire format, or the file's own contradiction; a warning may also
 * rest on an RFC saying what resolvers do. A rule whose only source is an RFC on resolvers only
 * warns (issue 28: zonectl never refuses what the service holds; the emulator's own choices are
 * never a source), and a warning with no source at all is not made (issue 43, item 9: the
 * digit-first and "looks like another domain" guesses were removed).
 *
 * Each group of rules keeps its checks' metadata (code, severity, reference, source) in a file of
 * its own under rules/ (its header names the rule files that emit them), the `dnssec` section's in
 * src/core/dnssec/checks.ts and the sharing rules' in ownership-checks.ts; this file only assembles
 * them, in the order `zonectl lint --list` and docs/checks.md show. Pure.
 */
import { DNSSEC_RULE_CHECKS } from '../dnssec/checks.js';
import type { CheckFacts } from './check.js';
import { OWNERSHIP_RULE_CHECKS } from './ownership-checks.js';
import { DEPRECATION_RULE_CHECKS } from './rules/deprecations.js';
import { NAME_RULE_CHECKS } from './rules/names.js';
import { RECORD_VALUE_RULE_CHECKS } from './rules/record-values.js';
import { SOA_AND_DUPLICATE_RULE_CHECKS } from './rules/soa-and-duplicates.js';
import { TARGET_RULE_CHECKS } from './rules/targets.js';
import { TEXT_AND_SIZE_RULE_CHECKS } from './rules/text-and-size.js';
import { TOKEN_RULE_CHECKS } from './rules/tokens.js';

export const RULE_CHECKS = {
  ...NAME_RULE_CHECKS,
  ...RECORD_VALUE_RULE_CHECKS,
  ...TEXT_AND_SIZE_RULE_CHECKS,
  ...TARGET_RULE_CHECKS,
  ...SOA_AND_DUPLICATE_RULE_CHECKS,
  ...TOKEN_RULE_CHECKS,
  ...DEPRECATION_RULE_CHECKS,
  // The `dnssec` section's rules (src/core/dnssec/rules.ts), with their sources.
  ...DNSSEC_RULE_CHECKS,
  // Sharing a zone (src/core/ownership/): the marker, external-dns, team scopes.
  ...OWNERSHIP_RULE_CHECKS,
} as const satisfies Record<string, CheckFacts>;

export type RuleCode = keyof typeof RULE_CHECKS;
