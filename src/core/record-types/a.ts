/** A (RFC 1035 §3.4.1): one IPv4 address. */
import { addressType } from './shapes.js';

export const A = addressType('A', 'IPv4 address, e.g. 192.0.2.10.');
