/**
 * CNAME (RFC 1035 §3.3.1): one host name, `@` for the zone apex; not the root, not the record's
 * own name.
 */
import { canonicalHostname } from '../model/names.js';
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
};
