/**
 * MX (RFC 1035 §3.3.9): a top-level priority (src/facts/record-types.ts) and one mail
 * server host name; `.` is a null MX (RFC 7505).
 */
import { canonicalHostname } from '../model/names.js';
import type { ContentTypeDefinition } from './definition.js';
import { text } from './fields.js';
import { absoluteName, readAs, readFailure, unsigned } from './presentation.js';
import { answerName, fieldsOf } from './wire.js';

export const MX: ContentTypeDefinition = {
  type: 'MX',
  kind: 'content',
  wire: {
    code: 15,
    presentAnswer: (rdata) => {
      const d = fieldsOf(rdata);
      return `${d.preference} ${answerName(d.exchange)}`;
    },
  },
  canonicalContent: (content) => canonicalHostname(content),
  target: { what: 'mail server', allowRoot: true },
  followedTarget: { field: 'content', notAlias: true },
  contentSchema: { description: 'Mail server host name; `.` for a null MX.' },
  present: (content, priority) => `${text(priority)} ${absoluteName(content)}`,
  read: ({ words, host }) => {
    const priority = unsigned(words[0]);
    return words.length === 2 && priority !== undefined
      ? readAs({ priority, content: host(words[1]) })
      : readFailure('MX needs "priority host"');
  },
};
