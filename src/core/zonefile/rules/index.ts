/** Every semantic rule, run in this order after the schema (docs/architecture.md, rule table). All problems are collected. */
import { checkCnameExclusivity, checkCnameOverUnlisted } from './cname.js';
import { checkCnameLoops } from './cname-loop.js';
import type { Rule } from './context.js';
import { checkDelegationAlone } from './delegation.js';
import { checkDeprecations } from './deprecations.js';
import { checkDnssec } from './dnssec.js';
export { readDnssecOf } from './dnssec.js';
import { checkDsDelegation } from './ds.js';
import { checkDuplicates } from './duplicates.js';
import { checkIgnoredListed } from './ignore.js';
import { checkRecordNames } from './names.js';
import { checkExternalDnsAffixes, checkMarkerInFile, checkRegistryListed } from './ownership.js';
import { checkRecordSizes } from './record-size.js';
import { checkScopes } from './scope.js';
import { checkProxiedChains } from './proxied-chain.js';
import { checkProxiedAndTtl } from './proxied-ttl.js';
import { checkRecordSettings } from './record-settings.js';
import { checkSoa } from './soa.js';
import { checkTagLengths } from './tags.js';
import { checkTargets } from './targets.js';
import { checkTokens } from './tokens.js';
import { checkTypeRules } from './type-rules.js';
import { checkZone } from './zone.js';

export type { Rule, RuleContext, RecordEntry, TokenEntry } from './context.js';

/**
 * The rules a fragment checked on its own runs (no zone includes it in this run): the values of
 * its records (each type's own rules, TTL and proxy, settings, sizes, targets). Names and the
 * rules between records need the including zone and run with it.
 */
export const FRAGMENT_VALUE_RULES: readonly Rule[] = [
  checkTypeRules,
  checkProxiedAndTtl,
  checkRecordSettings,
  checkRecordSizes,
  checkTargets,
  checkTagLengths,
  checkMarkerInFile,
];

export const RULES: readonly Rule[] = [
  checkZone,
  checkRecordNames,
  ...FRAGMENT_VALUE_RULES,
  checkCnameExclusivity,
  checkCnameOverUnlisted,
  checkProxiedChains,
  checkCnameLoops,
  checkDelegationAlone,
  checkDsDelegation,
  checkDnssec,
  checkDuplicates,
  checkIgnoredListed,
  checkRegistryListed,
  checkExternalDnsAffixes,
  checkScopes,
  checkSoa,
  checkTokens,
  checkDeprecations,
];
