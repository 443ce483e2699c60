/**
 * `POST /zones/{id}/dns_records/import`: a BIND zone file read into record write bodies, as the
 * service's import reads it (developers.cloudflare.com/dns/manage-dns-records/how-to/
 * import-and-export): `$ORIGIN` and `$TTL` directives, `$INCLUDE` refused ("$INCLUDE directive
 * not allowed"), relative names, parentheses over several lines, quoted strings, the record's
 * comment and tags from `cf_tags=`, and `cf-proxied` taking precedence over the upload's
 * `proxied` field. SOA and the apex NS are the service's own and are skipped. The emulator's own
 * code: it shares nothing with zonectl's BIND reader. (`$GENERATE`, which the service accepts,
 * is refused here: see src/emulator/README.md.)
 */
import { RECORD_TYPES, type RecordType } from '../../facts/record-types.js';
import { ApiError } from '../contract.js';
import { EMULATOR_RECORD_TYPES, type ZoneFileToken, type ZoneFileValue } from '../records/types/index.js';

const isRecordType = (type: string): type is RecordType => (RECORD_TYPES as readonly string[]).includes(type);

export interface ImportedRecord {
  readonly line: number;
  readonly body: Record<string, unknown>;
}

type Token = ZoneFileToken;

interface Entry {
  readonly line: number;
  readonly blankOwner: boolean;
  readonly tokens: Token[];
  comment: string;
}

const IMPORT_INVALID = 81068;

function refuse(line: number, message: string): ApiError {
  return new ApiError(400, [{ code: IMPORT_INVALID, message: `Line ${line}: ${message}` }]);
}

function entries(text: string): Entry[] {
  const out: Entry[] = [];
  let current: Entry | undefined;
  let depth = 0;
  let line = 1;
  let i = 0;
  let lineStart = true;
  while (i < text.length) {
    const c = text[i];
    if (c === '\n') {
      line += 1;
      i += 1;
      if (depth === 0) {
        if (current && current.tokens.length > 0) out.push(current);
        current = undefined;
        lineStart = true;
      }
      continue;
    }
    if (lineStart && depth === 0) {
      current = { line, blankOwner: c === ' ' || c === '\t', tokens: [], comment: '' };
      lineStart = false;
    }
    if (c === ' ' || c === '\t' || c === '\r') {
      i += 1;
    } else if (c === ';') {
      const end = text.indexOf('\n', i);
      if (current) current.comment = text.slice(i + 1, end < 0 ? text.length : end).trim();
      i = end < 0 ? text.length : end;
    } else if (c === '(' || c === ')') {
      depth += c === '(' ? 1 : -1;
      if (depth < 0) throw refuse(line, 'unbalanced parentheses');
      i += 1;
    } else if (c === '"') {
      let j = i + 1;
      let value = '';
      while (j < text.length && text[j] !== '"') {
        if (text[j] === '\\' && j + 1 < text.length) {
          value += text.slice(j, j + 2);
          j += 2;
        } else {
          if (text[j] === '\n') throw refuse(line, 'a quoted string is not closed');
          value += text[j];
          j += 1;
        }
      }
      if (j >= text.length) throw refuse(line, 'a quoted string is not closed');
      current?.tokens.push({ text: value, quoted: true });
      i = j + 1;
    } else {
      let j = i;
      while (j < text.length && !' \t\r\n;()'.includes(text[j])) j += 1;
      current?.tokens.push({ text: text.slice(i, j), quoted: false });
      i = j;
    }
  }
  if (depth !== 0) throw refuse(line, 'unbalanced parentheses');
  if (current && current.tokens.length > 0) out.push(current);
  return out;
}

function ttlSeconds(text: string): number | undefined {
  if (/^\d+$/.test(text)) return Number(text);
  const m = /^(\d+[smhdw])+$/i.exec(text);
  if (!m) return undefined;
  const unit: Record<string, number> = { s: 1, m: 60, h: 3600, d: 86400, w: 604800 };
  let total = 0;
  for (const part of text.toLowerCase().matchAll(/(\d+)([smhdw])/g)) total += Number(part[1]) * unit[part[2]];
  return total;
}

function absolute(name: string, origin: string): string {
  if (name === '@') return origin;
  if (name.endsWith('.')) return name.slice(0, -1).toLowerCase() || '.';
  return `${name}.${origin}`.toLowerCase();
}

