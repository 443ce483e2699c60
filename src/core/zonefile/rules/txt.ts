/** TXT content: quotation must be consistent (unquoted text, or a sequence of "..." strings). */
import { parseTxtContent } from '../../model/txt.js';
import type { Rule } from './context.js';

export const checkTxtQuotation: Rule = (ctx) => {
  for (const e of ctx.records) {
    if (e.record.type !== 'TXT') continue;
    const parsed = parseTxtContent(e.raw.content ?? '');
    if (!parsed.ok) {
      ctx.sink.error(
        'txt.quotation',
        [...e.path, 'content'],
        `inconsistent quotation in TXT content: ${parsed.reason}; write the text without quotes, or as one or more "..." strings`,
      );
    }
  }
};
