/**
 * The lint checks (`src/core/lint/`), registered: `LintCode` is the tag a finding's message ends
 * with (`[SPF_PERMISSIVE_ALL]`), and a finding can carry no other. Their problem code is
 * `lintCheckId(code)` (`lint.spf-permissive-all`). A check is an error when what it finds breaks
 * mail or validation for every receiver (its source: the RFC or the service's docs that say so),
 * else a warning; `--strict` makes every finding an error. `zonectl validate` reports all of them
 * as warnings (errors with `--strict`): lint never refuses what the service holds. Pure.
 */
import { DNSSEC_LINT_CHECKS } from '../dnssec/checks.js';
import type { CheckFacts, CheckSource, RefusalSource } from './check.js';

const W = 'warning';
const E = 'error';
const rfc = (section: string): RefusalSource => ({ kind: 'protocol', rfc: section });
const doc = (url: string): RefusalSource => ({ kind: 'doc', url });
/** An RFC on what receivers, resolvers or CAs do with such a record (warnings only). */
const whatResolversDo = (section: string): CheckSource => ({ kind: 'rfc', rfc: section });
/** Proxied names answer Cloudflare's anycast addresses; CNAMEs that prove ownership are DNS-only. */
const PROXY_STATUS_DOC = 'https://developers.cloudflare.com/dns/proxy-status/';
/** Only HTTP(S) traffic is proxied. */
const PROXY_LIMITS_DOC = 'https://developers.cloudflare.com/dns/proxy-status/limitations/';

