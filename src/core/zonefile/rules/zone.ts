/**
 * Whole-zone rules: a valid zone name. (No rule asks for an A or AAAA record: mail-only and
 * delegation-only zones are normal, and the service does not ask for one either.) A zone name is a domain: two labels or more, each of letters, digits and
 * hyphens, neither starting nor ending with a hyphen (RFC 1035 §2.3.1 preferred syntax; IDN in
 * punycode), no wildcard and no underscore. An internal zone (`zone_type: internal`) may have a
 * single label: internal zones "are not subject to any top-level domain (TLD) restrictions"
 * and may sit on a TLD of their own, e.g. `local`
 * (https://developers.cloudflare.com/dns/internal-dns/internal-zones/setup/); the root is not
 * taken (zonectl names records relative to a zone name).
 */
import type { Rule } from './context.js';
import { MAX_LABEL, MAX_NAME } from './hostname-checks.js';

/** Why `zone` (canonical) is not a zone name, or undefined. */
function zoneNameProblem(zone: string, internal: boolean): string | undefined {
  if (zone === '' || zone === '.') return 'is empty';
  if (zone.length > MAX_NAME) return `is ${zone.length} characters long; at most ${MAX_NAME}`;
  const labels = zone.split('.');
  if (labels.length < 2 && !internal) return 'needs at least two labels (e.g. example.com)';
  for (const label of labels) {
    if (label === '') return 'has an empty label (two dots in a row, or a leading dot)';
    if (label.includes('*')) return `has a wildcard label \`${label}\`: a zone is a domain, not a pattern`;
    if (label.length > MAX_LABEL) return `has a label of ${label.length} characters; at most ${MAX_LABEL}`;
    if (!/^[a-z0-9-]+$/.test(label)) return `has a label with characters other than letters, digits and hyphens: \`${label}\``;
    if (label.startsWith('-') || label.endsWith('-')) return `has a label that starts or ends with a hyphen: \`${label}\``;
  }
  return undefined;
}

export const checkZone: Rule = (ctx) => {
  const problem = zoneNameProblem(ctx.zone, ctx.doc.zone_type === 'internal');
  if (problem) ctx.sink.error('zone.name', ['zone'], `zone name ${JSON.stringify(ctx.doc.zone)} ${problem}`);
};
