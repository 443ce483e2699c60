/**
 * One octoDNS value -> the record body octoDNS's Cloudflare provider sends for it
 * (octodns_cloudflare `_contents_for_<TYPE>`), in zonectl's field names. octoDNS's value objects
 * (octodns/record/*.py): MX `exchange`/`preference` (legacy `value`/`priority`), SRV, CAA, NAPTR
 * `regexp`, SSHFP `fingerprint_type`, TLSA `certificate_*`, LOC, DS, SVCB/HTTPS `svcparams`. Pure.
 */
import { isRecordType, type RecordType } from '../../record-types/index.js';

export type ConvertedValue =
  | {
      readonly ok: true;
      readonly type: RecordType;
      readonly content?: string;
      readonly data?: Record<string, unknown>;
      readonly priority?: number;
    }
  | { readonly ok: false; readonly message: string };

const isMapping = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function needs(value: unknown, fields: readonly string[], type: string): string | undefined {
  if (!isMapping(value)) return `a ${type} value is a mapping with ${fields.join(', ')}`;
  const missing = fields.filter((f) => value[f] === undefined || value[f] === null);
  return missing.length > 0 ? `${type} value misses ${missing.join(', ')}` : undefined;
}

/** octoDNS SVCB/HTTPS params -> the service's `value` as the Cloudflare provider writes it (` key="v1,v2"`). */
function svcParams(params: unknown): string {
  if (!isMapping(params)) return '';
  let out = '';
  for (const [k, v] of Object.entries(params)) {
    out += ` ${k}`;
    if (v !== null && v !== undefined) out += `="${Array.isArray(v) ? v.map(String).join(',') : String(v)}"`;
  }
  return out;
}

/** The types octoDNS's Cloudflare provider writes (its SUPPORTS, with HTTPS/SVCB on a new enough core). */
export const CLOUDFLARE_WRITES = new Set([
  'A',
  'AAAA',
  'ALIAS',
  'CAA',
  'CNAME',
  'DS',
  'HTTPS',
  'LOC',
  'MX',
  'NAPTR',
  'NS',
  'PTR',
  'SSHFP',
  'SRV',
  'SVCB',
  'TLSA',
  'TXT',
  'URLFWD',
]);

/** Every type octoDNS core registers (octodns/record/__init__.py), for telling an unknown type from an unsupported one. */
export const OCTODNS_TYPES = new Set([...CLOUDFLARE_WRITES, 'DNAME', 'OPENPGPKEY', 'SPF', 'URI']);

/** What reading a value needs to know of its source (octoDNS's YamlProvider `escaped_semicolons`). */
export interface ValueContext {
  /** The file writes `;` as `\;` already (YamlProvider `escaped_semicolons`, the default of octoDNS 1.x). */
  readonly escapedSemicolons: boolean;
}

/** One octoDNS value of a type -> its record body; `bad` for a value octoDNS itself would refuse. */
type ValueReader = (value: unknown, context: ValueContext) => ConvertedValue;

const bad = (message: string): ConvertedValue => ({ ok: false, message });

/** A value that is one string, written as `content` of `type` (ALIAS: written as a CNAME). */
const oneString =
  (type: RecordType, named: string = type): ValueReader =>
  (value) =>
    typeof value === 'string' ? { ok: true, type, content: value } : bad(`a ${named} value is a string`);

/** A mapping of octoDNS fields, each copied into `data` under zonectl's name (`[octodns, zonectl]`). */
function fieldsToData(type: RecordType, fields: ReadonlyArray<readonly [string, string]>): ValueReader {
  return (value) => {
    const miss = needs(
      value,
      fields.map(([from]) => from),
      type,
    );
    if (miss !== undefined) return bad(miss);
    const v = value as Record<string, unknown>;
    return { ok: true, type, data: Object.fromEntries(fields.map(([from, to]) => [to, v[from]])) };
  };
}

const serviceBinding =
  (type: 'HTTPS' | 'SVCB'): ValueReader =>
  (value) => {
    const miss = needs(value, ['svcpriority', 'targetname'], type);
    if (miss !== undefined) return bad(miss);
    const v = value as Record<string, unknown>;
    return { ok: true, type, data: { priority: v.svcpriority, target: v.targetname, value: svcParams(v.svcparams) } };
  };

const LOC_FIELDS = [
  'lat_degrees',
  'lat_minutes',
  'lat_seconds',
  'lat_direction',
  'long_degrees',
  'long_minutes',
  'long_seconds',
  'long_direction',
];

/**
 * How a value of each record type zonectl manages reads from octoDNS: one entry per type (the
 * compiler wants every type of src/facts/record-types.ts, so a new type cannot be forgotten);
 * `undefined` for a type octoDNS's Cloudflare provider does not write (CLOUDFLARE_WRITES), which
 * octodns-zone.ts leaves to octoDNS before any value is read.
 */
