/**
 * A type's `data` fields: the service's (src/core/service/record-types.ts: names, order, what
 * each holds), each with the way zonectl compares it. Text is compared as given unless the
 * service treats it case-insensitively (`lowerCase`).
 */
import { SERVICE_DATA_FIELDS, type DataFieldShape } from '../service/record-types.js';
import type { DataField, DataFieldKind } from './definition.js';
import type { RecordType } from './record-type.js';

export interface FieldOptions {
  /** Text fields compared lower-case (the service treats them so: CAA tag). */
  readonly lowerCase?: readonly string[];
  /** Text fields whose empty string is meaningful. */
  readonly mayBeEmpty?: readonly string[];
}

function comparedAs(shape: DataFieldShape, lowerCase: boolean): DataFieldKind {
  if (shape.kind !== 'text') return shape;
  return lowerCase ? { kind: 'lower' } : { kind: 'string' };
}

/** The data fields of `type`, from the service's facts; a name in `options` that is not one of them is a mistake. */
export function dataFields(type: RecordType, options: FieldOptions = {}): readonly DataField[] {
  const facts = SERVICE_DATA_FIELDS[type];
  if (facts === undefined) throw new Error(`the service has no data fields for ${type}`);
  const lowerCase = options.lowerCase ?? [];
  const mayBeEmpty = options.mayBeEmpty ?? [];
  for (const name of [...lowerCase, ...mayBeEmpty]) {
    if (!facts.some((f) => f.name === name)) throw new Error(`${type} has no data field ${name}`);
  }
  return facts.map((f) => ({
    name: f.name,
    type: comparedAs(f.shape, lowerCase.includes(f.name)),
    ...(mayBeEmpty.includes(f.name) ? { mayBeEmpty: true as const } : {}),
  }));
}
