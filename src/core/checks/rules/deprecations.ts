/**
 * Retired fields and settings: the zone-file rules' checks, with the facts the check registry wants of each
 * (check.ts). Emitted by src/core/zonefile/rules/deprecations.ts and src/core/zonefile/account-file.ts.
 * Assembled by ../rule-checks.ts. Pure.
 */
import type { CheckFacts } from '../check.js';
import { E, W, DEPRECATIONS_DOC, doc, file } from './sources.js';

export const DEPRECATION_RULE_CHECKS = {
  'deprecated.locked': {
    severity: W,
    ref: DEPRECATIONS_DOC,
    description: 'a record has no retired `locked`',
    source: doc(DEPRECATIONS_DOC),
  },
  'deprecated.record-zone-id': {
    severity: W,
    ref: DEPRECATIONS_DOC,
    description: 'a record has no retired `zone_id`',
    source: doc(DEPRECATIONS_DOC),
  },
  'deprecated.record-zone-name': {
    severity: W,
    ref: DEPRECATIONS_DOC,
    description: 'a record has no retired `zone_name`',
    source: doc(DEPRECATIONS_DOC),
  },
  'deprecated.cname-flattening': {
    severity: W,
    ref: DEPRECATIONS_DOC,
    description: 'settings use flatten_all_cnames, not the retired cname_flattening',
    source: doc(DEPRECATIONS_DOC),
  },
  'deprecated.cname-flattening-conflict': {
    severity: E,
    ref: DEPRECATIONS_DOC,
    description: 'cname_flattening does not contradict flatten_all_cnames',
    source: file('the retired cname_flattening and flatten_all_cnames are one setting: the file gives it two values'),
  },
  'deprecated.use-apex-ns': {
    severity: W,
    ref: DEPRECATIONS_DOC,
    description: 'settings use multi_provider, not the retired use_apex_ns',
    source: doc(DEPRECATIONS_DOC),
  },
  'deprecated.use-apex-ns-conflict': {
    severity: E,
    ref: DEPRECATIONS_DOC,
    description: 'use_apex_ns does not contradict multi_provider',
    source: file('the retired use_apex_ns and multi_provider are one setting: the file gives it two values'),
  },
  'deprecated.default-nameservers': {
    severity: W,
    ref: DEPRECATIONS_DOC,
    description: 'settings use nameservers.type, not the retired default_nameservers',
    source: doc(DEPRECATIONS_DOC),
  },
  'deprecated.use-account-custom-ns': {
    severity: W,
    ref: DEPRECATIONS_DOC,
    description: 'settings use nameservers.type, not the retired use_account_custom_ns_by_default',
    source: doc(DEPRECATIONS_DOC),
  },
} as const satisfies Record<string, CheckFacts>;
