/**
 * A and AAAA content: a valid address of the right family (ipaddr.js), not inside the service's
 * own network, and proxiable when the record is proxied.
 */
import type { PathSegment } from '../../text/index.js';
import type { Rule } from './context.js';
import { classifyAddress, parseIPv4, parseIPv6 } from '../../model/address-classes.js';

export const checkAddresses: Rule = (ctx) => {
  for (const e of ctx.records) {
    const t = e.record.type;
    if (t !== 'A' && t !== 'AAAA') continue;
    const given = (e.raw.content ?? '').trim();
    const parsed = t === 'A' ? parseIPv4(given) : parseIPv6(given);
    const at = (): PathSegment[] => [...e.path, 'content'];
    if (!parsed) {
      const family = t === 'A' ? 'IPv4' : 'IPv6';
      const other = t === 'A' ? parseIPv6(given) : parseIPv4(given);
      const hint = other ? ` (an ${t === 'A' ? 'IPv6' : 'IPv4'} address belongs in ${t === 'A' ? 'an AAAA' : 'an A'} record)` : '';
      ctx.sink.error(t === 'A' ? 'content.ipv4' : 'content.ipv6', at(), `${JSON.stringify(given)} is not an ${family} address${hint}`);
      continue;
    }
    const address = e.record.content ?? given;
    const cls = classifyAddress(parsed);
    if (cls.serviceNetwork) {
      ctx.sink.error('content.service-network', at(), `${address} belongs to the service's own network; ${t} records may not point there`);
      continue;
    }
    if (e.record.proxied && !cls.proxiable) {
      const via = e.raw.proxied === undefined ? ' (proxied through defaults.proxied)' : '';
      ctx.sink.error(
        'proxied.address',
        e.raw.proxied === undefined ? at() : [...e.path, 'proxied'],
        `${address} is a private, loopback, link-local or otherwise reserved address and cannot be proxied${via}; set proxied: false`,
      );
    }
  }
};
