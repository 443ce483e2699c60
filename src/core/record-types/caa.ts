/** CAA (RFC 8659): flags, a tag compared lower-case, and a value that may be empty. */
import { dataFields, text, quoted } from './fields.js';
import type { DataTypeDefinition } from './definition.js';
import { quoteText, readAs, readFailure, unsigned } from './presentation.js';
import { fieldsOf, quoteField } from './wire.js';

export const CAA: DataTypeDefinition = {
  type: 'CAA',
  kind: 'data',
  wire: {
    code: 257,
    presentAnswer: (rdata) => {
      const d = fieldsOf(rdata);
      return `${d.flags} ${d.tag} ${quoteField(d.value)}`;
    },
  },
  fields: dataFields('CAA', { lowerCase: ['tag'], mayBeEmpty: ['value'] }),
  renderContent: (d) => `${text(d.flags)} ${text(d.tag)} ${quoted(d.value)}`,
  present: (d) => `${text(d.flags)} ${text(d.tag)} ${quoteText(text(d.value))}`,
  read: ({ words }) => {
    const flags = unsigned(words[0]);
    return words.length === 3 && flags !== undefined
      ? readAs({ data: { flags, tag: words[1], value: words[2] } })
      : readFailure('CAA needs "flags tag value"');
  },
};
