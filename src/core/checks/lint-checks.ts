/**
 * The lint checks (`src/core/lint/`), registered: `LintCode` is the tag a finding's message ends
 * with (`[SPF_PERMISSIVE_ALL]`), and a finding can carry no other. Their problem code is
 * `lintCheckId(code)` (`lint.spf-permissive-all`). Findings are warnings; `--strict` makes them
 * errors. Pure.
 */
import { DNSSEC_LINT_CHECKS } from '../dnssec/checks.js';
import type { CheckFacts } from './check.js';

const W = 'warning';

export const LINT_CHECKS = {
  SPF_SYNTAX: { severity: W, ref: 'RFC 7208 §5', description: 'an SPF record is made of known mechanisms and modifiers' },
  SPF_MULTIPLE: { severity: W, ref: 'RFC 7208 §4.5', description: 'one SPF record per name (two are a permanent error)' },
  SPF_LOOKUPS: { severity: W, ref: 'RFC 7208 §4.6.4', description: 'at most 10 DNS lookups, counted through in-zone include/redirect' },
  SPF_PERMISSIVE_ALL: { severity: W, ref: 'RFC 7208 §5.1', description: 'SPF ends with -all or ~all, not +all or ?all' },
  SPF_PTR: { severity: W, ref: 'RFC 7208 §5.5', description: 'SPF does not use the ptr mechanism' },
  DMARC_NOT_DMARC: { severity: W, ref: 'RFC 7489 §6.4', description: 'a TXT record at _dmarc starts with v=DMARC1' },
  DMARC_SYNTAX: { severity: W, ref: 'RFC 7489 §6.3', description: 'DMARC tags are known and well-formed (adkim, aspf, pct)' },
  DMARC_POLICY: { severity: W, ref: 'RFC 7489 §6.3', description: 'DMARC has p=, and p/sp/np are none, quarantine or reject' },
  DMARC_URI: { severity: W, ref: 'RFC 7489 §6.2', description: 'rua and ruf are well-formed URIs' },
  DKIM_SYNTAX: { severity: W, ref: 'RFC 6376 §3.6.1', description: 'a DKIM key is a tag list, v=DKIM1 first when present' },
  DKIM_KEY: { severity: W, ref: 'RFC 6376 §3.6.1', description: 'k= is rsa or ed25519 and p= is a base64 public key' },
  DKIM_WEAK_KEY: { severity: W, ref: 'RFC 8301 §3.2', description: 'an RSA DKIM key has at least 2048 bits' },
  DKIM_REVOKED: { severity: W, ref: 'RFC 6376 §3.6.1', description: 'a DKIM key with an empty p= (revoked) is still published' },
  TARGET_IS_CNAME: { severity: W, ref: 'RFC 2181 §10.3', description: 'an MX or NS target is not a CNAME' },
  TARGET_MISSING: { severity: W, ref: 'RFC 2181 §10.3', description: 'an in-zone MX, NS or SRV target has records in the file' },
  CNAME_DANGLING: {
    severity: W,
    ref: 'developers.cloudflare.com/dns/cname-flattening/',
    description: 'an in-zone CNAME target has records in the file',
  },
  CAA_TAG: { severity: W, ref: 'RFC 8659 §4', description: 'a CAA property tag is a known one' },
  CAA_VALUE: {
    severity: W,
    ref: 'RFC 8659 §4.2, §4.4',
    description: 'issue/issuewild name a CA domain; iodef is a mailto: or http(s) URL',
  },
  CAA_FLAGS: { severity: W, ref: 'RFC 8659 §4.1', description: 'CAA flags are 0 or 128 (critical)' },
  WILDCARD_APEX: { severity: W, ref: 'RFC 4592 §2.1', description: 'no A/AAAA/CNAME wildcard directly under the apex' },
  OCCLUDED: { severity: W, ref: 'RFC 1034 §4.2.1', description: 'no record below a delegation (glue of its own nameservers aside)' },
  RRSET_TTL: { severity: W, ref: 'RFC 2181 §5.2', description: 'the records of one RRset have one TTL' },
  // DNSSEC (src/core/dnssec/lint.ts).
  ...DNSSEC_LINT_CHECKS,
} as const satisfies Record<string, CheckFacts>;

export type LintCode = keyof typeof LINT_CHECKS;

/** `SPF_PERMISSIVE_ALL` -> `lint.spf-permissive-all`, the problem code of a finding. */
export function lintCheckId(code: LintCode): string {
  return `lint.${code.toLowerCase().replace(/_/g, '-')}`;
}
