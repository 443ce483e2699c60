/**
 * The types of character-strings: TXT (RFC 1035 §3.3.14), CAA (RFC 8659 §4.1), URI (RFC 7553
 * §4.5), NAPTR (RFC 3403 §4.1).
 */
import { characterString, nameBytes, u16, u8 } from '../../dns/wire.js';
import { txtWireStrings } from '../txt-content.js';
import { type EmulatorRecordType, int, q, s, textBytes } from './definition.js';
import { absoluteHost, dataFields, field, quotedText } from './zone-file-text.js';

const enc = new TextEncoder();

/** TXT as stored (as written): quoted strings are kept; unquoted text is quoted in strings of at most 255 bytes. */
function txtText(stored: string): string {
  const t = stored.trim();
  if (t.startsWith('"')) return t;
  const bytes = enc.encode(stored);
  const parts: string[] = [];
  for (let i = 0; i < bytes.length || parts.length === 0; i += 255)
    parts.push(quotedText(new TextDecoder().decode(bytes.subarray(i, i + 255))));
  return parts.join(' ');
}

export const TXT: EmulatorRecordType = {
  code: 16,
  // The strings as stored, one character-string each; `\DDD` escapes are bytes (Latin-1).
  rdata: (r) => Buffer.concat(txtWireStrings(r.content ?? '').map((t) => characterString(Buffer.from(t, 'latin1')))),
  zoneFile: { read: ({ tokens }) => ({ content: tokens.map((t) => `"${t.text}"`).join(' ') }), write: (r) => txtText(r.content ?? '') },
};

export const CAA: EmulatorRecordType = {
  code: 257,
  rdata: ({ data: d = {} }) => Buffer.concat([u8(int(d, 'flags')), characterString(textBytes(d, 'tag')), textBytes(d, 'value')]),
  content: (d) => `${s(d.flags)} ${s(d.tag)} ${q(d.value)}`,
  zoneFile: dataFields(['flags', 'tag', 'value'], (r) => `${field(r, 'flags')} ${field(r, 'tag')} ${quotedText(field(r, 'value'))}`),
};

export const URI: EmulatorRecordType = {
  code: 256,
  rdata: (r) => {
    const d = r.data ?? {};
    return Buffer.concat([u16(r.priority ?? int(d, 'priority')), u16(int(d, 'weight')), textBytes(d, 'target')]);
  },
  content: (d) => `${s(d.weight)} ${q(d.target)}`,
  zoneFile: {
    read: ({ words }) => ({ priority: Number(words[0]), data: { weight: Number(words[1]), target: words[2] } }),
    write: (r) => `${r.priority ?? 0} ${field(r, 'weight')} ${quotedText(field(r, 'target'))}`,
  },
};

export const NAPTR: EmulatorRecordType = {
  code: 35,
  rdata: ({ data: d = {} }) =>
    Buffer.concat([
      u16(int(d, 'order')),
      u16(int(d, 'preference')),
      characterString(textBytes(d, 'flags')),
      characterString(textBytes(d, 'service')),
      characterString(textBytes(d, 'regex')),
      nameBytes(String(d.replacement ?? '')),
    ]),
  content: (d) => `${s(d.order)} ${s(d.preference)} ${q(d.flags)} ${q(d.service)} ${q(d.regex)} ${s(d.replacement)}`,
  zoneFile: dataFields(
    ['order', 'preference', 'flags', 'service', 'regex', 'replacement'],
    (r) =>
      `${field(r, 'order')} ${field(r, 'preference')} ${quotedText(field(r, 'flags'))} ${quotedText(field(r, 'service'))} ${quotedText(field(r, 'regex'))} ${absoluteHost(field(r, 'replacement'))}`,
  ),
};
