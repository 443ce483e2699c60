/**
 * Shapes several record types share, each made into a whole definition by simple-types.ts or a
 * type's own file: one host name, numbers followed by key material, a service binding.
 */
import { canonicalHostname } from '../model/names.js';
import { canonicalSvcParams } from './svc-params.js';
import { dataFields, spaced, text, fqdn } from './fields.js';
import type { ContentTarget, ContentTypeDefinition, DataTypeDefinition } from './definition.js';
import { absoluteName, joinedFrom, readAs, readFailure, unsigned, unsignedWords } from './presentation.js';
import type { RecordType } from './record-type.js';

/** CNAME, NS, PTR: one host name, compared lower-case in punycode without its trailing dot, written absolute. */
export function hostNameType(type: 'CNAME' | 'NS' | 'PTR', target: ContentTarget, description: string): ContentTypeDefinition {
  return {
    type,
    kind: 'content',
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
export function numbersThenDataType(type: RecordType, needs: string): DataTypeDefinition {
  const fields = dataFields(type);
  const inOrder = spaced(fields);
  const count = fields.length - 1;
  return {
    type,
    kind: 'data',
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

/**
 * HTTPS, SVCB (RFC 9460): priority, target, SvcParams (compared in their canonical
 * presentation, svc-params.ts; empty for none). The service answers the target absolute
 * (`1 . alpn="h3,h2"`, caddyserver/caddy#7301).
 */
export function serviceBindingType(type: 'HTTPS' | 'SVCB'): DataTypeDefinition {
  return {
    type,
    kind: 'data',
    fields: dataFields(type, { mayBeEmpty: ['value'] }),
    canonicalText: { value: canonicalSvcParams },
    renderContent: (d) => [text(d.priority), fqdn(d.target), text(d.value)].filter((x) => x !== '').join(' '),
    present: (d) => [text(d.priority), absoluteName(text(d.target)), text(d.value).trim()].filter((x) => x !== '').join(' '),
    read: ({ words, tokens, host }) => {
      const priority = unsigned(words[0]);
      if (priority === undefined || words.length < 2) return readFailure(`${type} needs "priority target [params]"`);
      const value = tokens
        .slice(2)
        .map((t) => t.raw)
        .join(' ');
      return readAs({ data: { priority, target: host(words[1]), value } });
    },
  };
}
