/**
 * Which addresses the service refuses in A/AAAA content (its own network) and which it will
 * not proxy. Sources: the published list of the service's ranges,
 * https://www.cloudflare.com/ips/ ; "proxiable" false for private, loopback, link-local and
 * shared (CGNAT) addresses, refused with 9003 when proxied (src/emulator/README.md). The
 * documentation ranges (RFC 5737, RFC 3849) count as ordinary public addresses so that
 * examples and tests can use them.
 */
import { inRange, parseCidr, unmapped, type Address, type Range } from './ip.js';

const SERVICE_NETWORK = [
  '173.245.48.0/20',
  '103.21.244.0/22',
  '103.22.200.0/22',
  '103.31.4.0/22',
  '141.101.64.0/18',
  '108.162.192.0/18',
  '190.93.240.0/20',
  '188.114.96.0/20',
  '197.234.240.0/22',
  '198.41.128.0/17',
  '162.158.0.0/15',
  '104.16.0.0/13',
  '104.24.0.0/14',
  '172.64.0.0/13',
  '131.0.72.0/22',
  '2400:cb00::/32',
  '2606:4700::/32',
  '2803:f800::/32',
  '2405:b500::/32',
  '2405:8100::/32',
  '2a06:98c0::/29',
  '2c0f:f248::/32',
];

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
