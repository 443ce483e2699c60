/**
 * The service's own nameservers: `<name>.ns.cloudflare.com`, and Foundation DNS's
 * `<name>.foundationdns.{com,net,org}` (https://developers.cloudflare.com/dns/foundation-dns/).
 * A zone's assigned nameservers, and the SOA MNAME the service assigns when `soa.mname` is
 * null ("If null, a Cloudflare-assigned value will be used", the dns_settings schema of the
 * official SDKs), are such names. Pure.
 */
export function isServiceNameserver(host: string): boolean {
  return /\.ns\.cloudflare\.com\.?$|\.foundationdns\.(com|net|org)\.?$/i.test(host);
}

/**
 * An SOA MNAME the service chose, not one set by hand: one of its nameservers, or another name
 * under `cloudflare.com` (what an account's `zone_defaults` may answer before any zone gives it a
 * nameserver of its own; nobody outside the service can own such a name). `soa.mname: null`
 * (the service's choice) is met by any of them, and export never writes one.
 */
export function isServiceAssignedMname(host: string): boolean {
  return isServiceNameserver(host) || /(^|\.)cloudflare\.com\.?$/i.test(host);
}
