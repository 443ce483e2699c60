/**
 * Named presets of `manage.ignore` (`- preset: acme-challenge`): the records common writers put
 * in a zone, each with its source. A preset stands where it is written, as a rule of its own
 * ("ignored by manage.ignore[2] (preset acme-challenge)"):
 *
 * - `acme-challenge`: TXT records at `_acme-challenge` and below it. An ACME client answering a
 *   dns-01 challenge "provisions a TXT record" at the name made by "prepending the label
 *   `_acme-challenge` to the domain name being validated" (RFC 8555 §8.4,
 *   https://www.rfc-editor.org/rfc/rfc8555#section-8.4): cert-manager, certbot, lego, Caddy.
 * - `external-dns`: the records external-dns's TXT registry owns, and the registry records
 *   themselves (./external-dns.ts), with `manage.external_dns`'s options when the file gives them.
 * - `cloudflare-products`: records the service creates for its own products when they are turned
 *   on, recognised by what they point at:
 *   - Cloudflare Tunnel: `cloudflared tunnel route dns` "creates a CNAME record that points to the
 *     tunnel subdomain", `<UUID>.cfargotunnel.com`
 *     (https://developers.cloudflare.com/cloudflare-one/connections/connect-networks/routing-to-tunnel/dns/);
 *   - Email Routing: "Email Routing automatically adds a few DNS records to the zone": MX records
 *     to `*.mx.cloudflare.net` and the TXT `v=spf1 include:_spf.mx.cloudflare.net ~all`
 *     (https://developers.cloudflare.com/email-routing/postmaster/, "MX, SPF, and DKIM records").
 *   Records the service marks as its own (`meta.read_only`, `meta.email_routing`,
 *   `meta.managed_by_*`, `meta.auto_added`) need no preset: they are always left alone
 *   (./service-marks.ts).
 */
export const PRESET_NAMES = ['acme-challenge', 'external-dns', 'cloudflare-products'] as const;
export type PresetName = (typeof PRESET_NAMES)[number];

/** One pattern of `manage.ignore`: name glob, type and content glob; every field given must match (./match-ignore.ts). */
export interface IgnorePattern {
  readonly name?: string;
  readonly type?: string;
  readonly content?: string;
}

/** A preset's patterns, and what it is for. */
export interface Preset {
  readonly description: string;
  readonly patterns: readonly IgnorePattern[];
}

export const PRESETS: Readonly<Record<PresetName, Preset>> = {
  'acme-challenge': {
    description: 'ACME dns-01 challenge TXT records (`_acme-challenge` and below it: cert-manager, certbot, lego, Caddy)',
    patterns: [
      { name: '_acme-challenge', type: 'TXT' },
      { name: '_acme-challenge.*', type: 'TXT' },
    ],
  },
  'external-dns': {
    description: "external-dns's TXT registry records and the records they say external-dns owns (manage.external_dns)",
    patterns: [],
  },
  'cloudflare-products': {
    description:
      'records the service creates for Cloudflare Tunnel (CNAME to *.cfargotunnel.com) and Email Routing (MX to *.mx.cloudflare.net, its SPF TXT)',
    patterns: [
      { type: 'CNAME', content: '*.cfargotunnel.com' },
      { type: 'MX', content: '*.mx.cloudflare.net' },
      { type: 'TXT', content: 'v=spf1 include:_spf.mx.cloudflare.net ~all' },
    ],
  },
};

/** The patterns a rule stands for: its own fields, or its preset's. */
export function patternsOf(rule: IgnorePattern & { readonly preset?: PresetName }): readonly IgnorePattern[] {
  return rule.preset !== undefined ? PRESETS[rule.preset].patterns : [rule];
}
