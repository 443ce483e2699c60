/**
 * The records of one zone in the store, with a by-name index (itself a store collection, so it
 * is transactional and durable like the records), and the rules that need other records:
 * CNAME exclusivity (81053/81054), identical/existing records (81058/81057), and proxied CNAME
 * chains that stay in the zone ending at an A/AAAA (checked when a CNAME is written).
 */
import { valueKey } from '../../core/model/keys.js';
import { isInZone } from '../../core/model/names.js';
import { canonicalTxt } from '../../core/model/txt.js';
import type { Store, ZoneRow } from '../contract.js';
import { newId } from '../ids.js';
import { RECORD_CODES as C, conflict, invalid, recordNotFound } from './codes.js';
import { namesCollection, recordsCollection, type RecordRow } from './record-row.js';
import { isProxiable } from './render.js';
import type { RecordDraft } from './validate.js';

const ADDRESS_TYPES = new Set(['A', 'AAAA']);
const HOST_TYPES = new Set(['A', 'AAAA', 'CNAME']);

function identityKey(r: Pick<RecordRow, 'type' | 'content' | 'data' | 'priority'>): string {
  const content = r.type === 'TXT' && r.content !== undefined ? canonicalTxt(r.content) : r.content;
  return valueKey({ type: r.type, content, data: r.data, priority: r.priority });
}

export class ZoneRecords {
  private readonly records: string;
  private readonly names: string;

  constructor(
    private readonly store: Store,
    readonly zone: ZoneRow,
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

  private checkConflicts(draft: RecordDraft, selfId: string | undefined): void {
    const others = this.atName(draft.name).filter((r) => r.id !== selfId);
    if (others.length === 0) return;
    if (draft.type === 'CNAME') {
      if (others.some((r) => HOST_TYPES.has(r.type))) {
        throw conflict(C.nameConflict, 'An A, AAAA, or CNAME record with that host already exists.');
      }
      throw conflict(C.nameConflict, `A record with that host already exists (${others[0].type}); a CNAME cannot share its name with other records.`);
    }
    if (others.some((r) => r.type === 'CNAME')) {
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
    const iso = now.toISOString();
    const row: RecordRow = { id: newId(), zone_id: this.zone.id, ...draft, created_on: iso, modified_on: iso };
    row.proxiable = isProxiable(row);
    this.store.put(this.records, row.id, row);
    this.indexAdd(row.name, row.id);
    return row;
  }

  update(base: RecordRow, draft: RecordDraft, now: Date): RecordRow {
    this.checkConflicts(draft, base.id);
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

  /**
   * A proxied CNAME whose chain stays in the zone must end at a name with an A or AAAA record.
   * Checked when the CNAME is written (after a whole batch), never when a target is deleted.
   */
  checkProxiedChain(row: RecordRow): void {
    if (row.type !== 'CNAME' || !row.proxied || row.content === undefined) return;
    const seen = new Set([row.name]);
    let target = row.content;
    while (isInZone(target, this.zone.name)) {
      if (seen.has(target)) {
        throw invalid(C.proxiedChain, `The CNAME chain of proxied record ${row.name} loops at ${target}.`);
      }
      seen.add(target);
      const at = this.atName(target);
      if (at.some((r) => ADDRESS_TYPES.has(r.type))) return;
      const next = at.find((r) => r.type === 'CNAME');
      if (!next || next.content === undefined) {
        throw invalid(
          C.proxiedChain,
          `Proxied record ${row.name}: its CNAME chain ends at ${target}, which has no A or AAAA record in this zone; a proxied chain must end at a host with a valid IP address.`,
        );
      }
      target = next.content;
    }
  }
}
