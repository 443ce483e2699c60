/**
 * Each record type's own rules (its definition's `check`, src/core/record-types: A/AAAA addresses,
 * CNAME flattening with proxied, SRV's retired fields, TXT quotation and size), run on every
 * record, each problem at its place in the record.
 */
import { checkRecordOfType, type RecordProblemSink } from '../../record-types/index.js';
import type { PathSegment } from '../../text/index.js';
import type { Rule } from './context.js';

export const checkTypeRules: Rule = (ctx) => {
  // One sink for every record (the checks report synchronously), at the path of the record
  // being checked: no closures made for each record of a large zone.
  let path: readonly PathSegment[] = [];
  const sink: RecordProblemSink = {
    error: (code, at, message) => ctx.sink.error(code, [...path, ...at], message),
    warning: (code, at, message) => ctx.sink.warning(code, [...path, ...at], message),
  };
  for (const e of ctx.records) {
    path = e.path;
    checkRecordOfType({ written: e.raw, record: e.record }, sink);
  }
};
