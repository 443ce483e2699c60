/**
 * `data` of the structured types, checked and stored: numbers as numbers, host names
 * lower-case without the trailing dot (SRV `target` is returned without it: caddyserver/caddy
 * issue #6975), hex upper-case and base64 as written, both without white space, SvcParams of
 * HTTPS/SVCB with single spaces between parameters, LOC directions upper-case, other text as
 * written (src/emulator/README.md, "Storage forms").
 */
import { DATA_FIELD_FACTS, type DataFieldFact, type RecordType } from '../../facts/record-types.js';
import { assertNever } from '../assert-never.js';
import { storedHostname } from '../names.js';
import { RECORD_CODES as C, invalid } from './codes.js';
import { hostnameProblem } from './hostnames.js';
import type { StoredData } from './record-row.js';
import { isPlainObject } from '../json.js';

const SRV_LEGACY_FIELDS = ['service', 'proto', 'name'] as const;

function asNumber(value: unknown): number | undefined {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) ? n : undefined;
}

/** SvcParams with single spaces between parameters, none leading or trailing (quotes kept). */
export function svcParamsSpacing(value: string): string {
  let out = '';
  let quoted = false;
  let pendingSpace = false;
  for (let i = 0; i < value.length; i += 1) {
    const c = value[i];
    if (!quoted && /\s/.test(c)) {
      pendingSpace = out !== '';
      continue;
    }
    if (pendingSpace) out += ' ';
    pendingSpace = false;
    out += c;
    if (c === '\\' && i + 1 < value.length) {
      out += value[i + 1];
      i += 1;
    } else if (c === '"') quoted = !quoted;
  }
  return out;
}

/** The stored value of one field, or the reason it is refused. */
function storeField(
  type: RecordType,
  field: DataFieldFact,
  value: unknown,
): { ok: true; value: string | number } | { ok: false; want: string } {
  const t = field.shape;
  switch (t.kind) {
    case 'int': {
      const n = asNumber(value);
      return n !== undefined && Number.isInteger(n) && n >= t.min && n <= t.max
        ? { ok: true, value: n }
        : { ok: false, want: `an integer between ${t.min} and ${t.max}` };
    }
    case 'number': {
      const n = asNumber(value);
      return n !== undefined && n >= t.min && n <= t.max
        ? { ok: true, value: n }
        : { ok: false, want: `a number between ${t.min} and ${t.max}` };
    }
    case 'hostname': {
      const host = typeof value === 'string' ? storedHostname(value) : undefined;
      return host !== undefined && hostnameProblem(host, { allowRoot: true }) === undefined
        ? { ok: true, value: host }
        : { ok: false, want: 'a host name' };
    }
    case 'hex':
      // Stored upper-case: "Cloudflare stores `fingerprint` in uppercase letters"
      // (octodns/octodns-cloudflare PR #39; ComputeCanada/magic_castle PR #267), and the API
      // returns TLSA certificates upper-case (kubernetes-sigs/external-dns PR #6616).
      return typeof value === 'string' && /^[0-9a-fA-F\s]+$/.test(value)
        ? { ok: true, value: value.replace(/\s+/g, '').toUpperCase() }
        : { ok: false, want: 'hexadecimal' };
    case 'base64':
      return typeof value === 'string' && /^[A-Za-z0-9+/=\s]+$/.test(value)
        ? { ok: true, value: value.replace(/\s+/g, '') }
        : { ok: false, want: 'base64' };
    case 'text': {
      if (typeof value !== 'string' && typeof value !== 'number') return { ok: false, want: 'a string' };
      const text = String(value);
      return { ok: true, value: (type === 'HTTPS' || type === 'SVCB') && field.name === 'value' ? svcParamsSpacing(text) : text };
    }
    case 'enum':
      return typeof value === 'string' && t.values.includes(value.toUpperCase())
        ? { ok: true, value: value.toUpperCase() }
        : { ok: false, want: `one of ${t.values.join(', ')}` };
    default:
      return assertNever(t, 'data field shape');
  }
}

export function validateData(type: RecordType, raw: unknown): StoredData {
  const fields = DATA_FIELD_FACTS[type] ?? [];
  if (!isPlainObject(raw)) {
    throw invalid(C.data, `${type} records need a data object with ${fields.map((f) => f.name).join(', ')}.`);
  }
  if (type === 'SRV') {
    const legacy = SRV_LEGACY_FIELDS.filter((f) => raw[f] !== undefined);
    if (legacy.length > 0) {
      throw invalid(
        C.srvLegacyData,
        `SRV data.${legacy.join(', data.')} ${legacy.length > 1 ? 'are' : 'is'} no longer supported: set the service, protocol and base name in the top-level name instead (e.g. "_sip._tcp.example.com").`,
      );
    }
  }
  const stored: StoredData = {};
  for (const field of fields) {
    const value = raw[field.name];
    if (value === undefined || value === null) {
      if (field.optional) {
        stored[field.name] = field.shape.kind === 'text' ? '' : 0;
        continue;
      }
      throw invalid(C.data, `${type} data.${field.name} is required.`);
    }
    const result = storeField(type, field, value);
    if (!result.ok) throw invalid(C.data, `${type} data.${field.name} must be ${result.want} (got ${JSON.stringify(value)}).`);
    stored[field.name] = result.value;
  }
  return stored;
}
