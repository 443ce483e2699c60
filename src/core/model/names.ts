import punycode from 'punycode/punycode.js';

/**
 * True when `name` is already a canonical host name as written: not empty, printable ASCII
 * without space, no upper-case letter, no trailing dot. Most names are (every name the service
 * answers with), and for them canonicalHostname returns the text itself, allocating nothing.
 */
function isPlainLowerAscii(name: string): boolean {
  const n = name.length;
  if (n === 0 || name.charCodeAt(n - 1) === 46) return false;
  for (let i = 0; i < n; i += 1) {
    const c = name.charCodeAt(i);
    if (c <= 0x20 || c >= 0x7f || (c >= 0x41 && c <= 0x5a)) return false;
  }
  return true;
}

/** Lower-case, NFC, punycode (per label), no trailing dot. "." (the root) stays ".". */
export function canonicalHostname(input: string): string {
  if (isPlainLowerAscii(input)) return input;
  const trimmed = input.trim();
  if (trimmed === '.' || trimmed === '') return trimmed;
  const noDot = trimmed.endsWith('.') ? trimmed.slice(0, -1) : trimmed;
  if (!/[^\x00-\x7f]/.test(noDot)) return noDot.toLowerCase(); // ASCII: NFC changes nothing
  const lower = noDot.normalize('NFC').toLowerCase();
  return /[^\x00-\x7f]/.test(lower) ? punycode.toASCII(lower) : lower;
}

/** The last zone name canonicalized, and its canonical form (every record of a run names the same zone). */
let lastZone: { readonly zone: string; readonly canonical: string } | undefined;

/** The canonical zone name: lower-case, punycode, no trailing dot. */
export function canonicalZoneName(zone: string): string {
  if (lastZone?.zone !== zone) lastZone = { zone, canonical: canonicalHostname(zone) };
  return lastZone.canonical;
}

/** True when the canonical `host` is the canonical zone `z` or below it. */
function isZoneOrBelow(host: string, z: string): boolean {
  // host === z, or host ends with `.${z}` (without building that string for every record).
  const at = host.length - z.length;
  return at === 0 ? host === z : at > 0 && host.charCodeAt(at - 1) === 46 && host.endsWith(z);
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
  if (isZoneOrBelow(host, z)) return host;
  // An absolute name outside the zone keeps its trailing dot, so that normalizing it again
  // does not read it as relative (the validator reports it as outside the zone).
  if (absolute) return `${host}.`;
  return `${host}.${z}`;
}

/**
 * The canonical form of a fully qualified name (as the API writes names): the same answer as
 * `canonicalRecordName` on the name with a trailing dot, without building that string.
 */
export function canonicalAbsoluteName(fqdn: string, zone: string): string {
  if (!isPlainLowerAscii(fqdn)) return canonicalRecordName(fqdn.endsWith('.') ? fqdn : `${fqdn}.`, zone);
  // Plain text: trimming, lower-casing and the dot change nothing ('@.' is not the apex).
  return isZoneOrBelow(fqdn, canonicalZoneName(zone)) ? fqdn : `${fqdn}.`;
}

/** True when `fqdn` (canonical) is the zone or below it. */
export function isInZone(fqdn: string, zone: string): boolean {
  return isZoneOrBelow(fqdn, canonicalZoneName(zone));
}

/** The name relative to the zone, as a zone file writes it (`@` for the apex). */
export function relativeRecordName(fqdn: string, zone: string): string {
  const z = canonicalZoneName(zone);
  if (fqdn === z) return '@';
  if (fqdn.endsWith(`.${z}`)) return fqdn.slice(0, -(z.length + 1));
  return `${fqdn}.`;
}

/**
 * The name as a zone file writes it so that it reads back as the same record: relative (`@` for
 * the apex), except where the relative name would itself read as fully qualified (it is the
 * zone's name, or ends with it: `example.com.example.com` in zone example.com), which is written
 * absolute with its trailing dot (`canonicalRecordName` reads a name ending in the zone as
 * fully qualified).
 */
export function zoneFileRecordName(fqdn: string, zone: string): string {
  const z = canonicalZoneName(zone);
  const relative = relativeRecordName(fqdn, z);
  if (relative === '@' || relative.endsWith('.')) return relative;
  return isZoneOrBelow(canonicalHostname(relative), z) ? `${fqdn}.` : relative;
}
