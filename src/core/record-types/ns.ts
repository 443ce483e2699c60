/** NS (RFC 1035 §3.3.11): one name server host name (a delegation below the apex). */
import { hostNameType } from './shapes.js';

export const NS = hostNameType('NS', { what: 'name server', allowRoot: false }, 'Name server host name (delegation of a subdomain).');
