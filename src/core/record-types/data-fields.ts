/**
 * A type's `data` fields: the service's (src/facts/record-types.ts: names, order, what each
 * holds), each with how zonectl compares it. Text is compared as given unless the service treats
 * it case-insensitively (`lowerCase`).
 */
import { DATA_FIELD_FACTS } from '../../facts/record-types.js';
import type { DataField } from './definition.js';
import type { RecordType } from './record-type.js';

export interface FieldOptions {
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
