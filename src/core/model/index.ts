export {
  DATA_FIELDS,
  RECORD_TYPES,
  isRecordType,
  renderDataContent,
  usesData,
  type DataField,
  type RecordType,
} from '../record-types/index.js';
export * from './record.js';
export * from './names.js';
export * from './txt-strings.js';
export * from './svc-params.js';
export * from './addresses.js';
export * from './normalize.js';
export * from './keys.js';
export * from './api-codec.js';
