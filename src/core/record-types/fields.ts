/**
 * A type's `data` fields, from the service's facts (src/facts/record-types.ts: names, order, what
 * each holds) with how zonectl compares each, and the pieces of the service's `content`
 * rendering of `data` that several types share. The emulator renders on its own
 * (src/emulator/records/types/, its own type registry), so that each side checks the other.
 */
import { DATA_FIELD_FACTS } from '../../facts/record-types.js';
import type { RecordData } from '../model/record.js';
import type { DataField } from './definition.js';
import type { RecordType } from './record-type.js';

interface FieldOptions {
  /** Text fields compared lower-case (the service treats them so: CAA tag). */
  readonly lowerCase?: readonly string[];
  /** Text fields whose empty string is meaningful. */
  readonly mayBeEmpty?: readonly string[];
}

/** The data fields of `type`, from the service's facts; a name in `options` that is not one of them is a mistake. */
export function dataFields(type: RecordType, options: FieldOptions = {}): readonly DataField[] {
  const facts = DATA_FIELD_FACTS[type];
  if (facts === undefined) throw new Error(`the service has no data fields for ${type}`);
  const lowerCase = options.lowerCase ?? [];
  const mayBeEmpty = options.mayBeEmpty ?? [];
  for (const name of [...lowerCase, ...mayBeEmpty]) {
    if (!facts.some((f) => f.name === name)) throw new Error(`${type} has no data field ${name}`);
  }
  return facts.map((f) => ({
    ...f,
    ...(lowerCase.includes(f.name) ? { lowerCase: true as const } : {}),
    ...(mayBeEmpty.includes(f.name) ? { mayBeEmpty: true as const } : {}),
  }));
}

/** A field as text; a missing one is empty. */
export const text = (v: unknown): string => String(v ?? '');

/** The fields in their order, as text, separated by spaces (DS, DNSKEY, SSHFP, TLSA, SMIMEA, CERT). */
export function spaced(fields: readonly DataField[]): (data: RecordData) => string {
  const names = fields.map((f) => f.name);
  return (data) => names.map((name) => text(data[name])).join(' ');
}

/** A field between double quotes, as the service writes CAA values, URI targets and NAPTR strings (not escaped). */
export const quoted = (v: unknown): string => `"${text(v)}"`;

/** A host name as the service renders it in `content`: absolute, with its trailing dot ("" and "." stay). */
export function fqdn(v: unknown): string {
  const h = text(v);
  return h === '' || h.endsWith('.') ? h : `${h}.`;
}
