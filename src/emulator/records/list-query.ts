/**
 * `GET /zones/{id}/dns_records` query: paging, filters (exact and `.exact/.contains/
 * .startswith/.endswith` on name, content and comment; type, proxied, search; tag filters
 * combined by `tag_match`), `match`, `order`/`direction`, the shadow filters (`shadowed_by_name`,
 * `shadowing_name`: ./shadow.ts) and the retired filter syntaxes answered with their replacement.
 */
import { formatAddress, parseIPv4, parseIPv6 } from '../net/ip.js';
import { resolveRecordName, storedHostname } from '../names.js';
import { txtWireStrings } from './txt-content.js';
import { ApiError } from '../contract.js';
import { RECORD_CODES as C } from './codes.js';
import type { RecordRow } from './record-row.js';
import { renderedContent } from './render.js';

export const MAX_PER_PAGE = 5_000_000;
export const DEFAULT_PER_PAGE = 100;
const ORDER_FIELDS = ['type', 'name', 'content', 'ttl', 'proxied'] as const;
type OrderField = (typeof ORDER_FIELDS)[number];

export interface RecordListQuery {
  page: number;
  perPage: number;
  matches(row: RecordRow): boolean;
  order?: OrderField;
  descending: boolean;
}

function badParam(message: string): ApiError {
  return new ApiError(400, [{ code: C.listParam, message }]);
}

function retired(message: string): ApiError {
  return new ApiError(400, [{ code: C.retiredFilter, message }]);
}

/** Integer query parameter within bounds (default when absent). */
export function intParam(q: URLSearchParams, name: string, dflt: number, min: number, max: number): number {
  const raw = q.get(name);
  if (raw === null || raw === '') return dflt;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max) {
    throw badParam(`${name} must be an integer between ${min} and ${max} (got "${raw}").`);
  }
  return n;
}

const RETIRED_OPERATORS: ReadonlyArray<[string, string]> = [
  ['contains:', 'contains'],
  ['starts_with:', 'startswith'],
  ['ends_with:', 'endswith'],
];

const LIST_PART = /^[A-Za-z0-9.:_*-]+$/;

/** The retired syntaxes of 2025-02-21 (spec, Versioning). */
function rejectRetiredSyntax(q: URLSearchParams): void {
  for (const field of ['name', 'content'] as const) {
    for (const value of q.getAll(field)) {
      for (const [prefix, op] of RETIRED_OPERATORS) {
        if (value.toLowerCase().startsWith(prefix)) {
          throw retired(
            `The filter syntax ${field}=${prefix}... was retired on 2025-02-21; use ${field}.${op}=${value.slice(prefix.length)} instead.`,
          );
        }
      }
      const parts = value.split(',');
      const isList = parts.length > 1 && (field === 'name' || parts.every((p) => LIST_PART.test(p.trim())));
      if (isList) {
        throw retired(
          `Comma-separated lists in ${field}= were retired on 2025-02-21; send one request per value, or repeat ${field}= with match=any.`,
        );
      }
    }
  }
  for (const value of q.getAll('type')) {
    if (value.toLowerCase().startsWith('contains:')) {
      throw retired('The filter syntax type=contains:... was retired on 2025-02-21; use an exact type= or search= instead.');
    }
  }
}

const HOSTNAME_CONTENT_TYPES = new Set(['CNAME', 'MX', 'NS', 'PTR']);

/** An exact content filter matches the value as the service would store it. */
function contentEquals(row: RecordRow, value: string): boolean {
  const rendered = renderedContent(row);
  if (rendered.toLowerCase() === value.toLowerCase()) return true;
  const stored = row.content;
  if (stored === undefined) return false;
  if (row.type === 'A' || row.type === 'AAAA') {
    const a = parseIPv4(value.trim()) ?? parseIPv6(value.trim());
    return a !== undefined && formatAddress(a) === stored;
  }
  if (row.type === 'TXT') return JSON.stringify(txtWireStrings(value.trim())) === JSON.stringify(txtWireStrings(stored));
  if (HOSTNAME_CONTENT_TYPES.has(row.type)) return storedHostname(value) === stored;
  return false;
}

type Pred = (row: RecordRow) => boolean;

