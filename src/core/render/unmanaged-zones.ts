/**
 * `drift --unmanaged-zones`: the zones the run's credentials can see that no zone file manages,
 * as every report format shows them (text, JSON, markdown, HTML, JUnit, Slack). Every field
 * comes from the API (`GET /zones`): each format escapes it for where it goes. Pure.
 */
import { printable } from '../text/index.js';

/** One zone no file manages (src/app/engine/unmanaged-zones.ts lists them). */
export interface UnmanagedZoneRow {
  readonly zone: string;
  readonly id: string;
  readonly account_id: string;
  /** The account's name in zonectl.yaml, when listed through one. */
  readonly account?: string;
}

/** The heading before the list: how many, and what it means. */
export function unmanagedZonesHeading(count: number): string {
  return count === 0
    ? 'Unmanaged zones: none (every zone the credentials can see has a file)'
    : `Unmanaged zones (${count}; no file manages them; zonectl never deletes a zone):`;
}

/** One zone as one line of printable text: `legacy.example (id …, account … "shop")`; escape it for the format. */
export function unmanagedZoneLine(z: UnmanagedZoneRow): string {
  return printable(`${z.zone} (id ${z.id}, account ${z.account_id}${z.account !== undefined ? ` "${z.account}"` : ''})`);
}
