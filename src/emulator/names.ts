/**
 * Names as the service stores them: lower-case, punycode per label (IDNs are returned as
 * `xn--` labels), no trailing dot (the API strips it from names and CNAME targets:
 * terraform-provider-cloudflare issues #154 and #7286). A record name is `@` (the apex), a
 * name ending in the zone (fully qualified, with or without the final dot), or a name relative
 * to the zone: `www.example.org` in zone example.com is stored as
 * `www.example.org.example.com`.
 */
import punycode from 'punycode/punycode.js';

/** Lower-case, NFC, punycode; the trailing dot dropped. "." (the root) stays ".". */
export function storedHostname(input: string): string {
  const trimmed = input.trim();
  if (trimmed === '.' || trimmed === '') return trimmed;
  const noDot = trimmed.endsWith('.') ? trimmed.slice(0, -1) : trimmed;
  const lower = noDot.normalize('NFC').toLowerCase();
  return /[^\x00-\x7f]/.test(lower) ? punycode.toASCII(lower) : lower;
}

/** The zone's stored name. */
export function zoneName(raw: string): string {
  return storedHostname(raw);
}

export type ResolvedName = { inZone: true; fqdn: string } | { inZone: false; fqdn: string };

/** The record name a write means, resolved against the zone. */
export function resolveRecordName(raw: string, zone: string): ResolvedName {
  const trimmed = raw.trim();
  if (trimmed === '@' || trimmed === '') return { inZone: true, fqdn: zone };
  const absolute = trimmed.endsWith('.');
  const host = storedHostname(trimmed);
  if (host === zone || host.endsWith(`.${zone}`)) return { inZone: true, fqdn: host };
  if (absolute) return { inZone: false, fqdn: host };
  return { inZone: true, fqdn: `${host}.${zone}` };
}

/** True when `fqdn` (stored form) is the zone or below it. */
export function withinZone(fqdn: string, zone: string): boolean {
  return fqdn === zone || fqdn.endsWith(`.${zone}`);
}
