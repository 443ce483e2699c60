/** URI (RFC 7553): a top-level priority (src/facts/record-types.ts), weight and a target URI (text, not a host name). */
import { dataFields, text, quoted } from './fields.js';
import type { DataTypeDefinition } from './definition.js';
import { quoteText, readAs, readFailure, unsignedWords } from './presentation.js';
import { bytesOf, quoteWire, u16 } from './wire.js';

export const URI: DataTypeDefinition = {
  type: 'URI',
  kind: 'data',
  wire: {
    code: 256,
    presentAnswer: (rdata) => {
      const b = bytesOf(rdata);
      return `${u16(b, 0)} ${u16(b, 2)} ${quoteWire(b.subarray(4))}`;
    },
  },
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
