/** URI records (src/core/record-types/uri.ts). */
import { describe, it } from 'vitest';
import { expectPresentationReadsBack } from './samples.js';

describe('URI presentation form', () => {
  it('URI: presentation form reads back as the value it was written from', () => expectPresentationReadsBack('URI'));
});
