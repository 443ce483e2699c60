/**
 * The record types zonectl manages: the service's list (src/facts/record-types.ts, shared with
 * the emulator), under its one name, and the guard that reads one from text. Its own module so
 * that model/record.ts can name the type without importing the registry.
 */
import { RECORD_TYPES, type RecordType } from '../../facts/record-types.js';

export { RECORD_TYPES, type RecordType };

export function isRecordType(value: unknown): value is RecordType {
  return typeof value === 'string' && (RECORD_TYPES as readonly string[]).includes(value);
}
