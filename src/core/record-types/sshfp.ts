/** SSHFP (RFC 4255 §3.2): algorithm, fingerprint type, fingerprint (hex). */
import { numbersThenDataType } from './shapes.js';

export const SSHFP = numbersThenDataType('SSHFP', 'SSHFP needs "algorithm type fingerprint"');
