/**
 * The zones the DNS server answers for, read from the emulator's store: a zone's records by
 * name, the names that exist (with records, or with names below them: empty non-terminals),
 * its DNS settings and name servers, and its SOA serial.
 *
 * The index of a zone is rebuilt when the store may have changed (`generation`, bumped by the
 * HTTP server after every write request), so a change through the API is answered at once.
 * The serial increases whenever the zone's records, settings or name servers change: it is
 * max(previous + 1, the clock in Unix seconds), so it also grows across restarts.
 */
import { createHash } from 'node:crypto';
import type { Store, ZoneRow } from '../contract.js';
import { recordsCollection, type RecordRow } from '../records/record-row.js';
import { readZoneSettings, type DnsSettings } from '../settings/index.js';

export interface ServedZone {
  readonly zone: ZoneRow;
  readonly settings: DnsSettings;
  readonly serial: number;
  /** Records by owner name (lower-case FQDN). */
  readonly byName: ReadonlyMap<string, readonly RecordRow[]>;
  /** Names with records, and every ancestor of one below the apex (empty non-terminals). */
  readonly existing: ReadonlySet<string>;
}

interface Cached {
  generation: number;
  fingerprint: string;
  served: ServedZone;
}

export class ZoneCatalog {
  private readonly cache = new Map<string, Cached>();

  constructor(
    private readonly store: Store,
    private readonly generation: () => number,
    private readonly now: () => Date,
  ) {}

  /** The zone `qname` (lower-case, no trailing dot) belongs to: the longest zone name that encloses it. */
  zoneFor(qname: string): ServedZone | undefined {
    let best: ZoneRow | undefined;
    for (const z of this.store.values<ZoneRow>('zones')) {
      if ((qname === z.name || qname.endsWith(`.${z.name}`)) && (best === undefined || z.name.length > best.name.length)) best = z;
    }
    return best === undefined ? undefined : this.served(best);
  }

  private served(zone: ZoneRow): ServedZone {
    const generation = this.generation();
    const cached = this.cache.get(zone.id);
    if (cached !== undefined && cached.generation === generation) return cached.served;
    const records = this.store.values<RecordRow>(recordsCollection(zone.id));
    const settings = readZoneSettings(this.store, zone);
    const fingerprint = createHash('sha256')
      .update(JSON.stringify([records, settings, zone.name_servers]))
      .digest('hex');
    const unixNow = Math.floor(this.now().getTime() / 1000);
    const serial =
      cached === undefined
        ? unixNow
        : cached.fingerprint === fingerprint
          ? cached.served.serial
          : Math.max(cached.served.serial + 1, unixNow);
    const served = { zone, settings, serial, ...index(zone.name, records) };
    this.cache.set(zone.id, { generation, fingerprint, served });
    return served;
  }
}

function index(apex: string, records: readonly RecordRow[]): Pick<ServedZone, 'byName' | 'existing'> {
  const byName = new Map<string, RecordRow[]>();
  const existing = new Set<string>([apex]);
  for (const r of records) {
    const list = byName.get(r.name);
    if (list) list.push(r);
    else byName.set(r.name, [r]);
    for (let n = r.name; n !== apex && n.length > apex.length; n = n.slice(n.indexOf('.') + 1)) existing.add(n);
  }
  return { byName, existing };
}
