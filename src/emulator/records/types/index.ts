/**
 * The emulator's registry of record types: one entry per type the service serves (the list is
 * src/facts/record-types.ts), each defined in the file of its group here; the DNS server, the
 * resolver, the record store and the BIND zone file's reader and writer (src/emulator/bind) look a
 * type up here instead of a switch of their own. The
 * emulator's own code: it shares nothing with zonectl's record types (src/core/record-types)
 * but the facts.
 */
import type { RecordType } from '../../../facts/record-types.js';
import type { RecordRow, StoredData } from '../record-row.js';
import { A, AAAA } from './address.js';
import type { EmulatorRecordType } from './definition.js';
import { CNAME, MX, NS, PTR } from './host-names.js';
import { CERT, DNSKEY, DS, OPENPGPKEY, SMIMEA, SSHFP, TLSA } from './keys.js';
import { LOC } from './loc.js';
import { HTTPS, SRV, SVCB } from './services.js';
import { CAA, NAPTR, TXT, URI } from './text.js';

export type { EmulatorRecordType } from './definition.js';
export { ipv4Bytes, ipv6Bytes } from './address.js';
export { absoluteHost, type ZoneFileToken, type ZoneFileValue } from './zone-file-text.js';

/** Every type's entry: the type forces one for each type of the facts. */
export const EMULATOR_RECORD_TYPES: Readonly<Record<RecordType, EmulatorRecordType>> = {
  A,
  AAAA,
  CNAME,
  NS,
  PTR,
  MX,
  TXT,
  CAA,
  URI,
  NAPTR,
  SRV,
  SVCB,
  HTTPS,
  DS,
  DNSKEY,
  SSHFP,
  TLSA,
  SMIMEA,
  CERT,
  OPENPGPKEY,
  LOC,
};

/** A stored record's RDATA in wire form. */
export function rdataOf(r: RecordRow): Buffer {
  return EMULATOR_RECORD_TYPES[r.type].rdata(r);
}

/** `content` of a type whose value is `data`: the service's read-only rendering of it. */
export function renderDataContent(type: RecordType, d: StoredData): string {
  return (
    EMULATOR_RECORD_TYPES[type].content?.(d) ??
    Object.values(d)
      .map((v) => String(v ?? ''))
      .join(' ')
  );
}
