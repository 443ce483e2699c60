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
import { absoluteHost, EMULATOR_RECORD_TYPES } from '../records/types/index.js';

const abs = absoluteHost;

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
      lines.push(`${abs(r.name)}\t${r.ttl}\tIN\t${r.type}\t${EMULATOR_RECORD_TYPES[r.type].zoneFile.write(r)}${attributes(r, proxiable)}`);
    }
    lines.push('');
  }
  return `${lines.join('\n')}\n`;
}