/** `comment cf_tags=a,b:"x, y",cf-proxied:true` -> comment, tags, proxied, flatten. */
function attributes(comment: string): { comment?: string; tags: string[]; proxied?: boolean; flatten: boolean } {
  const at = comment.lastIndexOf('cf_tags=');
  const text = at < 0 ? comment.trim() : comment.slice(0, at).trim();
  const tags: string[] = [];
  let proxied: boolean | undefined;
  let flatten = false;
  if (at >= 0) {
    let cur = '';
    let q = false;
    const rest = comment.slice(at + 8);
    const push = (): void => {
      const t = cur.trim();
      cur = '';
      if (t === '') return;
      if (t === 'cf-proxied:true') proxied = true;
      else if (t === 'cf-proxied:false') proxied = false;
      else if (t === 'cf-flatten-cname') flatten = true;
      else tags.push(t);
    };
    for (let k = 0; k < rest.length; k += 1) {
      const ch = rest[k];
      if (q && ch === '\\' && k + 1 < rest.length) cur += rest[(k += 1)];
      else if (ch === '"') q = !q;
      else if (ch === ',' && !q) push();
      else cur += ch;
    }
    push();
  }
  return { ...(text !== '' ? { comment: text } : {}), tags, ...(proxied !== undefined ? { proxied } : {}), flatten };
}

/** The record's value from its RDATA, read by its type's entry of the registry (records/types). */
function recordValue(type: string, tokens: readonly Token[], origin: string, line: number): ZoneFileValue {
  if (!isRecordType(type)) throw refuse(line, `record type ${type} cannot be imported`);
  return EMULATOR_RECORD_TYPES[type].zoneFile.read({
    tokens,
    words: tokens.map((t) => t.text),
    host: (name) => absolute(name, origin),
  });
}

/** Records of the file as write bodies, in file order; throws ApiError 400 naming the line. */
export function readZoneFile(text: string, zoneName: string, proxiedDefault: boolean): { records: ImportedRecord[]; parsed: number } {
  let origin = zoneName;
  let defaultTtl: number | undefined;
  let owner: string | undefined;
  const records: ImportedRecord[] = [];
  let parsed = 0;
  for (const e of entries(text)) {
    const w = e.tokens.map((t) => t.text);
    if (!e.blankOwner && w[0].startsWith('$')) {
      const d = w[0].toUpperCase();
      if (d === '$INCLUDE') throw refuse(e.line, '$INCLUDE directive not allowed');
      if (d === '$ORIGIN') origin = absolute(w[1] ?? '', origin);
      else if (d === '$TTL') defaultTtl = ttlSeconds(w[1] ?? '');
      else throw refuse(e.line, `${w[0]} is not supported by this emulator`);
      continue;
    }
    let i = 0;
    if (!e.blankOwner) owner = absolute(w[i++], origin);
    if (owner === undefined) throw refuse(e.line, 'a record without an owner name');
    let ttl: number | undefined;
    for (let k = 0; k < 2; k += 1) {
      if (/^(IN|CH|HS|CS)$/i.test(w[i] ?? '')) i += 1;
      else if (ttl === undefined && ttlSeconds(w[i] ?? '') !== undefined) ttl = ttlSeconds(w[i++]);
    }
    const type = (w[i] ?? '').toUpperCase();
    parsed += 1;
    if (type === 'SOA' || (type === 'NS' && owner === zoneName)) continue; // the service's own
    const attrs = attributes(e.comment);
    const proxiable = type === 'A' || type === 'AAAA' || type === 'CNAME';
    records.push({
      line: e.line,
      body: {
        type,
        name: owner,
        ...recordValue(type, e.tokens.slice(i + 1), origin, e.line),
        // A proxied record's TTL is automatic whatever the file says.
        ttl: proxiable && (attrs.proxied ?? proxiedDefault) ? 1 : (ttl ?? defaultTtl ?? 1),
        ...(proxiable ? { proxied: attrs.proxied ?? proxiedDefault } : {}),
        ...(attrs.comment !== undefined ? { comment: attrs.comment } : {}),
        ...(attrs.tags.length > 0 ? { tags: attrs.tags } : {}),
        ...(attrs.flatten ? { settings: { flatten_cname: true } } : {}),
      },
    });
  }
  return { records, parsed };
}
