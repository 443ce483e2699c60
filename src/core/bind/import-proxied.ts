/**
 * What `import --proxied` proxies: the service's import option applies to "proxiable records"
 * only (https://developers.cloudflare.com/dns/manage-dns-records/how-to/import-and-export/), so
 * zonectl proxies exactly the records `validate` lets be proxied: an A/AAAA whose address is
 * proxiable by the rule of `src/core/zonefile/rules/addresses.ts` (`classifyAddress`: not
 * private, loopback, link-local, CGNAT or otherwise reserved, not the service's own network),
 * and a CNAME that is not flattened (`flatten_cname` cannot go with `proxied`,
 * `src/core/zonefile/rules/record-settings.ts`). Pure.
 */
import { classifyAddress, parseIPv4, parseIPv6 } from '../model/address-classes.js';
import type { RecordType } from '../record-types/index.js';

export function proxiableOnImport(type: RecordType, content: string | undefined, flattenCname: boolean): boolean {
  if (type === 'CNAME') return !flattenCname;
  if (type !== 'A' && type !== 'AAAA') return false;
  const parsed = type === 'A' ? parseIPv4((content ?? '').trim()) : parseIPv6((content ?? '').trim());
  if (!parsed) return false;
  const cls = classifyAddress(parsed);
  return cls.proxiable && !cls.serviceNetwork;
}
