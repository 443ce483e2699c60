/** CERT (RFC 4398 §2.2): type, key tag, algorithm (read as numbers only), certificate (base64). */
import { numbersThenDataType } from './shapes.js';

export const CERT = numbersThenDataType('CERT', 'CERT needs "type key_tag algorithm certificate" (numeric type and algorithm)');
