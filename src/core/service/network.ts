/**
 * The service's own network (src/facts/service-network.ts, from https://www.cloudflare.com/ips/):
 * an A/AAAA record's content may not point there.
 */
export { SERVICE_NETWORK_RANGES } from '../../facts/service-network.js';

/**
 * Private network routing (Enterprise): a proxied A/AAAA record with `private_routing: true`
 * reaches an origin in the account's private network; "Records must be proxied", and the private
 * ranges 10/8, 172.16/12, 192.168/16, fc00::/7 and 100.64/10 are then allowed ("automatically
 * detected": such a proxied record gets `private_routing: true`; "if you manually set
 * `private_routing: false` on a proxied A/AAAA record with private IP, the API will return an
 * error"). https://developers.cloudflare.com/dns/manage-dns-records/how-to/private-network-routing/
 */
export { PRIVATE_ROUTING_RANGES, PRIVATE_ROUTING_TYPES } from '../../facts/private-routing.js';