function textPredicates(
  q: URLSearchParams,
  field: string,
  get: (row: RecordRow) => string | null,
  exact: (row: RecordRow, value: string) => boolean,
): Pred[] {
  const preds: Pred[] = [];
  for (const v of [...q.getAll(field), ...q.getAll(`${field}.exact`)]) preds.push((r) => exact(r, v));
  const lower = (r: RecordRow): string => (get(r) ?? '').toLowerCase();
  for (const v of q.getAll(`${field}.contains`)) preds.push((r) => lower(r).includes(v.toLowerCase()));
  for (const v of q.getAll(`${field}.startswith`)) preds.push((r) => lower(r).startsWith(v.toLowerCase()));
  for (const v of q.getAll(`${field}.endswith`)) preds.push((r) => lower(r).endsWith(v.toLowerCase()));
  return preds;
}

/** A record's tags as (lower-case name, lower-case value) pairs. */
function tagPairs(r: RecordRow): Array<[string, string]> {
  return r.tags.map((t) => {
    const i = t.indexOf(':');
    return i < 0 ? [t.toLowerCase(), ''] : [t.slice(0, i).toLowerCase(), t.slice(i + 1).toLowerCase()];
  });
}

/** `name:value` of a tag filter, lower-cased; the value is '' when there is no colon. */
function splitTagFilter(v: string): [string, string] {
  const i = v.indexOf(':');
  return i < 0 ? [v.toLowerCase(), ''] : [v.slice(0, i).toLowerCase(), v.slice(i + 1).toLowerCase()];
}

/**
 * Tag filters (`tag`, `tag.present/.absent`, `tag.exact/.contains/.startswith/.endswith` of
 * the form `name:value`), combined among themselves by `tag_match` (all|any) into ONE
 * predicate, which `match` then combines with the other filters (as the newer API documents).
 */
function tagPredicate(q: URLSearchParams): Pred | undefined {
  const preds: Pred[] = [];
  const names = (r: RecordRow): string[] => tagPairs(r).map(([n]) => n);
  const valueTest = (v: string, test: (value: string, wanted: string) => boolean): Pred => {
    const [name, wanted] = splitTagFilter(v);
    return (r) => tagPairs(r).some(([n, value]) => n === name && test(value, wanted));
  };
  for (const v of q.getAll('tag')) {
    preds.push(v.includes(':') ? valueTest(v, (value, wanted) => value === wanted) : (r) => names(r).includes(v.toLowerCase()));
  }
  for (const v of q.getAll('tag.present')) preds.push((r) => names(r).includes(v.toLowerCase()));
  for (const v of q.getAll('tag.absent')) preds.push((r) => !names(r).includes(v.toLowerCase()));
  for (const v of q.getAll('tag.exact')) preds.push(valueTest(v, (value, wanted) => value === wanted));
  for (const v of q.getAll('tag.contains')) preds.push(valueTest(v, (value, wanted) => value.includes(wanted)));
  for (const v of q.getAll('tag.startswith')) preds.push(valueTest(v, (value, wanted) => value.startsWith(wanted)));
  for (const v of q.getAll('tag.endswith')) preds.push(valueTest(v, (value, wanted) => value.endsWith(wanted)));
  if (preds.length === 0) return undefined;
  const tagMatch = q.get('tag_match') ?? 'all';
  if (tagMatch !== 'all' && tagMatch !== 'any') throw badParam(`tag_match must be "all" or "any" (got "${tagMatch}").`);
  return tagMatch === 'any' ? (r) => preds.some((p) => p(r)) : (r) => preds.every((p) => p(r));
}

/**
 * The shadow filters, as https://developers.cloudflare.com/dns/manage-dns-records/reference/shadowed-records/
 * describes them; each value a subdomain of the zone, never the apex. `shadowed_by_name=N` (which
 * "requires `include_shadow_metadata=true`. Supplying `shadowed_by_name` without it returns an
 * error"): the records at or below N but the NS records at N itself. `shadowing_name=N`: the NS
 * records at N and at each of its ancestors in the zone, the apex excluded. Both restrict the
 * list whatever `match` says (the emulator's reading: the page does not say how they combine).
 */
