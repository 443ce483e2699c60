import punycode from 'punycode/punycode.js';

/** Lower-case, NFC, punycode (per label), no trailing dot. "." (the root) stays ".". */
export function canonicalHostname(input: string): string {
  const trimmed = input.trim();
  if (trimmed === '.' || trimmed === '') return trimmed;
  const noDot = trimmed.endsWith('.') ? trimmed.slice(0, -1) : trimmed;
  // eslint-disable-next-line no-control-regex
  if (!/[^\x00-\x7f]/.test(noDot)) return noDot.toLowerCase(); // ASCII: NFC changes nothing
  const lower = noDot.normalize('NFC').toLowerCase();
  // eslint-disable-next-line no-control-regex
  return /[^\x00-\x7f]/.test(lower) ? punycode.toASCII(lower) : lower;
}

/** The canonical zone name: lower-case, punycode, no trailing dot. */
export function canonicalZoneName(zone: string): string {
  return canonicalHostname(zone);
}

/**
 * A record name in canonical form: `@` (or empty) is the apex; a name ending with the zone
 * (with or without a trailing dot) is already fully qualified; a name with a trailing dot is
 * absolute; anything else is relative to the zone.
 */
export function canonicalRecordName(name: string, zone: string): string {
  const z = canonicalZoneName(zone);
  const trimmed = name.trim();
  if (trimmed === '@' || trimmed === '') return z;
  const absolute = trimmed.endsWith('.');
  const host = canonicalHostname(trimmed);
  if (host === z || host.endsWith(`.${z}`)) return host;
  // An absolute name outside the zone keeps its trailing dot, so that normalizing it again
  // does not read it as relative (the validator reports it as outside the zone).
  if (absolute) return `${host}.`;
  return `${host}.${z}`;
}

/** True when `fqdn` (canonical) is the zone or below it. */
export function isInZone(fqdn: string, zone: string): boolean {
  const z = canonicalZoneName(zone);
  return fqdn === z || fqdn.endsWith(`.${z}`);
}

/** The name relative to the zone, as a zone file writes it (`@` for the apex). */
export function relativeRecordName(fqdn: string, zone: string): string {
  const z = canonicalZoneName(zone);
  if (fqdn === z) return '@';
  if (fqdn.endsWith(`.${z}`)) return fqdn.slice(0, -(z.length + 1));
  return `${fqdn}.`;
}
