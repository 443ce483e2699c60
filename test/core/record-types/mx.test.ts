/** MX records (src/core/record-types/mx.ts). */
import { describe, it } from 'vitest';
import { expectPresentationReadsBack } from './samples.js';

describe('MX presentation form', () => {
  it('MX: presentation form reads back as the value it was written from', () => expectPresentationReadsBack('MX'));
});
