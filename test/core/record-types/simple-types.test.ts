/** The record types that are rows of src/core/record-types/simple-types.ts. */
import { describe, it } from 'vitest';
import { SIMPLE_TYPES } from '../../../src/core/record-types/simple-types.js';
import type { RecordType } from '../../../src/core/record-types/index.js';
import { expectPresentationReadsBack } from './samples.js';

describe('the simple types', () => {
  it.each(Object.keys(SIMPLE_TYPES) as RecordType[])('%s: presentation form reads back as the value it was written from', (type) =>
    expectPresentationReadsBack(type),
  );
});
