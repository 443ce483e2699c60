/**
 * `content` of the content types, checked and put in the form the service stores
 * (src/emulator/README.md, "Storage forms").
 */
import type { RecordType } from '../../facts/record-types.js';
import type { ZoneRow } from '../contract.js';
import { inServiceNetwork, isProxiableAddress } from '../net/address-classes.js';
import { formatAddress, parseIPv4, parseIPv6 } from '../net/ip.js';
import { storedHostname } from '../names.js';
import { RECORD_CODES as C, invalid } from './codes.js';
import { hostnameProblem } from './hostnames.js';
import { hasPrivateRouting, inPrivateRoutingRange } from './private-routing.js';
import { checkTxt, txtWireSize } from './txt-content.js';

/** "Each DNS record has a maximum wire format size of 4,096 bytes" (https://developers.cloudflare.com/dns/manage-dns-records/reference/dns-record-types/). */
const MAX_WIRE_BYTES = 4096;

function address(type: 'A' | 'AAAA', raw: string, proxied: boolean, zone: ZoneRow): string {
  const parsed = type === 'A' ? parseIPv4(raw.trim()) : parseIPv6(raw.trim());
  if (!parsed) {
    throw type === 'A'
      ? invalid(C.aContent, 'Content for A record must be a valid IPv4 address.')
      : invalid(C.aaaaContent, 'Content for AAAA record must be a valid IPv6 address.');
  }
  // IPv6 is stored compressed (terraform-provider-cloudflare issue #3354).
  const stored = formatAddress(parsed);
  if (inServiceNetwork(parsed)) {
    throw invalid(C.serviceNetwork, `Content ${stored} belongs to the service's own network and cannot be used in an ${type} record.`);
  }
  // A private address may be proxied through private network routing (./private-routing.ts), where
  // the zone has it (`private_routing: false` there is refused by privateRoutingOf, 9120).
  const routed = hasPrivateRouting(zone) && inPrivateRoutingRange(stored);
  if (proxied && !isProxiableAddress(parsed) && !routed)
    throw invalid(C.proxyTarget, `Target ${stored} is not allowed for a proxied record.`);
  return stored;
}

export function validateContent(type: RecordType, raw: unknown, fqdn: string, zone: ZoneRow, proxied: boolean): string {
  if (typeof raw !== 'string' || raw.trim() === '') {
    throw invalid(C.contentRequired, `Content is required for ${type} records.`);
  }
  switch (type) {
    case 'A':
    case 'AAAA':
      return address(type, raw, proxied, zone);
    case 'CNAME': {
      // Lower-cased, trailing dot dropped (terraform-provider-cloudflare issues #154, #7286).
      const target = raw.trim() === '@' ? zone.name : storedHostname(raw);
      const problem = hostnameProblem(target);
      if (problem) throw invalid(C.cnameContent, `Content for CNAME record is invalid: ${problem}.`);
      if (target === fqdn) throw invalid(C.cnameContent, 'Content for CNAME record is invalid: a CNAME cannot point to itself.');
      return target;
    }
    case 'MX':
    case 'NS':
    case 'PTR': {
      const target = storedHostname(raw);
      const problem = hostnameProblem(target, { allowRoot: type === 'MX' });
      if (problem) throw invalid(C.hostnameContent, `Content for ${type} record must be a host name: ${problem}.`);
      return target;
    }
    case 'TXT': {
      const checked = checkTxt(raw);
      if (checked.ok) {
        const size = txtWireSize(checked.stored);
        if (size > MAX_WIRE_BYTES)
          throw invalid(C.recordTooLarge, `TXT record is ${size} bytes on the wire; a DNS record may have at most ${MAX_WIRE_BYTES}.`);
        return checked.stored;
      }
      if (checked.problem === 'not-ascii') {
        throw invalid(C.txtAscii, `${checked.reason} Write other bytes as \\DDD decimal escapes (RFC 1035 §5.1) of their UTF-8 encoding.`);
      }
      throw invalid(C.txtQuotes, `TXT content has inconsistent quotation: ${checked.reason}.`);
    }
    case 'OPENPGPKEY': {
      const key = raw.replace(/\s+/g, '');
      if (!/^[A-Za-z0-9+/]+=*$/.test(key)) throw invalid(C.data, 'Content for OPENPGPKEY record must be base64.');
      return key;
    }
    default:
      return raw.trim();
  }
}
