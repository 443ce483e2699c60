/** PTR (RFC 1035 §3.3.12): one host name. */
import { hostNameType } from './shapes.js';

export const PTR = hostNameType('PTR', { what: 'PTR target', allowRoot: false }, 'Target host name.');
