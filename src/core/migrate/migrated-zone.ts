/**
 * What every importer produces for one zone, and the zone file written from it: the same shape and
 * layout as `zonectl export` (render-export.ts), with the account, the ownership carried over from
 * the old tool (`manage`), and the zone's report items kept as comments above `records`. Pure.
 */
import { type ExportedDefaults, exportRecords } from '../export/export-records.js';
import type { ZoneComments } from './comments/source-comments.js';
import { layComments } from './comments/zone-comments.js';
import type { ExportedToken } from '../export/export-tokens.js';
import type { ExportedZoneFile, ZoneExport } from '../export/export-zone.js';
import type { CanonicalRecord } from '../model/record.js';
import type { IgnoreRule } from '../zonefile/index.js';
import type { ReportItem } from './report.js';

export interface MigratedZone {
  readonly zone: string;
  /** The account of the zonectl.yaml written beside the zone files. */
  readonly account?: string;
  readonly records: readonly CanonicalRecord[];
  readonly settings?: Readonly<Record<string, unknown>>;
  readonly tokens?: readonly ExportedToken[];
  readonly unmanaged?: 'keep';
  readonly ignore?: readonly IgnoreRule[];
  readonly items: readonly ReportItem[];
  /** The old tool's comments of this zone, placed (import --from). */
  readonly comments?: ZoneComments;
  /**
   * The `defaults` to write: what a record added later without its own TTL or proxied means in
   * the old tool (issue 40 item 3); none: each record says its own. Never chosen by majority.
   */
  readonly defaults?: ExportedDefaults;
}

function itemLine(i: ReportItem): string {
  return `${i.subject}: ${i.detail}${i.at !== undefined ? ` (${i.at.file}${i.at.line !== undefined ? `:${i.at.line}` : ''})` : ''}`;
}

/** The zone file of a migrated zone, as data for renderExportYaml. */
export function migratedZoneExport(z: MigratedZone, tool: string): ZoneExport {
  const { defaults, records, sources } = exportRecords(z.records, z.zone, z.defaults ?? {});
  const file: ExportedZoneFile = {
    version: 1,
    zone: z.zone,
    ...(z.account !== undefined ? { account: z.account } : {}),
    ...(Object.keys(defaults).length > 0 ? { defaults } : {}),
    ...(z.settings !== undefined && Object.keys(z.settings).length > 0 ? { settings: { ...z.settings } } : {}),
    records,
    ...(z.tokens !== undefined && z.tokens.length > 0 ? { tokens: [...z.tokens] } : {}),
  };
  if (z.unmanaged !== undefined || (z.ignore !== undefined && z.ignore.length > 0)) {
    file.manage = {
      ...(z.unmanaged !== undefined ? { unmanaged: z.unmanaged } : {}),
      ...(z.ignore !== undefined && z.ignore.length > 0 ? { ignore: z.ignore.map((r) => ({ ...r })) } : {}),
    };
  }
  const section = (kind: ReportItem['kind'], title: string) => ({
    title,
    lines: z.items.filter((i) => i.kind === kind).map(itemLine),
  });
  return {
    file,
    leftOut: [],
    unknown: [],
    notes: [],
    sections: [
      section('left_to_old_tool', `Left to ${tool} (not in this file):`),
      section('meaning_changes', `Carried over from ${tool} with another meaning:`),
      section('no_meaning', `Read from ${tool}, with no zonectl meaning (not carried over):`),
    ],
    ...(z.comments !== undefined ? { carried: layComments(z.comments, sources, z.ignore ?? [], z.tokens ?? []) } : {}),
  };
}
