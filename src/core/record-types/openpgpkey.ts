/** OPENPGPKEY (RFC 7929): one base64 key, which presentation form may write in pieces. */
import type { ContentTypeDefinition } from './definition.js';
import { joinedFrom, readAs, readFailure } from './presentation.js';
import { base64, bytesOf } from './wire.js';

export const OPENPGPKEY: ContentTypeDefinition = {
  type: 'OPENPGPKEY',
  kind: 'content',
  wire: { code: 61, presentAnswer: (rdata) => base64(bytesOf(rdata)) },
  canonicalContent: (content) => content.trim(),
  // The service refuses a key that is not base64 (white space aside).
  contentSchema: {
    description: 'Base64 OpenPGP key.',
    pattern: { regex: '^\\s*[A-Za-z0-9+/][A-Za-z0-9+/\\s]*[=\\s]*$', error: 'must be base64' },
  },
  present: (content) => content,
  read: ({ words }) => (words.length > 0 ? readAs({ content: joinedFrom(words, 0) }) : readFailure('OPENPGPKEY needs a key')),
};
