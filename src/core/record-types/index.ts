/**
 * The registry of record types, and the one door to them: each type's definition (its own file,
 * or a row of simple-types.ts) and the lookups the rest of zonectl dispatches through instead of
 * a switch of its own. The emulator has its own per-type code (src/emulator/records).
 */ import type { CanonicalRecord, RecordData } from '../model/record.js';
import { A, AAAA } from './address.js';
import { CAA } from './caa.js';
import { CNAME } from './cname.js';
import type { DataField, RecordProblemSink, RecordToCheck, RecordTypeDefinition } from './definition.js';
import { text } from './fields.js';
import { LOC } from './loc.js';
import { MX } from './mx.js';
import { NAPTR } from './naptr.js';
import { OPENPGPKEY } from './openpgpkey.js';
import { RECORD_TYPES, type RecordType } from './record-type.js';
import { HTTPS, SVCB } from './service-binding.js';
import { SIMPLE_TYPES } from './simple-types.js';
import { SRV } from './srv.js';
import { TXT } from './txt.js';
import { URI } from './uri.js';

export { RECORD_TYPES, isRecordType, type RecordType } from './record-type.js';
export { HOST_NAME_RULE_TYPES, PROXIABLE_TYPES, TOP_LEVEL_PRIORITY_TYPES } from '../../facts/record-types.js';
export type {
  ContentTarget,
  ContentTypeDefinition,
  DataField,
  DataTypeDefinition,
  FollowedTarget,
  RdataInput,
  RdataReading,
  RdataToken,
  RecordProblemSink,
  RecordToCheck,
  RecordTypeDefinition,
  RecordValue,
} from './definition.js';
export { flattenedCname } from './cname.js';
export { absoluteName } from './presentation.js';
export { canonicalSvcParams } from './svc-params.js';

/** Every type's definition: the type forces one for each of RECORD_TYPES. */
export const RECORD_TYPE_DEFINITIONS: Readonly<Record<RecordType, RecordTypeDefinition>> = {
  ...SIMPLE_TYPES,
  A,
  AAAA,
  CNAME,
  MX,
  TXT,
  CAA,
  SRV,
  URI,
  NAPTR,
  LOC,
  OPENPGPKEY,
  HTTPS,
  SVCB,
};

export function definitionOf(type: RecordType): RecordTypeDefinition {
  return RECORD_TYPE_DEFINITIONS[type];
}

/**
 * Data fields per structured type, in the order the service renders them into `content`, each
 * with the way zonectl compares it; no entry for the types whose value is `content`.
 */
export const DATA_FIELDS: Readonly<Partial<Record<RecordType, readonly DataField[]>>> = Object.fromEntries(
  RECORD_TYPES.flatMap((type) => {
    const definition = RECORD_TYPE_DEFINITIONS[type];
    return definition.kind === 'data' ? [[type, definition.fields]] : [];
  }),
);

/** The type's value is structured `data` (else one `content` string). */
export function usesData(type: RecordType): boolean {
  return RECORD_TYPE_DEFINITIONS[type].kind === 'data';
}

/**
 * The service's read-only rendering of structured `data` as `content` (e.g. SRV
 * "weight port target"). Used by the content-size rule (zonefile/rules/record-size.ts) and by
 * text output (drift/describe-record.ts).
 */
export function renderDataContent(type: RecordType, data: RecordData): string {
  const definition = RECORD_TYPE_DEFINITIONS[type];
  return definition.kind === 'data' ? definition.renderContent(data) : Object.values(data).map(text).join(' ');
}

/** The RDATA of a canonical record in DNS presentation form, as a BIND zone file writes it. */
export function presentRdata(r: Pick<CanonicalRecord, 'type' | 'content' | 'data' | 'priority'>): string {
  const definition = RECORD_TYPE_DEFINITIONS[r.type];
  return definition.kind === 'data' ? definition.present(r.data ?? {}, r.priority) : definition.present(r.content ?? '', r.priority);
}

/** `content` as zonectl sends it (TXT: printable ASCII, split at 255 bytes), or the service's rendering of `data`. */
export function contentAsSent(r: Pick<CanonicalRecord, 'type' | 'content' | 'data'>): string {
  const definition = RECORD_TYPE_DEFINITIONS[r.type];
  if (definition.kind === 'data') return definition.renderContent(r.data ?? {});
  const content = r.content ?? '';
  return definition.contentToSend?.(content) ?? content;
}

/** A record's `content` as a zone file writes it (export, import). */
export function contentInZoneFile(r: Pick<CanonicalRecord, 'type' | 'content'>): string {
  const definition = RECORD_TYPE_DEFINITIONS[r.type];
  const content = r.content ?? '';
  return definition.kind === 'content' ? (definition.contentInZoneFile?.(content) ?? content) : content;
}

/** The type's own checks of one record (its definition's `check`), problems at paths inside the record. */
export function checkRecordOfType(r: RecordToCheck, sink: RecordProblemSink): void {
  RECORD_TYPE_DEFINITIONS[r.record.type].check?.(r, sink);
}

/** The per-record settings only some types have, with the types that have each (`flatten_cname`: CNAME). */
export const OWN_SETTINGS: ReadonlyMap<string, readonly RecordType[]> = new Map(
  RECORD_TYPES.flatMap((type) => (RECORD_TYPE_DEFINITIONS[type].ownSettings ?? []).map((s) => [s.name, type] as const)).reduce(
    (m, [name, type]) => m.set(name, [...(m.get(name) ?? []), type]),
    new Map<string, RecordType[]>(),
  ),
);

const TYPE_OF_WIRE_CODE: ReadonlyMap<number, RecordType> = new Map(
  RECORD_TYPES.map((type) => [RECORD_TYPE_DEFINITIONS[type].wire.code, type]),
);

/** A record type's number on the wire (a DNS question, an answer's TYPE). */
export function wireCodeOf(type: RecordType): number {
  return RECORD_TYPE_DEFINITIONS[type].wire.code;
}

/** The record type a wire number stands for; undefined for a type no record of the service has. */
export function typeOfWireCode(code: number): RecordType | undefined {
  return TYPE_OF_WIRE_CODE.get(code);
}

/** An answer's RDATA, as the DNS client (dns-packet) decodes it, in presentation form (`resolve`, `wait-dns`). */
export function presentAnswerRdata(type: RecordType, rdata: unknown): string {
  return RECORD_TYPE_DEFINITIONS[type].wire.presentAnswer(rdata);
}
