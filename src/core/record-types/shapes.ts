/**
 * Shapes several record types share, each made into a whole definition by the type's own file:
 * one address, one host name, numbers followed by key material, a service binding.
 */
import { classifyAddress, parseIPv4, parseIPv6 } from '../model/address-classes.js';
import { canonicalAddress } from '../model/addresses.js';
import { canonicalHostname } from '../model/names.js';
import { canonicalSvcParams } from '../model/svc-params.js';
import { dataFields, spaced, text, fqdn } from './fields.js';
import type { ContentTarget, ContentTypeDefinition, DataTypeDefinition } from './definition.js';
import { absoluteName, joinedFrom, readAs, readFailure, unsigned, unsignedWords } from './presentation.js';
import type { RecordType } from './record-type.js';

/**
 * A, AAAA: one address, compared in its canonical text (model/addresses.ts), written as it is.
 * The service refuses an address of the other family, one inside its own network, and a
 * proxied record whose address is private or reserved (model/address-classes.ts).
 */
export function addressType(type: 'A' | 'AAAA', description: string): ContentTypeDefinition {
  const family = type === 'A' ? 'IPv4' : 'IPv6';
  const parse = type === 'A' ? parseIPv4 : parseIPv6;
  const parseOther = type === 'A' ? parseIPv6 : parseIPv4;
  return {
    type,
    kind: 'content',
    canonicalContent: (content) => canonicalAddress(content),
    contentSchema: { description },
    present: (content) => content,
    read: ({ words }) => (words.length === 1 ? readAs({ content: words[0] }) : readFailure(`${type} needs one address`)),
    check: ({ written, record }, sink) => {
      const given = (written.content ?? '').trim();
      const parsed = parse(given);
      if (!parsed) {
        const hint = parseOther(given)
          ? ` (an ${type === 'A' ? 'IPv6' : 'IPv4'} address belongs in ${type === 'A' ? 'an AAAA' : 'an A'} record)`
          : '';
        sink.error(
          type === 'A' ? 'content.ipv4' : 'content.ipv6',
          ['content'],
          `${JSON.stringify(given)} is not an ${family} address${hint}`,
        );
        return;
      }
      const address = record.content ?? given;
      const cls = classifyAddress(parsed);
      if (cls.serviceNetwork) {
        sink.error(
          'content.service-network',
          ['content'],
          `${address} belongs to the service's own network; ${type} records may not point there`,
        );
        return;
      }
      if (record.proxied && !cls.proxiable) {
        const via = written.proxied === undefined ? ' (proxied through defaults.proxied)' : '';
        sink.error(
          'proxied.address',
          written.proxied === undefined ? ['content'] : ['proxied'],
          `${address} is a private, loopback, link-local or otherwise reserved address and cannot be proxied${via}; set proxied: false`,
        );
      }
    },
  };
}

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
 * presentation, model/svc-params.ts; empty for none). The service answers the target absolute
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
