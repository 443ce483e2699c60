/**
 * CNAME (RFC 1035 §3.3.1): one host name, `@` for the zone apex; not the root, not the record's
 * own name. Flattening (developers.cloudflare.com/dns/cname-flattening/): the service answers a
 * flattened CNAME with its target's addresses; it flattens one at the apex always, all of a zone
 * with `flatten_all_cnames`, and one record with its `settings.flatten_cname` (paid tiers). A
 * proxied CNAME is always flattened: the service ignores the flag there silently, so a plan would
 * ask for it on every run (DNSControl PR #4026), hence refused with `proxied`.
 */
import { canonicalHostname } from '../model/names.js';
import type { CanonicalRecord } from '../model/record.js';
import type { ContentTypeDefinition } from './definition.js';
import { hostNameType } from './shapes.js';

const asHostName = hostNameType(
  'CNAME',
  { what: 'CNAME target', allowRoot: false, notItsOwnName: true },
  'Target host name (fully qualified; `@` means the zone apex).',
);

export const CNAME: ContentTypeDefinition = {
  ...asHostName,
  followedTarget: { field: 'content' },
  canonicalContent: (content, zone) => (content.trim() === '@' ? canonicalHostname(zone) : canonicalHostname(content)),
  ownSettings: [
    {
      name: 'flatten_cname',
      description:
        "Flatten this CNAME (answer with the target's addresses; paid plans). Not with proxied: true, which the service ignores it for. Managed only when set.",
    },
  ],
  check: ({ written, record }, sink) => {
    if (written.settings?.flatten_cname !== true || !record.proxied) return;
    const via = written.proxied === undefined ? ' (proxied through defaults.proxied)' : '';
    sink.error(
      'settings.flatten-proxied',
      ['settings', 'flatten_cname'],
      `flatten_cname cannot be used with proxied: true${via}: a proxied CNAME is always flattened, the service ignores the flag, and every plan would show it again; remove flatten_cname or set proxied: false`,
    );
  },
};

/** The service flattens this CNAME whatever its target: at the apex, with `flatten_all_cnames`, or by its own flag. */
export function flattenedCname(cname: Pick<CanonicalRecord, 'name' | 'settings'>, zone: string, flattenAllCnames: boolean): boolean {
  return cname.name === zone || flattenAllCnames || cname.settings?.flatten_cname === true;
}
