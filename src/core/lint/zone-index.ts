/** The desired records of one zone file, indexed by name and type for the lint checks. Pure. */
import type { RecordType } from '../record-types/index.js';
import type { DesiredRecord, ZoneConfig } from '../zonefile/index.js';

export interface ZoneIndex {
  readonly zone: string;
  readonly records: readonly DesiredRecord[];
  /** Records at a name (canonical FQDN). */
  at(name: string): readonly DesiredRecord[];
  /** Records of one type at a name. */
  of(name: string, type: RecordType): readonly DesiredRecord[];
  /** True when the name is the zone or below it. */
  inZone(name: string): boolean;
  /** True when some record exists at the name, or the name is covered by a wildcard of the zone. */
  exists(name: string): boolean;
  /** Names below the apex that carry NS records (delegations). */
  readonly delegations: readonly string[];
}

export function indexZone(config: ZoneConfig): ZoneIndex {
  const byName = new Map<string, DesiredRecord[]>();
  for (const r of config.records) {
    const list = byName.get(r.record.name);
    if (list) list.push(r);
    else byName.set(r.record.name, [r]);
  }
  const zone = config.zone;
  const inZone = (name: string): boolean => name === zone || name.endsWith(`.${zone}`);
  const wildcards = [...byName.keys()].filter((n) => n.startsWith('*.')).map((n) => n.slice(2));
  const delegations = [...byName.entries()].filter(([n, rs]) => n !== zone && rs.some((r) => r.record.type === 'NS')).map(([n]) => n);
  return {
    zone,
    records: config.records,
    at: (name) => byName.get(name) ?? [],
    of: (name, type) => (byName.get(name) ?? []).filter((r) => r.record.type === type),
    inZone,
    exists: (name) => byName.has(name) || wildcards.some((w) => name.endsWith(`.${w}`)),
    delegations,
  };
}
