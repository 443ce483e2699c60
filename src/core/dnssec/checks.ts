/**
 * The DNSSEC checks of a zone file, with the facts the check registry wants of each
 * (src/core/checks/check.ts): severity, the rule it enforces and, for a check that can refuse,
 * its source. The zone-file rules (rules.ts, id `dnssec.*`) run wherever a zone file is read;
 * the lint checks (lint.ts, id `lint.<code>`) in `zonectl lint`. Registered in
 * src/core/checks/registry.ts (through rule-checks.ts and lint-checks.ts). Pure.
 */
import type { CheckFacts } from '../checks/check.js';
import type { CanonicalRecord } from '../model/record.js';
import type { DesiredDnssec } from './desired.js';

/** The API reference of the DNSSEC endpoint: its `dnssec_multi_signer` and `dnssec_presigned` field descriptions. */
export const DNSSEC_API_DOC = 'https://developers.cloudflare.com/api/resources/dns/subresources/dnssec/methods/edit/';
export const MULTI_SIGNER_DOC = 'https://developers.cloudflare.com/dns/dnssec/multi-signer-dnssec/setup/';
export const SECONDARY_DNSSEC_DOC =
  'https://developers.cloudflare.com/dns/zone-setups/zone-transfers/cloudflare-as-secondary/dnssec-for-secondary/';
export const SUBDOMAIN_DNSSEC_DOC = 'https://developers.cloudflare.com/dns/zone-setups/subdomain-setup/dnssec/';

export const DNSSEC_RULE_CHECKS = {
  'dnssec.section': {
    severity: 'error',
    ref: `${DNSSEC_API_DOC} (status active or disabled; dnssec_multi_signer, dnssec_use_nsec3, dnssec_presigned are booleans)`,
    description: 'the dnssec section has status active or disabled and the three flags as true or false, nothing else',
    source: { kind: 'doc', url: DNSSEC_API_DOC },
  },
  'dnssec.dnskey-multi-signer': {
    severity: 'error or warning',
    ref: `${DNSSEC_API_DOC} (dnssec_multi_signer: "required for DNSKEY records ... to be added to the zone")`,
    description:
      'DNSKEY records in the file need dnssec.multi_signer: true (an error when the file turns it off, a warning when it leaves it unmanaged)',
    source: { kind: 'doc', url: DNSSEC_API_DOC },
  },
  'dnssec.presigned': {
    severity: 'warning',
    ref: `${DNSSEC_API_DOC} (dnssec_presigned), ${SECONDARY_DNSSEC_DOC}`,
    description: 'presigned serves signatures transferred in from a primary: a setting of secondary zones, which take no record writes',
    source: { kind: 'doc', url: SECONDARY_DNSSEC_DOC },
  },
  'dnssec.multi-signer-apex-ns': {
    severity: 'warning',
    ref: `${MULTI_SIGNER_DOC} (step 4: without multi_provider the service ignores NS records at the apex)`,
    description: "multi-signer DNSSEC with the other providers' NS at the apex needs settings.multi_provider: true",
    source: { kind: 'doc', url: MULTI_SIGNER_DOC },
  },
} as const satisfies Record<string, CheckFacts>;

export type DnssecRuleCode = keyof typeof DNSSEC_RULE_CHECKS;

const W = 'warning';

