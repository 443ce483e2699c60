/**
 * One octoDNS value -> the record body octoDNS's Cloudflare provider sends for it
 * (octodns_cloudflare `_contents_for_<TYPE>`), in zonectl's field names. octoDNS's value objects
 * (octodns/record/*.py): MX `exchange`/`preference` (legacy `value`/`priority`), SRV, CAA, NAPTR
 * `regexp`, SSHFP `fingerprint_type`, TLSA `certificate_*`, LOC, DS, SVCB/HTTPS `svcparams`. Pure.
 */
import type { RecordType } from '../../record-types/index.js';

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

export function convertValue(type: string, value: unknown): ConvertedValue {
  const bad = (message: string): ConvertedValue => ({ ok: false, message });
  switch (type) {
    case 'A':
    case 'AAAA':
    case 'NS':
    case 'PTR':
      return typeof value === 'string' ? { ok: true, type, content: value } : bad(`a ${type} value is a string`);
    case 'CNAME':
    case 'ALIAS':
      // The provider writes an ALIAS as a CNAME (at the apex, where the service flattens it).
      return typeof value === 'string' ? { ok: true, type: 'CNAME', content: value } : bad(`a ${type} value is a string`);
    case 'MX': {
      if (!isMapping(value)) return bad('an MX value is a mapping with exchange and preference');
      const exchange = value.exchange ?? value.value;
      const preference = value.preference ?? value.priority;
      if (typeof exchange !== 'string' || typeof preference !== 'number') return bad('an MX value needs exchange and preference');
      return { ok: true, type: 'MX', content: exchange, priority: preference };
    }
    case 'SRV': {
      const miss = needs(value, ['priority', 'weight', 'port', 'target'], 'SRV');
      if (miss !== undefined) return bad(miss);
      const v = value as Record<string, unknown>;
      return { ok: true, type: 'SRV', data: { priority: v.priority, weight: v.weight, port: v.port, target: v.target } };
    }
    case 'CAA': {
      const miss = needs(value, ['tag', 'value'], 'CAA');
      if (miss !== undefined) return bad(miss);
      const v = value as Record<string, unknown>;
      return { ok: true, type: 'CAA', data: { flags: v.flags ?? 0, tag: v.tag, value: v.value } };
    }
    case 'DS': {
      const miss = needs(value, ['key_tag', 'algorithm', 'digest_type', 'digest'], 'DS');
      if (miss !== undefined) return bad(miss);
      const v = value as Record<string, unknown>;
      return { ok: true, type: 'DS', data: { key_tag: v.key_tag, algorithm: v.algorithm, digest_type: v.digest_type, digest: v.digest } };
    }
    case 'NAPTR': {
      const miss = needs(value, ['order', 'preference', 'flags', 'service', 'regexp', 'replacement'], 'NAPTR');
      if (miss !== undefined) return bad(miss);
      const v = value as Record<string, unknown>;
      return {
        ok: true,
        type: 'NAPTR',
        data: { order: v.order, preference: v.preference, flags: v.flags, service: v.service, regex: v.regexp, replacement: v.replacement },
      };
    }
    case 'SSHFP': {
      const miss = needs(value, ['algorithm', 'fingerprint_type', 'fingerprint'], 'SSHFP');
      if (miss !== undefined) return bad(miss);
      const v = value as Record<string, unknown>;
      return { ok: true, type: 'SSHFP', data: { algorithm: v.algorithm, type: v.fingerprint_type, fingerprint: v.fingerprint } };
    }
    case 'TLSA': {
      const miss = needs(value, ['certificate_usage', 'selector', 'matching_type', 'certificate_association_data'], 'TLSA');
      if (miss !== undefined) return bad(miss);
      const v = value as Record<string, unknown>;
      return {
        ok: true,
        type: 'TLSA',
        data: {
          usage: v.certificate_usage,
          selector: v.selector,
          matching_type: v.matching_type,
          certificate: v.certificate_association_data,
        },
      };
    }
    case 'SVCB':
    case 'HTTPS': {
      const miss = needs(value, ['svcpriority', 'targetname'], type);
      if (miss !== undefined) return bad(miss);
      const v = value as Record<string, unknown>;
      return { ok: true, type, data: { priority: v.svcpriority, target: v.targetname, value: svcParams(v.svcparams) } };
    }
    case 'LOC': {
      const fields = [
        'lat_degrees',
        'lat_minutes',
        'lat_seconds',
        'lat_direction',
        'long_degrees',
        'long_minutes',
        'long_seconds',
        'long_direction',
      ];
      const miss = needs(value, fields, 'LOC');
      if (miss !== undefined) return bad(miss);
      const v = value as Record<string, unknown>;
      const data: Record<string, unknown> = {};
      for (const f of [...fields, 'altitude', 'size', 'precision_horz', 'precision_vert']) if (v[f] !== undefined) data[f] = v[f];
      return { ok: true, type: 'LOC', data };
    }
    default:
      return bad(`type ${type} is not converted here`);
  }
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
