/**
 * Shapes several record types share, each made into a whole definition by simple-types.ts or a
 * type's own file: one host name, numbers followed by key material. (A service binding,
 * HTTPS and SVCB, is service-binding.ts.)
 */
import { canonicalHostname } from '../model/names.js';
import { dataFields, spaced } from './fields.js';
import type { ContentTarget, ContentTypeDefinition, DataTypeDefinition } from './definition.js';
import { absoluteName, joinedFrom, readAs, readFailure, unsignedWords } from './presentation.js';
import type { RecordType } from './record-type.js';
import { answerName, type WireForm } from './wire.js';

/** The wire numbers of the host name types (RFC 1035 §3.2.2). */
const HOST_NAME_CODES = { CNAME: 5, NS: 2, PTR: 12 } as const;

/** CNAME, NS, PTR: one host name, compared lower-case in punycode without its trailing dot, written absolute. */
export function hostNameType(type: 'CNAME' | 'NS' | 'PTR', target: ContentTarget, description: string): ContentTypeDefinition {
  return {
    type,
    kind: 'content',
    wire: { code: HOST_NAME_CODES[type], presentAnswer: (rdata) => answerName(rdata) },
    canonicalContent: (content) => canonicalHostname(content),
    target,
    contentSchema: { description },
    present: (content) => absoluteName(content),
    read: ({ words, host }) => (words.length === 1 ? readAs({ content: host(words[0]) }) : readFailure(`${type} needs one host name`)),
  };
}

/**
 * DS, DNSKEY, SSHFP, TLSA, SMIMEA, CERT: numbers, then hex or base64 data, which presentation
 * form may write in pieces; the service's content and presentation form alike are the fields in
 * order.
 */
export function numbersThenDataType(type: RecordType, needs: string, wire: WireForm): DataTypeDefinition {
  const fields = dataFields(type);
  const inOrder = spaced(fields);
  const count = fields.length - 1;
  return {
    type,
    kind: 'data',
    wire,
    fields,
    renderContent: inOrder,
    present: (data) => inOrder(data),
    read: ({ words }) => {
      const numbers = unsignedWords(words, count);
      if (words.length < fields.length || numbers === undefined) return readFailure(needs);
      const data: Record<string, string | number> = {};
      for (let i = 0; i < count; i += 1) data[fields[i].name] = numbers[i];
      data[fields[count].name] = joinedFrom(words, count);
      return readAs({ data });
    },
  };
}
