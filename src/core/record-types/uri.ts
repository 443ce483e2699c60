/** URI (RFC 7553): a top-level priority (src/facts/record-types.ts), weight and a target URI (text, not a host name). */
import { dataFields, text, quoted } from './fields.js';
import type { DataTypeDefinition } from './definition.js';
import { quoteText, readAs, readFailure, unsignedWords } from './presentation.js';

export const URI: DataTypeDefinition = {
  type: 'URI',
  kind: 'data',
  fields: dataFields('URI'),
  priorityOutsideContent: true,
  fieldDescriptions: { target: 'Target URI.' },
  renderContent: (d) => `${text(d.weight)} ${quoted(d.target)}`,
  present: (d, priority) => `${text(priority)} ${text(d.weight)} ${quoteText(text(d.target))}`,
  read: ({ words }) => {
    const n = unsignedWords(words, 2);
    return words.length === 3 && n
      ? readAs({ priority: n[0], data: { weight: n[1], target: words[2] } })
      : readFailure('URI needs "priority weight target"');
  },
};
