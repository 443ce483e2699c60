/** CAA records (src/core/record-types/caa.ts). */
import { describe, it } from 'vitest';
import { expectPresentationReadsBack } from './samples.js';

describe('CAA presentation form', () => {
  it('CAA: presentation form reads back as the value it was written from', () => expectPresentationReadsBack('CAA'));
});
