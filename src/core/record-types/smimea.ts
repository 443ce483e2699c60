/** SMIMEA (RFC 8162 §2): TLSA's form (usage, selector, matching type, data in hex) for S/MIME certificates. */
import { numbersThenDataType } from './shapes.js';

export const SMIMEA = numbersThenDataType('SMIMEA', 'SMIMEA needs "usage selector matching_type data"');
