/** LOC records (src/core/record-types/loc.ts). */
import { describe, it } from 'vitest';
import { expectPresentationReadsBack } from './samples.js';

describe('LOC presentation form', () => {
  it('LOC: presentation form reads back as the value it was written from', () => expectPresentationReadsBack('LOC'));
});
