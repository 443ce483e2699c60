/**
 * The record-type registry (src/core/record-types/index.ts): every type has its definition, built
 * on the service's facts, and a real sample. Each type's own behaviour (its presentation form read
 * back, its checks) is tested beside its name: address.test.ts, cname.test.ts, ..., and
 * simple-types.test.ts for the rows of simple-types.ts.
 */
import { describe, expect, it } from 'vitest';
import { DATA_FIELDS, RECORD_TYPES, RECORD_TYPE_DEFINITIONS } from '../../../src/core/record-types/index.js';
import { DATA_FIELD_FACTS } from '../../../src/facts/record-types.js';
import { bindRecords, recorded, samples } from './samples.js';

describe('the record-type registry', () => {
  it('has one definition for every type, under its own name', () => {
    expect(Object.keys(RECORD_TYPE_DEFINITIONS).sort()).toEqual([...RECORD_TYPES].sort());
    for (const type of RECORD_TYPES) expect(RECORD_TYPE_DEFINITIONS[type].type).toBe(type);
  });

  it("builds each type's data fields on the service's facts: the same names in the same order", () => {
    for (const type of RECORD_TYPES) {
      const definition = RECORD_TYPE_DEFINITIONS[type];
      const serviceFields = DATA_FIELD_FACTS[type]?.map((f) => f.name);
      if (definition.kind === 'data') {
        expect(
          definition.fields.map((f) => f.name),
          type,
        ).toEqual(serviceFields);
        expect(DATA_FIELDS[type], type).toBe(definition.fields);
      } else {
        expect(serviceFields, type).toBeUndefined();
        expect(DATA_FIELDS[type], type).toBeUndefined();
      }
    }
  });

  it('has a real sample record of every type', () => {
    expect(new Set(samples.map((r) => r.type))).toEqual(new Set(RECORD_TYPES));
    expect(recorded.length).toBeGreaterThan(30);
    expect(bindRecords('unrecorded-types.zone').map((r) => r.type)).toEqual(['DNSKEY', 'SMIMEA', 'CERT', 'OPENPGPKEY']);
  });
});
