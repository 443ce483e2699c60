/**
 * Live records -> a BIND zone file in the layout of the service's own export (a `;;` header,
 * SOA, NS, then records grouped by type under `;; A Records` headings, names absolute, TTL 1
 * for automatic, comment and tags in the service's `cf_tags=` form, `cf-proxied:true|false` on
 * proxiable records), plus `$ORIGIN` and `$TTL` so that `named-checkzone` reads it as is. Pure.
 */
import type { CanonicalRecord } from '../model/record.js';
import { RECORD_TYPES, absoluteName, presentRdata, PROXIABLE_TYPES } from '../record-types/index.js';
import { SERVICE_DEFAULT_RNAME, SERVICE_DEFAULT_SOA as SOA } from '../service/soa.js';
import { NS_TTL } from '../service/ttl.js';
import { formatRecordAttributes } from './cf-tags.js';

export interface BindExportInput {
  readonly zone: string;
  readonly records: readonly CanonicalRecord[];
  /** The zone's nameservers (apex NS records). */
  readonly nameServers: readonly string[];
  /** dns_settings (soa and ns_ttl are read). */
  readonly settings: Readonly<Record<string, unknown>>;
  readonly serial: number;
  /** Header lines (without `;;`), e.g. where and when it was exported. */
  readonly header?: readonly string[];
  /** Records of types zonectl does not manage: written with the service's own content, marked. */
  readonly unknownTypes?: ReadonlyArray<{ readonly name: string; readonly type: string; readonly content?: string }>;
}

const num = (v: unknown, fallback: number): number => (typeof v === 'number' && Number.isFinite(v) ? v : fallback);

function soaLine(input: BindExportInput, origin: string): string {
  const soa = (input.settings.soa ?? {}) as Record<string, unknown>;
  const mname = typeof soa.mname === 'string' && soa.mname !== '' ? soa.mname : (input.nameServers[0] ?? `ns.${input.zone}`);
  const rname = typeof soa.rname === 'string' && soa.rname !== '' ? soa.rname : SERVICE_DEFAULT_RNAME;
  const fields = [num(soa.refresh, SOA.refresh), num(soa.retry, SOA.retry), num(soa.expire, SOA.expire), num(soa.min_ttl, SOA.min_ttl)];
  return `${origin}\t${num(soa.ttl, SOA.ttl)}\tIN\tSOA\t${absoluteName(mname)} ${absoluteName(rname)} ${input.serial} ${fields.join(' ')}`;
}

function recordLine(r: CanonicalRecord): string {
  const attrs = formatRecordAttributes({
    ...(r.comment !== undefined && r.comment !== null ? { comment: r.comment } : {}),
    tags: r.tags ?? [],
    ...(PROXIABLE_TYPES.has(r.type) ? { proxied: r.proxied } : {}),
    flattenCname: r.settings?.flatten_cname === true,
  });
  const line = `${absoluteName(r.name)}\t${r.ttl}\tIN\t${r.type}\t${presentRdata(r)}`;
  return attrs === '' ? line : `${line} ; ${attrs}`;
}

export function renderBindZone(input: BindExportInput): string {
  const origin = absoluteName(input.zone);
  const nsTtl = num(input.settings.ns_ttl, NS_TTL.default);
  const lines: string[] = [';;', `;; Domain:     ${origin}`, ...(input.header ?? []).map((h) => `;; ${h}`), ';;', ''];
  lines.push(`$ORIGIN ${origin}`, `$TTL ${num(((input.settings.soa ?? {}) as Record<string, unknown>).min_ttl, 3600)}`, '');
  lines.push(';; SOA Record', soaLine(input, origin), '');
  if (input.nameServers.length > 0) {
    lines.push(';; NS Records', ...input.nameServers.map((ns) => `${origin}\t${nsTtl}\tIN\tNS\t${absoluteName(ns)}`), '');
  }
  for (const type of RECORD_TYPES) {
    const ofType = input.records.filter((r) => r.type === type);
    if (ofType.length === 0) continue;
    const sorted = [...ofType].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : presentRdata(a) < presentRdata(b) ? -1 : 1));
    lines.push(`;; ${type} Records`, ...sorted.map(recordLine), '');
  }
  const unknown = (input.unknownTypes ?? []).filter((r) => r.content !== undefined);
  if (unknown.length > 0) {
    lines.push(';; Records of types zonectl does not manage (content as the service renders it)');
    for (const r of unknown) lines.push(`${absoluteName(r.name.toLowerCase())}\t1\tIN\t${r.type}\t${r.content ?? ''}`);
    lines.push('');
  }
  return `${lines.join('\n')}`;
}
