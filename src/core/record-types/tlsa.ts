/** TLSA (RFC 6698 §2.2): certificate usage, selector, matching type, certificate association data (hex). */
import { numbersThenDataType } from './shapes.js';

export const TLSA = numbersThenDataType('TLSA', 'TLSA needs "usage selector matching_type data"');
