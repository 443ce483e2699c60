/**
 * A stored record's RDATA in wire form and the types' numbers, for the DNS server and resolver:
 * each type's own entry in the emulator's type registry (src/emulator/records/types/), plus SOA,
 * which no stored record is (the server synthesizes it).
 */
import { RECORD_TYPES, type RecordType } from '../../facts/record-types.js';
import { EMULATOR_RECORD_TYPES } from '../records/types/index.js';

export { ipv4Bytes, ipv6Bytes, rdataOf } from '../records/types/index.js';

/** IANA type numbers of the types the service serves (plus SOA). */
export const TYPE_NUMBERS: Readonly<Record<RecordType | 'SOA', number>> = {
  ...(Object.fromEntries(RECORD_TYPES.map((type) => [type, EMULATOR_RECORD_TYPES[type].code])) as Record<RecordType, number>),
  SOA: 6,
};