export const LINT_CHECKS = {
  // A syntax error, an unknown mechanism, two records or more than 10 lookups: check_host()
  // returns permerror for every receiver (RFC 7208 §4.6, §4.5, §4.6.4).
  SPF_SYNTAX: {
    severity: E,
    ref: 'RFC 7208 §4.6, §5',
    description: 'an SPF record is made of known mechanisms and modifiers (else permerror)',
    source: rfc('RFC 7208 §4.6'),
  },
  SPF_MULTIPLE: {
    severity: E,
    ref: 'RFC 7208 §4.5',
    description: 'one SPF record per name (two are a permanent error)',
    source: rfc('RFC 7208 §4.5'),
  },
  SPF_LOOKUPS: {
    severity: E,
    ref: 'RFC 7208 §4.6.4',
    description: 'at most 10 DNS lookups, counted through in-zone include/redirect (else permerror)',
    source: rfc('RFC 7208 §4.6.4'),
  },
  SPF_PERMISSIVE_ALL: {
    severity: W,
    ref: 'RFC 7208 §5.1',
    description: 'SPF ends with -all or ~all, not +all or ?all',
    source: whatResolversDo('RFC 7208 §5.1'),
  },
  SPF_PTR: {
    severity: W,
    ref: 'RFC 7208 §5.5',
    description: 'SPF does not use the ptr mechanism',
    source: whatResolversDo('RFC 7208 §5.5'),
  },
  DMARC_NOT_DMARC: {
    severity: W,
    ref: 'RFC 7489 §6.4',
    description: 'a TXT record at _dmarc starts with v=DMARC1',
    source: whatResolversDo('RFC 7489 §6.4'),
  },
  DMARC_SYNTAX: {
    severity: W,
    ref: 'RFC 7489 §6.3',
    description: 'DMARC tags are known and well-formed (adkim, aspf, pct)',
    source: whatResolversDo('RFC 7489 §6.3'),
  },
  DMARC_POLICY: {
    severity: W,
    ref: 'RFC 7489 §6.3',
    description: 'DMARC has p=, and p/sp/np are none, quarantine or reject',
    source: whatResolversDo('RFC 7489 §6.3'),
  },
  DMARC_URI: {
    severity: W,
    ref: 'RFC 7489 §6.2',
    description: 'rua and ruf are well-formed URIs',
    source: whatResolversDo('RFC 7489 §6.2'),
  },
  DKIM_SYNTAX: {
    severity: W,
    ref: 'RFC 6376 §3.6.1',
    description: 'a DKIM key is a tag list, v=DKIM1 first when present',
    source: whatResolversDo('RFC 6376 §3.6.1'),
  },
  // A key no verifier can use: every signature with the selector fails (PERMFAIL, RFC 6376 §6.1.2).
  DKIM_KEY: {
    severity: E,
    ref: 'RFC 6376 §3.6.1, §6.1.2',
    description: 'k= is rsa or ed25519 and p= is a base64 public key (else every signature fails)',
    source: rfc('RFC 6376 §6.1.2'),
  },
  DKIM_WEAK_KEY: {
    severity: W,
    ref: 'RFC 8301 §3.2',
    description: 'an RSA DKIM key has at least 2048 bits',
    source: whatResolversDo('RFC 8301 §3.2'),
  },
  DKIM_REVOKED: {
    severity: W,
    ref: 'RFC 6376 §3.6.1',
    description: 'a DKIM key with an empty p= (revoked) is still published',
    source: whatResolversDo('RFC 6376 §3.6.1'),
  },
  TARGET_IS_CNAME: {
    severity: W,
    ref: 'RFC 2181 §10.3',
    description: 'an MX or NS target is not a CNAME',
    source: whatResolversDo('RFC 2181 §10.3'),
  },
  TARGET_MISSING: {
    severity: W,
    ref: 'RFC 2181 §10.3',
    description: 'an in-zone MX, NS or SRV target has records in the file',
    source: whatResolversDo('RFC 2181 §10.3'),
  },
  CNAME_DANGLING: {
    severity: W,
    ref: 'developers.cloudflare.com/dns/cname-flattening/',
    description: 'an in-zone CNAME target has records in the file',
    // "If the final CNAME target has no A/AAAA records (a dangling CNAME), CNAME flattening returns an empty response (NODATA)".
    source: doc('https://developers.cloudflare.com/dns/cname-flattening/'),
  },
  CAA_TAG: { severity: W, ref: 'RFC 8659 §4', description: 'a CAA property tag is a known one', source: whatResolversDo('RFC 8659 §4') },
  CAA_VALUE: {
    severity: W,
    ref: 'RFC 8659 §4.2, §4.4',
    description: 'issue/issuewild name a CA domain; iodef is a mailto: or http(s) URL',
    source: whatResolversDo('RFC 8659 §4.2'),
  },
  CAA_FLAGS: {
    severity: W,
    ref: 'RFC 8659 §4.1',
    description: 'CAA flags are 0 or 128 (critical)',
    source: whatResolversDo('RFC 8659 §4.1'),
  },
  WILDCARD_APEX: {
    severity: W,
    ref: 'RFC 4592 §2.1',
    description: 'no A/AAAA/CNAME wildcard directly under the apex',
    source: whatResolversDo('RFC 4592 §2.1'),
  },
  OCCLUDED: {
    severity: W,
    ref: 'RFC 1034 §4.2.1',
    description: 'no record below a delegation (glue of its own nameservers aside)',
    source: whatResolversDo('RFC 1034 §4.2.1'),
  },
  RRSET_TTL: {
    severity: W,
    ref: 'RFC 2181 §5.2',
    description: 'the records of one RRset have one TTL',
    source: whatResolversDo('RFC 2181 §5.2'),
  },
  // Proxying (src/core/lint/proxied.ts): a proxied name answers Cloudflare's anycast addresses.
  PROXIED_UNDERSCORE: {
    severity: E,
    ref: 'developers.cloudflare.com/dns/proxy-status/, RFC 8552',
    description: 'a DKIM, DMARC, ACME or other validation name (underscored, RFC 8552) is not proxied',
    source: doc(PROXY_STATUS_DOC),
  },
  PROXIED_TARGET: {
    severity: E,
    ref: 'developers.cloudflare.com/dns/proxy-status/limitations/',
    description: 'an MX or SRV target in the zone is not a proxied name (only HTTP(S) is proxied)',
    source: doc(PROXY_LIMITS_DOC),
  },
  // `lint: { ignore: [...] }` (src/core/lint/ignore.ts).
  IGNORE_UNKNOWN: {
    severity: W,
    ref: 'docs/checks.md, "Silencing a check"',
    description: 'every id in lint.ignore is a lint check (`zonectl lint --list`)',
    source: { kind: 'file', why: 'lint.ignore names an id that is no lint check: it silences nothing' },
  },
  // DNSSEC (src/core/dnssec/lint.ts).
  ...DNSSEC_LINT_CHECKS,
} as const satisfies Record<string, CheckFacts>;

export type LintCode = keyof typeof LINT_CHECKS;

/** `SPF_PERMISSIVE_ALL` -> `lint.spf-permissive-all`, the problem code of a finding. */
export function lintCheckId(code: LintCode): string {
  return `lint.${code.toLowerCase().replace(/_/g, '-')}`;
}
