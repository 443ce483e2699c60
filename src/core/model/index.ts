/**
 * The canonical record and its primitives, named (src uses the files themselves; the tests and
 * benchmarks read the model through here). Record types: src/core/record-types.
 */
export type { CanonicalRecord, LiveRecord, RecordInput } from './record.js';
export { canonicalSvcParams } from '../record-types/index.js';
export {
  canonicalTxt,
  isFreeSplitTxt,
  parseTxtContent,
  renderTxtStrings,
  txtContentOf,
  txtContentToSend,
  txtStrings,
  txtText,
  txtToBytes,
} from './txt-strings.js';
export { normalizeRecord } from './normalize.js';
export { recordKey } from './keys.js';
export { fromApiRecord, toApiBody, type ApiRecord } from './api-codec.js';
