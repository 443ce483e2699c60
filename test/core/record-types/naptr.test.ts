/** NAPTR records (src/core/record-types/naptr.ts). */
import { describe, it } from 'vitest';
import { expectPresentationReadsBack } from './samples.js';

describe('NAPTR presentation form', () => {
  it('NAPTR: presentation form reads back as the value it was written from', () => expectPresentationReadsBack('NAPTR'));
});
