/**
 * The records of one zone in the store, with a by-name index (itself a store collection, so it
 * is transactional and durable like the records), and the rules that need other records:
 * - CNAME beside A/AAAA/CNAME (81053/81054), at any name: the service's documented refusals
 *   ("Create a CNAME record with a Name matching the name of an existing A/AAAA or CNAME record"
 *   and the converse, developers.cloudflare.com/dns/manage-dns-records/troubleshooting/
 *   records-with-same-name/; the official SDK's notes: "A/AAAA records cannot exist on the same
 *   name as CNAME records"). A CNAME beside MX, TXT and other types is accepted, below the apex
 *   too: a zone export made by the service holds `www CNAME` beside `www MX`; a CNAME and a TXT at
 *   one name are accepted (cloudflare/cloudflare-docs issue #30376). Whether it is
 *   flattened decides only how the DNS server answers (dns/resolver.ts).
 * - Identical/existing records (81058/81057), compared on what goes on the wire (TXT `"a"` and
 *   `a` are the same record; `"a" "b"` and `"ab"` are not: two strings are not one).
 * - A DS needs an NS at its name (a delegation) below the apex: octodns-cloudflare PR #103
 *   ("Cloudflare requires that DS records be created after the corresponding NS records");
 *   the code and message are the emulator's (not published).
 * - A record created where an NS exists below the apex (a delegation), other than NS or DS, is
 *   refused with 81056 "NS records with that host already exist." (acme-dns/acme-dns issue #258
 *   shows the live answer); an NS created where other records exist is kept, and they become
 *   "shadowed" ("Adding an NS delegation can shadow records you already depend on",
 *   https://developers.cloudflare.com/dns/manage-dns-records/reference/shadowed-records/; real
 *   zones hold an A, TXT or MX beside an NS, issue 28). A record updated in place (same name and
 *   type) beside an NS is kept (the emulator's reading: the refusal shown is of a create).
 * - A proxied CNAME's chain is not checked on a write: the service documents that a proxied
 *   chain must end at an address for the edge to reach an origin, not a refusal, and real zones
 *   hold proxied CNAMEs whose targets resolve only through a wildcard or outside the zone.
 */
import { DATA_FIELD_FACTS } from '../../facts/record-types.js';
import type { EmulatorOptions, Store, ZoneRow } from '../contract.js';
import { newId } from '../ids.js';
import { RECORD_CODES as C, conflict, invalid, recordNotFound } from './codes.js';
import { namesCollection, recordsCollection, type RecordDraft, type RecordRow } from './record-row.js';
import { checkRecordQuota } from './quota.js';
import { isProxiable } from './render.js';
import { renderDataContent } from './types/index.js';
import { txtWireStrings } from './txt-content.js';

const ADDRESS_TYPES = new Set(['A', 'AAAA']);
/**
 * "If you have multiple records with the same name and type, their combined content length
 * must not exceed 8,192 characters"
 * (https://developers.cloudflare.com/dns/manage-dns-records/reference/dns-record-types/).
 */
const MAX_RRSET_CONTENT = 8192;
const HOST_TYPES = new Set(['A', 'AAAA', 'CNAME']);

/** What makes two records of one type at one name the same record. */
function identityKey(r: Pick<RecordRow, 'type' | 'content' | 'data' | 'priority'>): string {
  const fields = DATA_FIELD_FACTS[r.type];
  const content = r.type === 'TXT' && r.content !== undefined ? JSON.stringify(txtWireStrings(r.content)) : r.content;
  const value = fields ? fields.map((f) => r.data?.[f.name] ?? null) : [content ?? ''];
  return JSON.stringify(r.priority === undefined ? value : [...value, r.priority]);
}

export class ZoneRecords {
  private readonly records: string;
  private readonly names: string;

  constructor(
    private readonly store: Store,
    readonly zone: ZoneRow,
    /** The record quota is checked on creates when given (every route that writes gives it). */
    private readonly options?: EmulatorOptions,
  ) {
    this.records = recordsCollection(zone.id);
    this.names = namesCollection(zone.id);
  }

  all(): RecordRow[] {
    return this.store.values<RecordRow>(this.records);
  }

  count(): number {
    return this.store.size(this.records);
  }

  get(id: string): RecordRow | undefined {
    return this.store.get<RecordRow>(this.records, id);
  }

  require(id: unknown): RecordRow {
    const row = typeof id === 'string' ? this.get(id) : undefined;
    if (!row) throw recordNotFound();
    return row;
  }

