/**
 * `GET /zones/{id}/dns_records/export`: the zone as the service exports it (its own layout, seen
 * in real exports: a `;;` header, `;; SOA Record` with the owner written without a trailing dot,
 * `;; NS Records`, then records grouped by type under `;; <TYPE> Records`, owner names absolute,
 * TTL 1 for automatic, and the record's comment and tags in the documented `cf_tags=` comment
 * with `cf-proxied:true|false` on proxiable records and `cf-flatten-cname`
 * (developers.cloudflare.com/dns/manage-dns-records/how-to/import-and-export). The emulator's
 * own code: it shares nothing with zonectl's BIND writer.
 */
import type { ZoneRow } from '../contract.js';
import type { RecordRow } from '../records/record-row.js';

const enc = new TextEncoder();

const abs = (host: string): string => (host === '' || host === '.' ? '.' : host.endsWith('.') ? host : `${host}.`);

function quoted(text: string): string {
  let out = '"';
  for (const b of enc.encode(text)) {
    if (b === 0x22 || b === 0x5c) out += `\\${String.fromCharCode(b)}`;
    else if (b >= 0x20 && b < 0x7f) out += String.fromCharCode(b);
    else out += `\\${String(b).padStart(3, '0')}`;
  }
  return `${out}"`;
}

/** TXT as stored (as written): quoted strings are kept; unquoted text is quoted in strings of at most 255 bytes. */
function txt(stored: string): string {
  const s = stored.trim();
  if (s.startsWith('"')) return s;
  const bytes = enc.encode(stored);
  const parts: string[] = [];
  for (let i = 0; i < bytes.length || parts.length === 0; i += 255)
    parts.push(quoted(new TextDecoder().decode(bytes.subarray(i, i + 255))));
  return parts.join(' ');
}

function rdata(r: RecordRow): string {
  const d = r.data ?? {};
  const v = (k: string): string => String(d[k] ?? '');
  switch (r.type) {
    case 'CNAME':
    case 'NS':
    case 'PTR':
      return abs(r.content ?? '');
    case 'MX':
      return `${r.priority ?? 0} ${abs(r.content ?? '')}`;
    case 'TXT':
      return txt(r.content ?? '');
    case 'CAA':
      return `${v('flags')} ${v('tag')} ${quoted(v('value'))}`;
    case 'SRV':
      return `${v('priority')} ${v('weight')} ${v('port')} ${abs(v('target'))}`;
    case 'HTTPS':
    case 'SVCB':
      return [v('priority'), abs(v('target')), v('value')].filter((x) => x !== '').join(' ');
    case 'URI':
      return `${r.priority ?? 0} ${v('weight')} ${quoted(v('target'))}`;
    case 'NAPTR':
      return `${v('order')} ${v('preference')} ${quoted(v('flags'))} ${quoted(v('service'))} ${quoted(v('regex'))} ${abs(v('replacement'))}`;
    case 'LOC':
      return `${v('lat_degrees')} ${v('lat_minutes')} ${v('lat_seconds')} ${v('lat_direction')} ${v('long_degrees')} ${v('long_minutes')} ${v('long_seconds')} ${v('long_direction')} ${v('altitude')}m ${v('size')}m ${v('precision_horz')}m ${v('precision_vert')}m`;
    default:
      return r.data !== undefined ? Object.values(r.data).map(String).join(' ') : (r.content ?? '');
  }
}

function tagText(tag: string): string {
  const colon = tag.indexOf(':');
  if (colon < 0) return tag;
  const value = tag.slice(colon + 1);
  return /[,\s"\\]/.test(value) ? `${tag.slice(0, colon)}:"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"` : tag;
}

function attributes(r: RecordRow, proxiable: boolean): string {
  const tags = r.tags.map(tagText);
  if (r.settings.flatten_cname === true) tags.push('cf-flatten-cname');
  if (proxiable) tags.push(`cf-proxied:${r.proxied}`);
  const comment = (r.comment ?? '').trim();
  if (tags.length === 0) return comment === '' ? '' : ` ; ${comment}${comment.includes('cf_tags=') ? ' cf_tags=' : ''}`;
  return ` ; ${comment === '' ? '' : `${comment} `}cf_tags=${tags.join(',')}`;
}

export interface ZoneFileInput {
  readonly zone: ZoneRow;
  readonly rows: readonly RecordRow[];
  readonly soa: { mname: string; rname: string; refresh: number; retry: number; expire: number; min_ttl: number; ttl: number };
  readonly serial: number;
  readonly nsTtl: number;
  readonly now: Date;
}

export function writeZoneFile(input: ZoneFileInput): string {
  const { zone, soa } = input;
  const lines = [
    ';;',
    `;; Domain:     ${zone.name}.`,
    `;; Exported:   ${input.now.toISOString().replace('T', ' ').slice(0, 19)}`,
    ';;',
    ';; This file is intended for use for informational and archival',
    ';; purposes ONLY and MUST be edited before use on a production',
    ';; DNS server.',
    ';;',
    ';; SOA Record',
    `${zone.name}\t${soa.ttl}\tIN\tSOA\t${abs(soa.mname)} ${abs(soa.rname)} ${input.serial} ${soa.refresh} ${soa.retry} ${soa.expire} ${soa.min_ttl}`,
    '',
    ';; NS Records',
    ...zone.name_servers.map((ns) => `${zone.name}.\t${input.nsTtl}\tIN\tNS\t${abs(ns)}`),
    '',
  ];
  const types = [...new Set(input.rows.map((r) => r.type))].sort();
  for (const type of types) {
    lines.push(`;; ${type} Records`);
    const rows = input.rows.filter((r) => r.type === type).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const r of rows) {
      const proxiable = r.type === 'A' || r.type === 'AAAA' || r.type === 'CNAME';
      lines.push(`${abs(r.name)}\t${r.ttl}\tIN\t${r.type}\t${rdata(r)}${attributes(r, proxiable)}`);
    }
    lines.push('');
  }
  return `${lines.join('\n')}\n`;
}
