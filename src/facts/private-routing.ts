/**
 * Private network routing (Enterprise, closed beta): a proxied A or AAAA record with
 * `private_routing: true` is routed to an origin in the account's private network through its
 * tunnel. "The following private address ranges are automatically detected" (a proxied record
 * with an address in them gets `private_routing: true`, and only such a record may be proxied):
 * https://developers.cloudflare.com/dns/manage-dns-records/how-to/private-network-routing/
 * (cloudflare-docs src/content/docs/dns/manage-dns-records/how-to/private-origins/private-network-routing.mdx).
 * Data only, read by zonectl (src/core/service/network.ts) and the emulator, each with its own
 * code to match addresses.
 */
export const PRIVATE_ROUTING_RANGES: readonly string[] = ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7', '100.64.0.0/10'];

/** The record types that may set `private_routing` ("available for A (IPv4) and AAAA (IPv6) records only"). */
export const PRIVATE_ROUTING_TYPES: readonly string[] = ['A', 'AAAA'];
