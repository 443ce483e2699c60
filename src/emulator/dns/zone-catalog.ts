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
import { signingKey, type SigningKey } from '../dnssec/keys.js';
import { readDnssec } from '../dnssec/state.js';

/** The keys of a signed zone (DNSSEC enabled and not deleted: src/emulator/dnssec/state.ts). */
export interface ZoneSigning {
  readonly ksk: SigningKey;
  readonly zsk: SigningKey;
  /** DNSSEC is wanted disabled: CDS and CDNSKEY say "delete" (RFC 8078 §4). */
  readonly cdsDelete: boolean;
  /** `dnssec_use_nsec3`: denial by NSEC3 (nsec3.ts) instead of NSEC. */
  readonly nsec3: boolean;
}

/** Where a nameserver reads its zones: the live store (ZoneCatalog) or a snapshot of it. */
export interface ZoneSource {
  zoneFor(qname: string): ServedZone | undefined;
}

export interface ServedZone {
  readonly zone: ZoneRow;
  readonly settings: DnsSettings;
  readonly serial: number;
  /** Records by owner name (lower-case FQDN). */
  readonly byName: ReadonlyMap<string, readonly RecordRow[]>;
  /** Names with records, and every ancestor of one below the apex (empty non-terminals). */
  readonly existing: ReadonlySet<string>;
  /** Present when the zone is signed. */
  readonly signing?: ZoneSigning;
}

interface Cached {
  generation: number;
  fingerprint: string;
  served: ServedZone;
}

/**
 * The zones the public nameservers answer: internal zones "do not get assigned Cloudflare
 * nameservers and can only be queried via Cloudflare Gateway"
 * (https://developers.cloudflare.com/dns/internal-dns/internal-zones/).
 */
function publicZones(store: Store): ZoneRow[] {
  return store.values<ZoneRow>('zones').filter((z) => z.type !== 'internal');
}

export class ZoneCatalog implements ZoneSource {
  private readonly cache = new Map<string, Cached>();

  constructor(
    private readonly store: Store,
    private readonly generation: () => number,
    private readonly now: () => Date,
  ) {}

  /** The zone `qname` (lower-case, no trailing dot) belongs to: the longest zone name that encloses it. */
  zoneFor(qname: string): ServedZone | undefined {
    const best = longestMatch(publicZones(this.store), qname, (z) => z.name);
    return best === undefined ? undefined : this.served(best);
  }

  /** Every zone as it is now, frozen: what a held or lagging nameserver serves. */
  snapshot(): ZoneSource {
    const zones = publicZones(this.store).map((z) => this.served(z));
    return { zoneFor: (qname) => longestMatch(zones, qname, (s) => s.zone.name) };
  }

  private served(zone: ZoneRow): ServedZone {
    const generation = this.generation();
    const cached = this.cache.get(zone.id);
    if (cached !== undefined && cached.generation === generation) return cached.served;
    const records = this.store.values<RecordRow>(recordsCollection(zone.id));
    const settings = readZoneSettings(this.store, zone);
    const dnssec = readDnssec(this.store, zone.id);
    const fingerprint = createHash('sha256')
      .update(JSON.stringify([records, settings, zone.name_servers, dnssec.keys ?? null, dnssec.wanted, dnssec.use_nsec3]))
      .digest('hex');
    const unixNow = Math.floor(this.now().getTime() / 1000);
    const serial =
      cached === undefined
        ? unixNow
        : cached.fingerprint === fingerprint
          ? cached.served.serial
          : Math.max(cached.served.serial + 1, unixNow);
    const signing: ZoneSigning | undefined =
      dnssec.keys === undefined
        ? undefined
        : {
            ksk: signingKey(dnssec.keys.ksk),
            zsk: signingKey(dnssec.keys.zsk),
            cdsDelete: dnssec.wanted === 'disabled',
            nsec3: dnssec.use_nsec3,
          };
    const served = { zone, settings, serial, ...index(zone.name, records), ...(signing ? { signing } : {}) };
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

/** The item whose name encloses `qname` most closely. */
function longestMatch<T>(items: readonly T[], qname: string, nameOf: (item: T) => string): T | undefined {
  let best: T | undefined;
  for (const item of items) {
    const name = nameOf(item);
    if ((qname === name || qname.endsWith(`.${name}`)) && (best === undefined || name.length > nameOf(best).length)) best = item;
  }
  return best;
}
