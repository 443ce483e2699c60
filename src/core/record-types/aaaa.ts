/** AAAA (RFC 3596): one IPv6 address, compared in its compressed form (RFC 5952). */
import { addressType } from './shapes.js';

export const AAAA = addressType('AAAA', 'IPv6 address, e.g. 2001:db8::10 (compared in compressed form).');