const FROM_OCTODNS: Readonly<Record<RecordType, ValueReader | undefined>> = {
  A: oneString('A'),
  AAAA: oneString('AAAA'),
  NS: oneString('NS'),
  PTR: oneString('PTR'),
  CNAME: oneString('CNAME'),
  // `_contents_for_TXT`: octoDNS's chunked form (octodnsTxtContent) of the value with `;` escaped.
  TXT: (value, { escapedSemicolons }) =>
    typeof value === 'string'
      ? { ok: true, type: 'TXT', content: octodnsTxtContent(escapedSemicolons ? value : value.replace(/;/g, '\\;')) }
      : bad('a TXT value is a string'),
  MX: (value) => {
    if (!isMapping(value)) return bad('an MX value is a mapping with exchange and preference');
    const exchange = value.exchange ?? value.value;
    const preference = value.preference ?? value.priority;
    if (typeof exchange !== 'string' || typeof preference !== 'number') return bad('an MX value needs exchange and preference');
    return { ok: true, type: 'MX', content: exchange, priority: preference };
  },
  SRV: fieldsToData('SRV', [
    ['priority', 'priority'],
    ['weight', 'weight'],
    ['port', 'port'],
    ['target', 'target'],
  ]),
  CAA: (value) => {
    const miss = needs(value, ['tag', 'value'], 'CAA');
    if (miss !== undefined) return bad(miss);
    const v = value as Record<string, unknown>;
    return { ok: true, type: 'CAA', data: { flags: v.flags ?? 0, tag: v.tag, value: v.value } };
  },
  DS: fieldsToData('DS', [
    ['key_tag', 'key_tag'],
    ['algorithm', 'algorithm'],
    ['digest_type', 'digest_type'],
    ['digest', 'digest'],
  ]),
  NAPTR: fieldsToData('NAPTR', [
    ['order', 'order'],
    ['preference', 'preference'],
    ['flags', 'flags'],
    ['service', 'service'],
    ['regexp', 'regex'],
    ['replacement', 'replacement'],
  ]),
  SSHFP: fieldsToData('SSHFP', [
    ['algorithm', 'algorithm'],
    ['fingerprint_type', 'type'],
    ['fingerprint', 'fingerprint'],
  ]),
  TLSA: fieldsToData('TLSA', [
    ['certificate_usage', 'usage'],
    ['selector', 'selector'],
    ['matching_type', 'matching_type'],
    ['certificate_association_data', 'certificate'],
  ]),
  SVCB: serviceBinding('SVCB'),
  HTTPS: serviceBinding('HTTPS'),
  LOC: (value) => {
    const miss = needs(value, LOC_FIELDS, 'LOC');
    if (miss !== undefined) return bad(miss);
    const v = value as Record<string, unknown>;
    const data: Record<string, unknown> = {};
    for (const f of [...LOC_FIELDS, 'altitude', 'size', 'precision_horz', 'precision_vert']) if (v[f] !== undefined) data[f] = v[f];
    return { ok: true, type: 'LOC', data };
  },
  DNSKEY: undefined,
  URI: undefined,
  SMIMEA: undefined,
  CERT: undefined,
  OPENPGPKEY: undefined,
};

/** octoDNS's own types that are not the service's, each read as the type the provider writes it as. */
const OCTODNS_ONLY: Readonly<Record<string, ValueReader>> = {
  // The provider writes an ALIAS as a CNAME (at the apex, where the service flattens it).
  ALIAS: oneString('CNAME', 'ALIAS'),
};

/** One octoDNS value of `type` -> the record body the Cloudflare provider sends for it. */
export function convertValue(type: string, value: unknown, context: ValueContext = { escapedSemicolons: true }): ConvertedValue {
  const read = isRecordType(type) ? FROM_OCTODNS[type] : Object.hasOwn(OCTODNS_ONLY, type) ? OCTODNS_ONLY[type] : undefined;
  return read === undefined ? bad(`type ${type} is not converted here`) : read(value, context);
}

/**
 * A TXT value (octoDNS's internal form: `;` escaped as `\;`) -> the content its Cloudflare provider
 * sends: `_contents_for_TXT` takes `record.chunked_values` (octodns/record/chunked.py
 * `_legacy_chunked_value`: `"` escaped, cut every 255 characters but never after a `\`, each piece
 * quoted) and then unescapes `\;`. Reproduced exactly, so that the strings compare equal to the
 * ones octoDNS stored.
 */
export function octodnsTxtContent(internal: string, chunkSize = 255): string {
  const value = internal.replace(/"/g, '\\"');
  const chunks: string[] = [];
  let i = 0;
  while (i < value.length) {
    let c = Math.min(chunkSize, value.length - i);
    while (c > 1 && value[i + c - 1] === '\\') c -= 1;
    chunks.push(value.slice(i, i + c));
    i += c;
  }
  return `"${chunks.join('" "')}"`.replace(/\\;/g, ';');
}
