/**
 * API token specs: the zone-file rules' checks, with the facts the check registry wants of each (check.ts).
 * Emitted by src/core/zonefile/rules/tokens.ts. Assembled by ../rule-checks.ts. Pure.
 */
import type { CheckFacts } from '../check.js';
import { E, W, TOKENS_DOC, TOKENS_API_DOC, doc, file, rfc } from './sources.js';

export const TOKEN_RULE_CHECKS = {
  'token.delete-prefix': {
    severity: E,
    ref: 'README.md, "How zonectl reconciles"',
    description: 'manage.tokens: delete has a tokens_prefix',
    source: file('without a prefix, manage.tokens: delete would delete every token no file lists, the credential running zonectl included'),
  },
  'token.duplicate-name': {
    severity: E,
    ref: 'README.md, "How zonectl reconciles"',
    description: 'token names are unique (tokens are matched by name)',
    source: file('tokens are matched to live ones by name: two specs of one name cannot both be matched'),
  },
  'token.timestamp': {
    severity: E,
    ref: TOKENS_DOC,
    description: 'not_before and expires_on are YYYY-MM-DDThh:mm:ssZ',
    source: doc(TOKENS_API_DOC),
  },
  'token.time-order': { severity: E, ref: TOKENS_DOC, description: 'expires_on is after not_before', source: doc(TOKENS_API_DOC) },
  'token.cidr': { severity: E, ref: TOKENS_DOC, description: 'an IP condition is a CIDR range', source: doc(TOKENS_API_DOC) },
  'token.cidr-bare': {
    severity: E,
    ref: TOKENS_DOC,
    description: 'an IP condition is a range, not a bare address',
    // "a single address is written with a /32 suffix".
    source: doc(TOKENS_API_DOC),
  },
  'token.cidr-host-bits': {
    severity: W,
    ref: TOKENS_DOC,
    description: 'an IP condition has no host bits set',
    // A prefix's bits past its length are zero: the range the service keeps is the network's.
    source: rfc('RFC 4632 §3.1'),
  },
  'token.condition-twice': {
    severity: E,
    ref: TOKENS_DOC,
    description: 'the IP condition is written once (request.ip or request_ip)',
    source: file('request.ip and request_ip are two spellings of one condition: the file gives it twice'),
  },
  'token.resource-key': {
    severity: E,
    ref: TOKENS_DOC,
    description: "a policy's resource keys are the service's forms",
    source: doc(TOKENS_API_DOC),
  },
  'token.resource-value': { severity: E, ref: TOKENS_DOC, description: 'a resource value is "*"', source: doc(TOKENS_API_DOC) },
} as const satisfies Record<string, CheckFacts>;
