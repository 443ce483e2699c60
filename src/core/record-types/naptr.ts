/**
 * NAPTR (RFC 3403 §4.1): order, preference, flags, service, regexp (each of those three may be
 * empty) and a replacement host name (`.` for none). The service renders the replacement
 * absolute and keeps the flags as written (`data.flags: "S"`, `30 100 "S" "SIP+D2T" ""
 * _sip._tls.unit.tests.`, octodns/octodns-cloudflare tests/fixtures/cloudflare-dns_records-page-3.json,
 * test/fixtures/recorded/octodns-cloudflare): zonectl sends and compares them as written (it
 * used to lower-case them, so that a file's `S` was stored `s`; issue 28).
 */
import { dataFields, text, fqdn, quoted } from './fields.js';
import type { DataTypeDefinition } from './definition.js';
import { absoluteName, quoteText, readAs, readFailure, unsignedWords } from './presentation.js';
import { answerName, fieldsOf, quoteField } from './wire.js';

export const NAPTR: DataTypeDefinition = {
  type: 'NAPTR',
  kind: 'data',
  wire: {
    code: 35,
    presentAnswer: (rdata) => {
      const d = fieldsOf(rdata);
      return `${d.order} ${d.preference} ${quoteField(d.flags)} ${quoteField(d.services)} ${quoteField(d.regexp)} ${answerName(d.replacement)}`;
    },
  },
  fields: dataFields('NAPTR', { mayBeEmpty: ['flags', 'service', 'regex'] }),
  renderContent: (d) =>
    `${text(d.order)} ${text(d.preference)} ${quoted(d.flags)} ${quoted(d.service)} ${quoted(d.regex)} ${fqdn(d.replacement)}`,
  present: (d) =>
    `${text(d.order)} ${text(d.preference)} ${quoteText(text(d.flags))} ${quoteText(text(d.service))} ${quoteText(text(d.regex))} ${absoluteName(text(d.replacement))}`,
  read: ({ words, host }) => {
    const n = unsignedWords(words, 2);
    return words.length === 6 && n
      ? readAs({
          data: { order: n[0], preference: n[1], flags: words[2], service: words[3], regex: words[4], replacement: host(words[5]) },
        })
      : readFailure('NAPTR needs "order preference flags service regexp replacement"');
  },
};