  atName(name: string): RecordRow[] {
    const ids = this.store.get<string[]>(this.names, name) ?? [];
    const rows: RecordRow[] = [];
    for (const id of ids) {
      const row = this.get(id);
      if (row) rows.push(row);
    }
    return rows;
  }

  /** `base`: the record an update replaces (undefined for a create). */
  private checkConflicts(draft: RecordDraft, base: RecordRow | undefined): void {
    const others = this.atName(draft.name).filter((r) => r.id !== base?.id);
    if (draft.type === 'DS' && draft.name !== this.zone.name && !others.some((r) => r.type === 'NS')) {
      throw invalid(
        C.dsNeedsNs,
        `A DS record needs an NS record with the same name (a delegation); create the NS record at ${draft.name} first.`,
      );
    }
    if (others.length === 0) return;
    this.checkRrsetSize(draft, others);
    const inPlace = base !== undefined && base.name === draft.name && base.type === draft.type;
    if (draft.name !== this.zone.name && !inPlace) this.checkDelegation(draft, others);
    if (draft.type === 'CNAME' && others.some((r) => HOST_TYPES.has(r.type))) {
      throw conflict(C.nameConflict, 'An A, AAAA, or CNAME record with that host already exists.');
    }
    if (ADDRESS_TYPES.has(draft.type) && others.some((r) => r.type === 'CNAME')) {
      throw conflict(C.cnameConflict, 'A CNAME record with that host already exists.');
    }
    const key = identityKey(draft);
    const same = others.filter((r) => r.type === draft.type && identityKey(r) === key);
    if (same.length === 0) return;
    if (same.some((r) => r.ttl === draft.ttl && r.proxied === draft.proxied)) {
      throw conflict(C.identical, 'An identical record already exists.');
    }
    throw conflict(C.alreadyExists, 'Record already exists.');
  }

  private checkDelegation(draft: RecordDraft, others: readonly RecordRow[]): void {
    if (draft.type !== 'NS' && draft.type !== 'DS' && others.some((r) => r.type === 'NS')) {
      throw conflict(C.nsConflict, 'NS records with that host already exist.');
    }
  }

  private checkRrsetSize(draft: RecordDraft, others: readonly RecordRow[]): void {
    const contentLength = (r: Pick<RecordRow, 'type' | 'content' | 'data'>): number =>
      r.content !== undefined ? r.content.length : renderDataContent(r.type, r.data ?? {}).length;
    const total = others.filter((r) => r.type === draft.type).reduce((n, r) => n + contentLength(r), contentLength(draft));
    if (total > MAX_RRSET_CONTENT) {
      throw invalid(
        C.rrsetTooLarge,
        `The ${draft.type} records at ${draft.name} would have ${total} characters of content together; the limit is ${MAX_RRSET_CONTENT}.`,
      );
    }
  }

  private indexAdd(name: string, id: string): void {
    const ids = this.store.get<string[]>(this.names, name) ?? [];
    this.store.put(this.names, name, [...ids, id]);
  }

  private indexRemove(name: string, id: string): void {
    const ids = (this.store.get<string[]>(this.names, name) ?? []).filter((x) => x !== id);
    if (ids.length === 0) this.store.delete(this.names, name);
    else this.store.put(this.names, name, ids);
  }

  create(draft: RecordDraft, now: Date): RecordRow {
    this.checkConflicts(draft, undefined);
    if (this.options !== undefined) checkRecordQuota(this.store, this.zone, this.options, this.count());
    const iso = now.toISOString();
    const row: RecordRow = { id: newId(), zone_id: this.zone.id, ...draft, created_on: iso, modified_on: iso };
    row.proxiable = isProxiable(row);
    this.store.put(this.records, row.id, row);
    this.indexAdd(row.name, row.id);
    return row;
  }

  update(base: RecordRow, draft: RecordDraft, now: Date): RecordRow {
    this.checkConflicts(draft, base);
    const row: RecordRow = {
      id: base.id,
      zone_id: this.zone.id,
      ...draft,
      created_on: base.created_on,
      modified_on: now.toISOString(),
    };
    row.proxiable = isProxiable(row);
    this.store.put(this.records, row.id, row);
    if (row.name !== base.name) {
      this.indexRemove(base.name, row.id);
      this.indexAdd(row.name, row.id);
    }
    return row;
  }

  remove(row: RecordRow): void {
    this.store.delete(this.records, row.id);
    this.indexRemove(row.name, row.id);
  }
}
