/**
 * The record types zonectl manages: the service's list (src/core/service/record-types.ts, from
 * the data shared with the emulator), and the guard that reads one from text.
 */
import { SERVICE_RECORD_TYPES } from '../service/record-types.js';

export const RECORD_TYPES = SERVICE_RECORD_TYPES;

export type RecordType = (typeof RECORD_TYPES)[number];

export function isRecordType(value: unknown): value is RecordType {
  return typeof value === 'string' && (RECORD_TYPES as readonly string[]).includes(value);
}