/** Lint checks: warnings only (`--strict` makes them errors). Their problem code is `lint.<code lower-case, dashed>`. */
export const DNSSEC_LINT_CHECKS = {
  DELEGATION_WITHOUT_DS: {
    severity: W,
    ref: `RFC 4035 §2.4, ${SUBDOMAIN_DNSSEC_DOC}`,
    description: 'with DNSSEC active, a delegation (NS below the apex) has a DS, else its zone is insecure',
    source: { kind: 'rfc', rfc: 'RFC 4035 §2.4' },
  },
  DNSKEY_NOT_APEX: {
    severity: W,
    ref: `RFC 4035 §2.1, ${MULTI_SIGNER_DOC}`,
    description: 'DNSKEY records are at the zone apex (validators read no other)',
    source: { kind: 'rfc', rfc: 'RFC 4035 §2.1' },
  },
  DNSKEY_PROTOCOL: {
    severity: W,
    ref: 'RFC 4034 §2.1.2',
    description: 'a DNSKEY has protocol 3',
    source: { kind: 'rfc', rfc: 'RFC 4034 §2.1.2' },
  },
  DNSKEY_FLAGS: {
    severity: W,
    ref: `RFC 4034 §2.1.1, ${MULTI_SIGNER_DOC}`,
    description: "a DNSKEY of the file is another provider's zone-signing key: flags 256 (zone key, not SEP)",
    source: { kind: 'doc', url: MULTI_SIGNER_DOC },
  },
  DNSKEY_ALGORITHM: {
    severity: W,
    ref: 'RFC 4035 §2.2, https://developers.cloudflare.com/dns/dnssec/ (algorithm 13)',
    description: 'a DNSKEY uses algorithm 13, the one the service signs with',
    source: { kind: 'doc', url: 'https://developers.cloudflare.com/dns/dnssec/' },
  },
  DS_DIGEST: {
    severity: W,
    ref: 'RFC 4034 §5.1.4, RFC 4509 §2.2, RFC 6605 §2',
    description: "a DS digest has its digest type's length",
    source: { kind: 'rfc', rfc: 'RFC 4034 §5.1.4' },
  },
  DS_DIGEST_TYPE: {
    severity: W,
    ref: 'RFC 8624 §3.3',
    description: 'a DS uses digest type 2 or 4 (SHA-1 must not be used for new DS records)',
    source: { kind: 'rfc', rfc: 'RFC 8624 §3.3' },
  },
  DS_ALGORITHM: {
    severity: W,
    ref: 'RFC 8624 §3.1',
    description: 'a DS names an algorithm that may still be used for signing',
    source: { kind: 'rfc', rfc: 'RFC 8624 §3.1' },
  },
} as const satisfies Record<string, CheckFacts>;

export type DnssecLintCode = keyof typeof DNSSEC_LINT_CHECKS;

/** `DNSKEY_NOT_APEX` -> `lint.dnskey-not-apex` (the form of src/core/checks/lint-checks.ts `lintCheckId`). */
export function dnssecLintId(code: DnssecLintCode): string {
  return `lint.${code.toLowerCase().replace(/_/g, '-')}`;
}

/** Where a value is in the file. */
export interface FilePosition {
  readonly line: number;
  readonly col: number;
}

/** A record of the file and where it is written (the shape of src/core/zonefile's `DesiredRecord`). */
export interface PositionedRecord extends FilePosition {
  readonly record: CanonicalRecord;
  /** `records[3]`. */
  readonly path: string;
  /** The fragment file the record comes from (`include:`). */
  readonly source?: string;
}

/** A problem in the project's form (src/core/zonefile's `Problem`: `FILE:LINE:COL PATH: message`). */
export interface DnssecProblem extends FilePosition {
  readonly severity: 'error' | 'warning';
  readonly file: string;
  readonly path: string;
  readonly message: string;
  readonly code: string;
}

/** What the checks read of a zone file. */
export interface DnssecCheckInput {
  readonly file: string;
  /** Canonical zone name. */
  readonly zone: string;
  /** The `dnssec` section (undefined: none), where it is, and where each of its fields is. */
  readonly dnssec?: {
    readonly desired: DesiredDnssec;
    readonly at: FilePosition;
    readonly fields?: Readonly<Partial<Record<string, FilePosition>>>;
  };
  readonly records: readonly PositionedRecord[];
  /** `settings.multi_provider` as the file sets it (undefined: not set). */
  readonly multiProvider?: boolean;
}
