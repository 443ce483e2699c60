/**
 * RDATA tokens of one resource record -> the zone file's fields for that type (`content`,
 * `data`, `priority`), host names made absolute against the origin. Each type reads its RFC's
 * presentation form itself (src/core/record-types); this is the master file's side: the type
 * named, generic RDATA refused, names relative to the origin. Pure.
 */
import { definitionOf, isRecordType, type RecordType, type RecordValue as TypedValue } from '../record-types/index.js';
import { resolveName } from './parse-master-file.js';
import { tokenText, type Token } from './tokenize.js';

export interface RecordValue extends TypedValue {
  readonly type: RecordType;
}

export type ReadRdataResult = { ok: true; value: RecordValue } | { ok: false; message: string };

/** Reads the RDATA of a record of a type zonectl manages. */
export function readRdata(typeName: string, rdata: readonly Token[], origin: string): ReadRdataResult {
  if (!isRecordType(typeName)) return { ok: false, message: `type ${typeName} is not one zonectl manages` };
  const type = typeName;
  if (rdata[0]?.raw === '\\#')
    return { ok: false, message: `generic RDATA (\\#) for ${type} is not supported: write it in the type's own form` };
  const read = definitionOf(type).read({
    words: rdata.map(tokenText),
    tokens: rdata,
    host: (text) => resolveName(text, origin) || '.',
  });
  return read.ok ? { ok: true, value: { type, ...read.value } } : read;
}
