/**
 * Does a relative record name look like a name in another domain (`www.example.org` written in
 * zone example.com, most likely meant as an absolute name without its trailing dot)? Its last
 * label is the zone's own top-level domain or a widely used one. Names whose last label is an
 * ordinary word (`www.dev`, `api.app`, `x.internal`) are left alone: they are common
 * subdomains, and a warning on them would be noise.
 */
const COMMON_TLDS: ReadonlySet<string> = new Set([
  'com',
  'net',
  'org',
  'edu',
  'gov',
  'mil',
  'int',
  'info',
  'biz',
  'io',
  'co',
  'ai',
  'uk',
  'de',
  'fr',
  'nl',
  'be',
  'ch',
  'at',
  'it',
  'es',
  'pt',
  'se',
  'no',
  'dk',
  'fi',
  'pl',
  'cz',
  'eu',
  'us',
  'ca',
  'au',
  'nz',
  'jp',
  'cn',
  'kr',
  'in',
  'br',
  'ru',
  'za',
]);

/** `host` is canonical and outside `zone`; at least two labels. */
export function looksLikeOtherDomain(host: string, zone: string): boolean {
  const labels = host.split('.');
  if (labels.length < 2) return false;
  const tld = labels[labels.length - 1];
  const zoneTld = zone.slice(zone.lastIndexOf('.') + 1);
  return tld === zoneTld || COMMON_TLDS.has(tld);
}
