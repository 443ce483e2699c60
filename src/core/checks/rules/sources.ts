/**
 * The sources the zone-file rules' checks name (check.ts, `CheckSource`): the service's pages
 * several checks cite, and the constructors of a source. Pure.
 */
import type { CheckSource, RefusalSource } from '../check.js';

export const E = 'error';
export const W = 'warning';
export const EW = 'error or warning';
export const RECORD_TYPES_DOC = 'developers.cloudflare.com/dns/manage-dns-records/reference/dns-record-types/';
export const SAME_NAME_DOC = 'developers.cloudflare.com/dns/manage-dns-records/troubleshooting/records-with-same-name/';
export const PROXY_DOC = 'developers.cloudflare.com/dns/proxy-status/';
export const DEPRECATIONS_DOC = 'developers.cloudflare.com/fundamentals/api/reference/deprecations/';
export const TOKENS_DOC = 'developers.cloudflare.com/fundamentals/api/how-to/create-via-api/';
export const ARCHITECTURE = 'docs/architecture.md, "Where each rule lives"';
export const SHADOWED_DOC = 'developers.cloudflare.com/dns/manage-dns-records/reference/shadowed-records/';
export const TTL_DOC = 'https://developers.cloudflare.com/dns/manage-dns-records/reference/ttl/';
/** The API reference of a record write: field descriptions (name, content, ttl, settings) of each type. */
export const RECORD_API_DOC = 'https://developers.cloudflare.com/api/typescript/resources/dns/subresources/records/methods/create/';
export const TOKENS_API_DOC = `https://${TOKENS_DOC}`;

export const doc = (url: string): RefusalSource => ({ kind: 'doc', url: url.startsWith('https://') ? url : `https://${url}` });
export const answer = (where: string): RefusalSource => ({ kind: 'answer', where });
export const protocol = (rfc: string): RefusalSource => ({ kind: 'protocol', rfc });
export const file = (why: string): RefusalSource => ({ kind: 'file', why });
/** What resolvers do (warnings only). */
export const rfc = (section: string): CheckSource => ({ kind: 'rfc', rfc: section });
/** The plans index's `dns.record_tags` (availability per plan, name and value lengths, tags per record). */
export const RECORD_ATTRIBUTES_DOC = 'https://developers.cloudflare.com/dns/manage-dns-records/reference/record-attributes/';
export const PRIVATE_ROUTING_DOC = 'https://developers.cloudflare.com/dns/manage-dns-records/how-to/private-network-routing/';
export const WILDCARD_DOC = 'https://developers.cloudflare.com/dns/manage-dns-records/reference/wildcard-dns-records/';
