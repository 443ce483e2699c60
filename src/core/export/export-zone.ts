/**
 * A live zone -> the zone file `zonectl export` writes (as data; render-export.ts writes it as
 * YAML with comments, or JSON). Pure. The file plans clean against the zone it came from:
 * every record zonectl may manage is listed in canonical form, and what it must not touch
 * (service-managed or read-only records) or cannot (types it does not manage) is listed in
 * notes that the YAML keeps as comments, never dropped silently.
 */
import type { LiveToken } from '../diff/diff-tokens.js';
import { relativeRecordName } from '../model/names.js';
import type { LiveRecord } from '../model/record.js';
import { describeReason, leftAloneByRules, withoutMarker, zoneView } from '../ownership/index.js';
import { exportRecords, type ExportedDefaults, type ExportedRecord } from './export-records.js';
import { exportDnssec, type DesiredDnssec, type LiveDnssec } from '../dnssec/index.js';
import { exportSettings } from './export-settings.js';
import { exportTokens, type ExportedToken } from './export-tokens.js';

/** A live record of a type zonectl does not manage, as listed. */
export interface UnknownTypeRecord {
  readonly id: string;
  readonly name: string;
  readonly type: string;
  readonly content?: string;
}

export interface ExportInput {
  readonly zone: string;
  readonly zoneId: string;
  /** `internal` for an internal DNS zone (written as `zone_type: internal` with its `zone_id`); absent: public. */
  readonly zoneType?: 'internal';
  readonly accountId?: string;
  /** The account of zonectl.yaml the zone was read with, written as `account:` (none without accounts). */
  readonly account?: string;
  readonly nameServers?: readonly string[];
  /** Every live record zonectl reads (protected ones included: they become notes). */
  readonly records: readonly LiveRecord[];
  readonly unknownTypes: readonly UnknownTypeRecord[];
  readonly settings: Readonly<Record<string, unknown>>;
  /** Live tokens; undefined when they could not be read (then `tokenNote` says why). */
  readonly tokens?: readonly LiveToken[];
  readonly permissionGroups?: ReadonlyArray<{ readonly id: string; readonly name: string }>;
  readonly tokenNote?: string;
  /** GET /zones/{zone_id}/dnssec; undefined when it could not be read (then `dnssecNote` says why). */
  readonly dnssec?: LiveDnssec;
  readonly dnssecNote?: string;
}

export interface ExportedZoneFile {
  version: 1;
  zone: string;
  /** An internal zone: `internal` (several internal zones may share a name, so `zone_id` pins it). */
  zone_type?: 'internal';
  zone_id?: string;
  /** The account of zonectl.yaml that serves the zone (written by import --from). */
  account?: string;
  defaults?: ExportedDefaults;
  settings?: Record<string, unknown>;
  dnssec?: DesiredDnssec;
  records: ExportedRecord[];
  tokens?: ExportedToken[];
  /** Ownership carried over from another tool (import --from): its ignore rules, `unmanaged: keep`. */
  manage?: { unmanaged?: 'keep'; ignore?: Array<{ name?: string; type?: string; content?: string }> };
}

/** Comment lines a written file carries (import --from: the old tool's comments): above each record and ignore rule (by index), at the top, at the end. */
export interface WrittenComments {
  readonly top: readonly string[];
  readonly end: readonly string[];
  readonly records: ReadonlyArray<readonly string[] | undefined>;
  readonly ignore: ReadonlyArray<readonly string[] | undefined>;
  readonly tokens?: ReadonlyArray<readonly string[] | undefined>;
}

export interface ZoneExport {
  readonly file: ExportedZoneFile;
  /** Records left out because zonectl must not change them: one line each, with why. */
  readonly leftOut: readonly string[];
  /** Records of types zonectl does not manage: one line each. */
  readonly unknown: readonly string[];
  readonly notes: readonly string[];
  /** Further comment blocks written before `records` (e.g. what an import could not read). */
  readonly sections?: ReadonlyArray<{ readonly title: string; readonly lines: readonly string[] }>;
  /** Comments of the old tool's files carried across (import --from): above records and ignore rules, at the top, at the end. */
  readonly carried?: WrittenComments;
}

function describeLive(r: LiveRecord, zone: string): string {
  const value = r.content ?? JSON.stringify(r.data ?? {});
  return `${relativeRecordName(r.name, zone)} ${r.type} ${value}${r.priority !== undefined ? ` (priority ${r.priority})` : ''} (id ${r.id})`;
}

export function exportZone(input: ExportInput): ZoneExport {
  const managed: LiveRecord[] = [];
  const leftOut: string[] = [];
  // Whose each record is, asked of the one ownership function with no file yet: the service's own
  // records are left out; the others are written as their user wrote them (zonectl's ownership
  // marker is never part of a zone file: src/core/ownership/marker.ts).
  const view = zoneView(input.zone, { unmanaged: 'delete', ignore: [] }, [], input.records);
  for (const r of input.records) {
    const reason = leftAloneByRules(view, r);
    if (reason === undefined) managed.push(withoutMarker(r));
    else leftOut.push(`${describeLive(r, input.zone)}: ${describeReason(reason)}; zonectl never changes it`);
  }
  const unknown = input.unknownTypes.map(
    (r) =>
      `${relativeRecordName(r.name.toLowerCase().replace(/\.$/, ''), input.zone)} ${r.type} ${r.content ?? ''} (id ${r.id}): zonectl does not manage type ${r.type}; it is left alone`,
  );
  const { defaults, records } = exportRecords(managed, input.zone);
  const file: ExportedZoneFile = { version: 1, zone: input.zone, records };
  if (Object.keys(defaults).length > 0) file.defaults = defaults;
  const settings = exportSettings(input.settings, input.nameServers);
  if (Object.keys(settings).length > 0) file.settings = settings;
  const notes: string[] = [];
  if (input.tokens !== undefined) {
    const tokens = exportTokens(input.tokens, {
      zoneId: input.zoneId,
      accountId: input.accountId,
      permissionGroups: input.permissionGroups ?? [],
    });
    if (tokens.length > 0) file.tokens = tokens;
  }
  if (input.tokenNote !== undefined) notes.push(input.tokenNote);
  if (input.dnssec !== undefined) {
    // The section that plans no DNSSEC change, and the state and DS record as a note (src/core/dnssec/export.ts).
    const dnssec = exportDnssec(input.dnssec);
    if (dnssec.section !== undefined) file.dnssec = dnssec.section;
    notes.push(dnssec.comment);
  }
  if (input.dnssecNote !== undefined) notes.push(input.dnssecNote);
  // Key order of the written file: version, zone, zone_type and zone_id (internal zones), account, defaults, settings, dnssec, records, tokens.
  const ordered: ExportedZoneFile = {
    version: 1,
    zone: file.zone,
    // An internal zone may share its name with a public zone and with other internal zones
    // (https://developers.cloudflare.com/dns/internal-dns/internal-zones/setup/): its file says
    // its type and pins its id.
    ...(input.zoneType === 'internal' ? { zone_type: 'internal' as const, zone_id: input.zoneId } : {}),
    ...(input.account !== undefined ? { account: input.account } : {}),
    ...(file.defaults ? { defaults: file.defaults } : {}),
    ...(file.settings ? { settings: file.settings } : {}),
    ...(file.dnssec ? { dnssec: file.dnssec } : {}),
    records: file.records,
    ...(file.tokens ? { tokens: file.tokens } : {}),
  };
  return { file: ordered, leftOut, unknown, notes };
}
