/**
 * Proxying where it breaks the protocol. A proxied A, AAAA or CNAME answers Cloudflare's anycast
 * addresses instead of its content, and only HTTP(S) traffic is proxied
 * (developers.cloudflare.com/dns/proxy-status/ and /dns/proxy-status/limitations/); CNAME records
 * that prove ownership are to stay DNS-only (same page). So:
 * - an underscored name (RFC 8552: `_domainkey`, `_dmarc`, `_acme-challenge`, ACM's `_<hex>`,
 *   `_cf-custom-hostname`, any `_label`) that is proxied never shows its CNAME target to the
 *   DKIM verifier, the ACME or ACM validator or the CA: `PROXIED_UNDERSCORE`;
 * - an MX or SRV target in the zone that is proxied sends SMTP, SIP, XMPP... to addresses that
 *   carry only HTTP(S): `PROXIED_TARGET`.
 * Errors of lint, never refusals of validate: the service holds such records.
 */
import { underscoredNameKind } from '../model/underscored-names.js';
import type { Problem } from '../yaml/index.js';
import type { DesiredRecord } from '../zonefile/index.js';
import { finding, type LintContext } from './finding.js';
import type { ZoneIndex } from './zone-index.js';

/** The kind of the first underscored label of the name (relative to the zone), if any. */
function underscoredKind(name: string, zone: string): string | undefined {
  if (name === zone) return undefined;
  const labels = name.slice(0, -(zone.length + 1)).split('.');
  for (let i = 0; i < labels.length; i += 1) {
    if (!labels[i]!.startsWith('_')) continue;
    return underscoredNameKind(labels, i) ?? 'an underscored name';
  }
  return undefined;
}

const isProxied = (r: DesiredRecord): boolean => r.record.proxied === true;

function targetOf(r: DesiredRecord): { target: string; field: string } | undefined {
  if (r.record.type === 'MX' && typeof r.record.content === 'string') return { target: r.record.content, field: 'content' };
  const target = r.record.type === 'SRV' ? r.record.data?.target : undefined;
  return typeof target === 'string' ? { target, field: 'data.target' } : undefined;
}

export function lintProxied(ctx: LintContext, index: ZoneIndex): Problem[] {
  const out: Problem[] = [];
  for (const r of index.records) {
    if (isProxied(r)) {
      const kind = underscoredKind(r.record.name, index.zone);
      if (kind !== undefined)
        out.push(
          finding(
            ctx,
            r,
            'proxied',
            'PROXIED_UNDERSCORE',
            `${r.record.name} ${r.record.type} is ${kind} and is proxied: it answers Cloudflare's addresses, never its content, so the verifier never sees the record (developers.cloudflare.com/dns/proxy-status/)`,
            'set proxied: false',
          ),
        );
    }
    const t = targetOf(r);
    if (t === undefined || !index.inZone(t.target)) continue;
    if (!index.at(t.target).some(isProxied)) continue;
    out.push(
      finding(
        ctx,
        r,
        t.field,
        'PROXIED_TARGET',
        `the ${r.record.type} target ${t.target} is proxied: it answers Cloudflare's addresses, which carry only HTTP(S), so ${r.record.type === 'MX' ? 'mail' : 'the service'} never reaches the host (developers.cloudflare.com/dns/proxy-status/limitations/)`,
        `set proxied: false on ${t.target}, or point the ${r.record.type} at a DNS-only name`,
      ),
    );
  }
  return out;
}
