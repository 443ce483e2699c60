/**
 * TXT (RFC 1035 §3.3.14): the strings the record holds, compared and written in their canonical
 * quoted form (model/txt-strings.ts); the empty text is a value.
 */
import { canonicalTxt, renderTxtStrings, txtContentToSend } from '../model/txt-strings.js';
import type { ContentTypeDefinition } from './definition.js';
import { readAs } from './presentation.js';

export const TXT: ContentTypeDefinition = {
  type: 'TXT',
  kind: 'content',
  canonicalContent: (content) => canonicalTxt(content),
  contentSchema: {
    description:
      'Text. Written unquoted, or as one or more "double-quoted" strings; long text is split into 255-byte strings automatically.',
    mayBeEmpty: true,
  },
  present: (content) => txtContentToSend(canonicalTxt(content)),
  // The character-strings as written, each one string of the content.
  read: ({ tokens }) => readAs({ content: renderTxtStrings(tokens.map((t) => t.bytes)) }),
};
