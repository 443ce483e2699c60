/** DS (RFC 4034 §5.3): key tag, algorithm, digest type, digest (hex). */
import { numbersThenDataType } from './shapes.js';

export const DS = numbersThenDataType('DS', 'DS needs "key_tag algorithm digest_type digest"');
