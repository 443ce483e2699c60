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
