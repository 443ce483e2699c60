/** DNSKEY (RFC 4034 §2.2): flags, protocol, algorithm, public key (base64). */
import { numbersThenDataType } from './shapes.js';

export const DNSKEY = numbersThenDataType('DNSKEY', 'DNSKEY needs "flags protocol algorithm key"');
