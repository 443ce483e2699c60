/**
 * A (RFC 1035 §3.4.1) and AAAA (RFC 3596): one address, compared in its canonical text
 * (model/addresses.ts: IPv6 compressed, RFC 5952), written as it is. The service refuses an
 * address of the other family, one inside its own network, and a proxied record whose address is
 * private or reserved (model/address-classes.ts), unless the record uses private network
 * routing (`private_routing: true`, Enterprise) and the address is in one of its private ranges
 * (10/8, 172.16/12, 192.168/16, fc00::/7, 100.64/10); such a record must be proxied ("Records must
 * be proxied"; https://developers.cloudflare.com/dns/manage-dns-records/how-to/private-network-routing/).
 */
import { inPrivateRoutingRange, inServiceNetwork, isProxiable, parseIPv4, parseIPv6 } from '../model/address-classes.js';
import { canonicalAddress } from '../model/addresses.js';
import type { ContentTypeDefinition } from './definition.js';
import { readAs, readFailure } from './presentation.js';
import { ipv6Bytes, ipv6Text } from './wire.js';

function addressType(type: 'A' | 'AAAA', description: string): ContentTypeDefinition {
  const family = type === 'A' ? 'IPv4' : 'IPv6';
  const parse = type === 'A' ? parseIPv4 : parseIPv6;
  const parseOther = type === 'A' ? parseIPv6 : parseIPv4;
  return {
    type,
    kind: 'content',
    wire:
      type === 'A'
        ? { code: 1, presentAnswer: (rdata) => String(rdata) }
        : { code: 28, presentAnswer: (rdata) => ipv6Text(ipv6Bytes(String(rdata))) },
    canonicalContent: (content) => canonicalAddress(content),
    contentSchema: { description },
    present: (content) => content,
    read: ({ words }) => (words.length === 1 ? readAs({ content: words[0] }) : readFailure(`${type} needs one address`)),
    check: ({ written, record }, sink) => {
      const given = (written.content ?? '').trim();
      const parsed = parse(given);
      if (!parsed) {
        const hint = parseOther(given)
          ? ` (an ${type === 'A' ? 'IPv6' : 'IPv4'} address belongs in ${type === 'A' ? 'an AAAA' : 'an A'} record)`
          : '';
        sink.error(
          type === 'A' ? 'content.ipv4' : 'content.ipv6',
          ['content'],
          `${JSON.stringify(given)} is not an ${family} address${hint}`,
        );
        return;
      }
      const address = record.content ?? given;
      const privateRouting = record.private_routing === true;
      if (privateRouting && !record.proxied) {
        sink.error(
          'proxied.private-routing',
          ['private_routing'],
          'private_routing needs a proxied record (proxied: true): the service routes proxied traffic through your tunnel',
        );
      }
      if (inServiceNetwork(parsed)) {
        sink.error(
          'content.service-network',
          ['content'],
          `${address} belongs to the service's own network; ${type} records may not point there`,
        );
        return;
      }
      if (record.proxied && !isProxiable(parsed) && !(privateRouting && inPrivateRoutingRange(parsed))) {
        const via = written.proxied === undefined ? ' (proxied through defaults.proxied)' : '';
        const routable = inPrivateRoutingRange(parsed)
          ? ', or set private_routing: true (private network routing, Enterprise) to reach it through your tunnel'
          : '';
        sink.error(
          'proxied.address',
          written.proxied === undefined ? ['content'] : ['proxied'],
          `${address} is a private, loopback, link-local or otherwise reserved address and cannot be proxied${via}; set proxied: false${routable}`,
        );
      }
    },
  };
}

export const A = addressType('A', 'IPv4 address, e.g. 192.0.2.10.');

export const AAAA = addressType('AAAA', 'IPv6 address, e.g. 2001:db8::10 (compared in compressed form).');