function shadowPredicates(q: URLSearchParams, zoneName: string): Pred[] {
  const below = (name: string, param: string): string => {
    const resolved = resolveRecordName(name, zoneName);
    if (!resolved.inZone || resolved.fqdn === zoneName) throw badParam(`${param} must be a subdomain of the zone (got "${name}").`);
    return resolved.fqdn;
  };
  const preds: Pred[] = [];
  for (const v of q.getAll('shadowed_by_name')) {
    if (q.get('include_shadow_metadata') !== 'true') throw badParam('shadowed_by_name requires include_shadow_metadata=true.');
    const n = below(v, 'shadowed_by_name');
    preds.push((r) => (r.name === n && r.type !== 'NS') || r.name.endsWith(`.${n}`));
  }
  for (const v of q.getAll('shadowing_name')) {
    const n = below(v, 'shadowing_name');
    preds.push((r) => r.type === 'NS' && r.name !== zoneName && (r.name === n || n.endsWith(`.${r.name}`)));
  }
  return preds;
}

export function parseRecordListQuery(q: URLSearchParams, zoneName: string): RecordListQuery {
  rejectRetiredSyntax(q);
  const page = intParam(q, 'page', 1, 1, Number.MAX_SAFE_INTEGER);
  const perPage = intParam(q, 'per_page', DEFAULT_PER_PAGE, 1, MAX_PER_PAGE);
  const match = q.get('match') ?? 'all';
  if (match !== 'all' && match !== 'any') throw badParam(`match must be "all" or "any" (got "${match}").`);

  const preds: Pred[] = [
    ...textPredicates(
      q,
      'name',
      (r) => r.name,
      (r, v) => r.name === resolveRecordName(v, zoneName).fqdn,
    ),
    ...textPredicates(q, 'content', renderedContent, contentEquals),
    ...textPredicates(
      q,
      'comment',
      (r) => r.comment,
      (r, v) => (r.comment ?? '').toLowerCase() === v.toLowerCase(),
    ),
  ];
  const tags = tagPredicate(q);
  if (tags) preds.push(tags);
  for (const v of q.getAll('type')) preds.push((r) => r.type === v.trim().toUpperCase());
  for (const v of q.getAll('proxied')) {
    if (v !== 'true' && v !== 'false') throw badParam(`proxied must be true or false (got "${v}").`);
    preds.push((r) => r.proxied === (v === 'true'));
  }
  if (q.has('comment.present')) preds.push((r) => r.comment !== null);
  if (q.has('comment.absent')) preds.push((r) => r.comment === null);
  for (const v of q.getAll('search')) {
    const s = v.toLowerCase();
    preds.push(
      (r) =>
        r.name.includes(s) ||
        renderedContent(r).toLowerCase().includes(s) ||
        (r.comment ?? '').toLowerCase().includes(s) ||
        r.tags.some((t) => t.toLowerCase().includes(s)),
    );
  }

  const orderRaw = q.get('order');
  if (orderRaw !== null && !(ORDER_FIELDS as readonly string[]).includes(orderRaw)) {
    throw badParam(`order must be one of ${ORDER_FIELDS.join(', ')} (got "${orderRaw}").`);
  }
  const direction = q.get('direction') ?? 'asc';
  if (direction !== 'asc' && direction !== 'desc') throw badParam(`direction must be "asc" or "desc" (got "${direction}").`);

  const filters: Pred =
    preds.length === 0 ? () => true : match === 'any' ? (r) => preds.some((p) => p(r)) : (r) => preds.every((p) => p(r));
  const shadow = shadowPredicates(q, zoneName);
  const matches: Pred = shadow.length === 0 ? filters : (r) => filters(r) && shadow.every((p) => p(r));
  return {
    page,
    perPage,
    matches,
    ...(orderRaw !== null ? { order: orderRaw as OrderField } : {}),
    descending: direction === 'desc',
  };
}

function sortValue(row: RecordRow, field: OrderField): string | number {
  switch (field) {
    case 'type':
      return row.type;
    case 'name':
      return row.name;
    case 'content':
      return renderedContent(row).toLowerCase();
    case 'ttl':
      return row.ttl;
    case 'proxied':
      return row.proxied ? 1 : 0;
  }
}

export function sortRecords(rows: RecordRow[], field: OrderField, descending: boolean): RecordRow[] {
  const keyed = rows.map((row) => ({ row, key: sortValue(row, field) }));
  keyed.sort((a, b) => {
    const c = a.key < b.key ? -1 : a.key > b.key ? 1 : 0;
    return descending ? -c : c;
  });
  return keyed.map((k) => k.row);
}
