/**
 * Which addresses the service refuses in A/AAAA content (its own network) and which it will
 * not proxy. Sources: the published list of the service's ranges,
 * https://www.cloudflare.com/ips/ ; "proxiable" false for private, loopback, link-local and
 * shared (CGNAT) addresses, refused with 9003 when proxied (src/emulator/README.md). The
 * documentation ranges (RFC 5737, RFC 3849) count as ordinary public addresses so that
 * examples and tests can use them.
 */
import { SERVICE_NETWORK_RANGES } from '../../facts/service-network.js';
import { inRange, parseCidr, unmapped, type Address, type Range } from './ip.js';

const SERVICE_NETWORK = SERVICE_NETWORK_RANGES;

/** Not reachable on the public internet: the service will not proxy to these. */
const NOT_PROXIABLE = [
  '0.0.0.0/8', // "this network"
  '10.0.0.0/8',
  '172.16.0.0/12',
  '192.168.0.0/16', // private (RFC 1918)
  '100.64.0.0/10', // shared address space, CGNAT (RFC 6598)
  '127.0.0.0/8', // loopback
  '169.254.0.0/16', // link-local
  '192.0.0.0/24',
  '192.88.99.0/24',
  '198.18.0.0/15', // IETF protocol, 6to4 relay, benchmarking
  '224.0.0.0/4',
  '240.0.0.0/4', // multicast, reserved (and broadcast)
  '::/128',
  '::1/128', // unspecified, loopback
  'fe80::/10',
  'fec0::/10', // link-local, old site-local
  'fc00::/7', // unique local
  'ff00::/8', // multicast
  '100::/64', // discard-only
];

function ranges(list: readonly string[]): Range[] {
  return list.map((c) => {
    const p = parseCidr(c);
    if (!p.ok) throw new Error(`bad built-in range ${c}`);
    return p.range;
  });
}

const service = ranges(SERVICE_NETWORK);
const notProxiable = ranges(NOT_PROXIABLE);

export function inServiceNetwork(a: Address): boolean {
  const x = unmapped(a);
  return service.some((r) => inRange(x, r));
}

export function isProxiableAddress(a: Address): boolean {
  const x = unmapped(a);
  return !notProxiable.some((r) => inRange(x, r));
}
