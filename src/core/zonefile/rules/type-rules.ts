/**
 * Each record type's own rules (its definition's `check`, src/core/record-types: A/AAAA addresses,
 * CNAME flattening with proxied, SRV's retired fields, TXT quotation and size), run on every
 * record, each problem at its place in the record.
 */
import { checkRecordOfType } from '../../record-types/index.js';
import type { Rule } from './context.js';

export const checkTypeRules: Rule = (ctx) => {
  for (const e of ctx.records) {
    checkRecordOfType(
      { written: e.raw, record: e.record },
      {
        error: (code, at, message) => ctx.sink.error(code, [...e.path, ...at], message),
        warning: (code, at, message) => ctx.sink.warning(code, [...e.path, ...at], message),
      },
    );
  }
};
