/**
 * What a zone of a view in the account file (`views.<name>[i]`) means, as written: a zone named
 * by name, or by `{ zone_id }`. The one reading of both forms, for the account file's rules
 * (rules/views.ts, where a zone named twice in a view is refused) and for export, which keeps a
 * view's list as the file writes it when it means the live zones (core/export/export-views.ts).
 */

/** A zone named by name: trimmed, lower case, without a final dot (`Internal.Example. ` is `internal.example`). */
export function viewZoneName(written: string): string {
  return written.trim().toLowerCase().replace(/\.$/, '');
}

/** A zone named by `{ zone_id }`: its id, lower case (ids are hexadecimal; compared in lower case). */
export function viewZoneId(written: string): string {
  return written.toLowerCase();
}
