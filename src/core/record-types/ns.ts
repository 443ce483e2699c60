/** NS (RFC 1035 §3.3.11): one name server host name (a delegation below the apex). */
import type { ContentTypeDefinition } from './definition.js';
import { hostNameType } from './shapes.js';

export const NS: ContentTypeDefinition = {
  ...hostNameType('NS', { what: 'name server', allowRoot: false }, 'Name server host name (delegation of a subdomain).'),
  followedTarget: { field: 'content', notAlias: true },
};
