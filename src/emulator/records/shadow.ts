/**
 * Shadow metadata (`include_shadow_metadata=true`), as
 * https://developers.cloudflare.com/dns/manage-dns-records/reference/shadowed-records/ describes
 * it (the changelog of 2026-09-14 made it available for all zones): fields of a record's `meta`,
 * computed at read time, never stored.
 * - `shadowed_by`: the ids of the NS records whose delegations (NS below the apex) hold the
 *   record's name at or below theirs. Apex records never carry it; an NS record at a delegation's
 *   own name is that delegation (shadowed only by a shallower one). A DS at the delegation's name
 *   is the parent's side of it (RFC 4035 §2.4) and is not shadowed either: the emulator's reading
 *   (the docs' table does not list DS).
 * - `is_glue`: an A/AAAA record whose name is the target of one of the NS records shadowing it.
 * - `dead_glue`: glue that a shallower delegation takes authority over, so it is never served.
 * - `shadowed_records_count`: on an NS record of a delegation, how many records are at or below
 *   it, its own NS records excluded; capped at 10,000, left out when zero.
 * Lists and batches carry it only for 1,000 records or fewer ("Requests above that limit return
 * records without shadow metadata").
 */
import type { RecordRow } from './record-row.js';

/** Records of a list page or batch above which no shadow metadata is computed. */
export const SHADOW_METADATA_MAX = 1000;
const COUNT_CAP = 10_000;

export interface ShadowMeta {
  shadowed_by?: string[];
  is_glue?: true;
  dead_glue?: true;
  shadowed_records_count?: number;
}

/** The shadow metadata of the records of one zone (all of them: a delegation shadows records on any page). */
export class ShadowIndex {
  private readonly delegations = new Map<string, RecordRow[]>();
  private readonly counts = new Map<string, number>();

  constructor(
    rows: readonly RecordRow[],
    private readonly apex: string,
  ) {
    for (const r of rows) {
      if (r.type === 'NS' && r.name !== apex) this.delegations.set(r.name, [...(this.delegations.get(r.name) ?? []), r]);
    }
    if (this.delegations.size === 0) return;
    for (const r of rows) {
      for (const d of this.ancestors(r.name)) {
        if (!this.delegations.has(d) || (d === r.name && r.type === 'NS')) continue;
        this.counts.set(d, (this.counts.get(d) ?? 0) + 1);
      }
    }
  }

  /** The names from `name` up to (not including) the apex, shallowest first. */
  private ancestors(name: string): string[] {
    if (name === this.apex || !name.endsWith(`.${this.apex}`)) return [];
    const labels = name.slice(0, -(this.apex.length + 1)).split('.');
    const out: string[] = [];
    for (let i = labels.length - 1; i >= 0; i -= 1) out.push(`${labels.slice(i).join('.')}.${this.apex}`);
    return out;
  }

  of(r: RecordRow): ShadowMeta {
    if (this.delegations.size === 0) return {};
    const meta: ShadowMeta = {};
    if (r.type === 'NS' && this.delegations.has(r.name)) {
      const count = this.counts.get(r.name) ?? 0;
      if (count > 0) meta.shadowed_records_count = Math.min(count, COUNT_CAP);
    }
    const shadowing = this.ancestors(r.name).filter(
      (d) => this.delegations.has(d) && !(d === r.name && (r.type === 'NS' || r.type === 'DS')),
    );
    if (shadowing.length === 0) return meta;
    meta.shadowed_by = shadowing.flatMap((d) => this.delegations.get(d)!.map((ns) => ns.id));
    if (r.type === 'A' || r.type === 'AAAA') {
      const needing = shadowing.filter((d) => this.delegations.get(d)!.some((ns) => ns.content === r.name));
      if (needing.length > 0) {
        meta.is_glue = true;
        // Shallowest first: a delegation above the shallowest one needing this glue takes its name.
        if (shadowing.indexOf(needing[0]!) > 0) meta.dead_glue = true;
      }
    }
    return meta;
  }
}
