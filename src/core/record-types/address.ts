/**
 * A (RFC 1035 §3.4.1) and AAAA (RFC 3596): one address, compared in its canonical text
 * (model/addresses.ts: IPv6 compressed, RFC 5952), written as it is. The service refuses an
 * address of the other family, one inside its own network, and a proxied record whose address is
 * private or reserved (model/address-classes.ts).
 */
import { inServiceNetwork, isProxiable, parseIPv4, parseIPv6 } from '../model/address-classes.js';
import { canonicalAddress } from '../model/addresses.js';
import type { ContentTypeDefinition } from './definition.js';
import { readAs, readFailure } from './presentation.js';

function addressType(type: 'A' | 'AAAA', description: string): ContentTypeDefinition {
  const family = type === 'A' ? 'IPv4' : 'IPv6';
  const parse = type === 'A' ? parseIPv4 : parseIPv6;
  const parseOther = type === 'A' ? parseIPv6 : parseIPv4;
  return {
    type,
    kind: 'content',
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
      if (inServiceNetwork(parsed)) {
        sink.error(
          'content.service-network',
          ['content'],
          `${address} belongs to the service's own network; ${type} records may not point there`,
        );
        return;
      }
      if (record.proxied && !isProxiable(parsed)) {
        const via = written.proxied === undefined ? ' (proxied through defaults.proxied)' : '';
        sink.error(
          'proxied.address',
          written.proxied === undefined ? ['content'] : ['proxied'],
          `${address} is a private, loopback, link-local or otherwise reserved address and cannot be proxied${via}; set proxied: false`,
        );
      }
    },
  };
}

export const A = addressType('A', 'IPv4 address, e.g. 192.0.2.10.');

export const AAAA = addressType('AAAA', 'IPv6 address, e.g. 2001:db8::10 (compared in compressed form).');
