/** OPENPGPKEY records (src/core/record-types/openpgpkey.ts). */
import { describe, it } from 'vitest';
import { expectPresentationReadsBack } from './samples.js';

describe('OPENPGPKEY presentation form', () => {
  it('OPENPGPKEY: presentation form reads back as the value it was written from', () => expectPresentationReadsBack('OPENPGPKEY'));
});
