/**
 * Underscored node names (RFC 8552): a label that begins with `_` marks an attribute leaf of the
 * name above it (`_dmarc.example.com` holds example.com's DMARC policy), read by machines, never a
 * host. The standard ones are those of IANA's "Underscored and Globally Scoped DNS Node Names"
 * registry (RFC 8552 §4,
 * https://www.iana.org/assignments/dns-parameters/dns-parameters.xhtml#underscored-globally-scoped-dns-node-names),
 * the service labels of SRV and TLSA names (`_sip._tcp`, `_25._tcp`: RFC 2782, RFC 6698 §3),
 * AWS ACM's validation names (`_` and 32 hex digits) and the verification names of services
 * in wide use. Pure.
 */

/** Entries of the IANA registry (RFC 8552 §4.1 and later registrations). */
const REGISTERED = new Set([
  '_acme-challenge', // RFC 8555
  '_dmarc', // RFC 7489
  '_domainkey', // RFC 6376
  '_mta-sts', // RFC 8461
  '_smtp', // `_smtp._tls`, RFC 8460
  '_spf', // RFC 7208
  '_sztp', // RFC 8572
  '_vouch', // RFC 5518
  '_openpgpkey', // RFC 7929
  '_smimecert', // RFC 8162
  '_ta', // `_ta-<key tags>`, RFC 8145 (matched as a prefix below)
  '_dns', // RFC 9461
  '_validation-contactemail', // CA/Browser Forum BR 3.2.2.4.14
  '_validation-contactphone', // CA/Browser Forum BR 3.2.2.4.16
  // Transport labels (RFC 6335, RFC 8552 §4.1.2): the second label of SRV, TLSA and URI names.
  '_tcp',
  '_udp',
  '_sctp',
  '_dccp',
  '_tls',
  '_quic',
  // URI services (RFC 7566).
  '_acct',
  '_email',
  '_ems',
  '_fax',
  '_ft',
  '_h323',
  '_iax',
  '_ical-access',
  '_ical-sched',
  '_ifax',
  '_im',
  '_mms',
  '_pres',
  '_pstn',
  '_sip',
  '_sms',
  '_unifmsg',
  '_vcard',
  '_videomsg',
  '_voice',
  '_voicemsg',
  '_vpim',
  '_web',
  '_xmpp',
  '_http',
]);

/** Not registered but standard in practice: BIMI (draft-brand-indicators-for-message-identification), AT Protocol, and services' verification names. */
const COMMON = new Set([
  '_bimi',
  '_atproto',
  '_cf-custom-hostname', // Cloudflare for SaaS: developers.cloudflare.com/cloudflare-for-platforms/cloudflare-for-saas/
  '_amazonses',
  '_dnsauth', // Azure Front Door
  '_vercel',
  '_gitlab-pages-verification-code',
  '_globalsign-domain-verification',
  '_autodiscover',
]);

const COMMON_PREFIXES = ['_ta-', '_github-challenge-', '_github-pages-challenge-'];

/** AWS Certificate Manager's DNS validation name: `_` and 32 hex digits (the record is a CNAME to `*.acm-validations.aws`). */
const ACM_LABEL = /^_[0-9a-f]{32}$/;

/** A transport label: the label after it is a service (`_sip._tcp`, `_25._tcp`, `_443._tcp`). */
const TRANSPORTS = new Set(['_tcp', '_udp', '_sctp', '_dccp', '_tls', '_quic']);

/** What a standard underscored label is, for messages; undefined when the label is not one. */
export function underscoredNameKind(labels: readonly string[], i: number): string | undefined {
  const label = labels[i]?.toLowerCase();
  if (label === undefined || !label.startsWith('_')) return undefined;
  if (label === '_domainkey') return 'a DKIM key name';
  if (label === '_dmarc') return 'a DMARC policy name';
  if (label === '_acme-challenge') return 'an ACME (certificate) validation name';
  if (label === '_cf-custom-hostname') return 'a custom hostname validation name';
  if (ACM_LABEL.test(label)) return 'an ACM certificate validation name';
  if (REGISTERED.has(label) || COMMON.has(label) || COMMON_PREFIXES.some((p) => label.startsWith(p))) return 'an underscored name';
  const next = labels[i + 1]?.toLowerCase();
  if (next !== undefined && TRANSPORTS.has(next)) return 'a service name';
  return undefined;
}

/** True when label i of `labels` (leftmost first) is a standard underscored label. */
export function isStandardUnderscoredLabel(labels: readonly string[], i: number): boolean {
  return underscoredNameKind(labels, i) !== undefined;
}
