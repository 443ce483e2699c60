/**
 * The ownership marker of `manage.unmanaged: owned`: zonectl marks each record it writes, so that
 * it deletes only what it made (README.md, "Sharing a zone").
 *
 * - On paid plans the marker is the tag `zonectl:owned`. On Free zones tags are not available
 *   ("Tags: Pro, Business and Enterprise plans", https://developers.cloudflare.com/dns/manage-dns-records/reference/record-attributes/),
 *   so the marker is the last word of the record's comment, `[zonectl]`, after the user's text
 *   and one space (`origin [zonectl]`), or the whole comment when the user has none. A zone whose
 *   plan cannot be read (a token without Zone Read) gets the comment form, which every plan takes.
 * - Either form marks a record, whatever the zone's plan is now (a zone moved to another plan keeps
 *   its records marked). Every comparison reads the record without its marker (`withoutMarker`):
 *   the file's comment and tags compare equal to the live ones, so the marker is never drift nor
 *   a change of the user's comment, in every mode.
 * - A write carries the marker (`markedFields`): the file's comment (or, when the file leaves the
 *   comment unmanaged, the live one) with the marker after it; the file's tags (or the live ones)
 *   with the marker tag. The comment form takes `[zonectl]` and a space out of the plan's comment
 *   limit (100 characters on Free: src/core/service/record-limits.ts), checked before any write.
 * - A file never writes the marker itself (a comment ending in `[zonectl]`, the tag
 *   `zonectl:owned`): it would mark records by hand.
 */
import type { CanonicalRecord } from '../model/record.js';
import { COMMENT_MAX_FREE, COMMENT_MAX_PAID } from '../service/record-limits.js';
import type { ZoneTier } from '../service/zone-tiers.js';

export const MARKER_TAG = 'zonectl:owned';
export const COMMENT_MARKER = '[zonectl]';
const COMMENT_SUFFIX = ` ${COMMENT_MARKER}`;

/** Where the marker is written: a tag (paid plans) or the end of the comment (Free, or a plan zonectl cannot read). */
export type MarkerForm = 'tag' | 'comment';

export function markerFormFor(tier: ZoneTier | undefined): MarkerForm {
  return tier === undefined || tier === 'free' ? 'comment' : 'tag';
}

function commentMarked(comment: string | null | undefined): boolean {
  return typeof comment === 'string' && (comment === COMMENT_MARKER || comment.endsWith(COMMENT_SUFFIX));
}

/** True when a live record carries the marker, in either form. */
export function isMarked(r: CanonicalRecord): boolean {
  return r.tags?.includes(MARKER_TAG) === true || commentMarked(r.comment);
}

/** The user's part of a comment (null when only the marker was there). */
export function userComment(comment: string | null | undefined): string | null | undefined {
  if (!commentMarked(comment)) return comment;
  const text = comment as string;
  return text === COMMENT_MARKER ? null : text.slice(0, -COMMENT_SUFFIX.length);
}

/** The record as its user wrote it: without the marker tag and without the comment's marker. The same object when it has none. */
export function withoutMarker<T extends CanonicalRecord>(r: T): T {
  const tagged = r.tags?.includes(MARKER_TAG) === true;
  const commented = commentMarked(r.comment);
  if (!tagged && !commented) return r;
  const copy: { -readonly [K in keyof T]: T[K] } = { ...r };
  if (tagged) (copy as { tags?: readonly string[] }).tags = r.tags!.filter((t) => t !== MARKER_TAG);
  if (commented) (copy as { comment?: string | null }).comment = userComment(r.comment) ?? null;
  return copy;
}

/**
 * The comment and tags a write sends so that the record carries the marker: `after`'s (the file's)
 * when it manages them, else `live`'s user part (an update keeps what the file leaves unmanaged).
 */
export function markedFields(
  after: CanonicalRecord,
  live: CanonicalRecord | undefined,
  form: MarkerForm,
): { readonly comment?: string | null; readonly tags?: readonly string[] } {
  if (form === 'tag') {
    const base = after.tags ?? (live !== undefined ? withoutMarker(live).tags : undefined) ?? [];
    return { tags: [...base.filter((t) => t !== MARKER_TAG), MARKER_TAG].sort() };
  }
  const base = after.comment !== undefined ? after.comment : live !== undefined ? withoutMarker(live).comment : null;
  return { comment: base === null || base === undefined || base === '' ? COMMENT_MARKER : `${base}${COMMENT_SUFFIX}` };
}

/** How long the user's comment may be when the marker shares it (the plan's limit less the marker; a plan zonectl cannot read: the paid limit). */
export function commentRoom(tier: ZoneTier | undefined, form: MarkerForm): number {
  const limit = tier === 'free' ? COMMENT_MAX_FREE : COMMENT_MAX_PAID;
  return form === 'comment' ? limit - COMMENT_SUFFIX.length : limit;
}

/**
 * Under `manage.unmanaged: owned` with the comment form: the file's comments too long to share
 * the comment with the marker (one message each, naming the record); empty otherwise.
 */
export function markerCommentProblems(
  records: ReadonlyArray<{ readonly record: CanonicalRecord; readonly path: string; readonly line: number }>,
  tier: ZoneTier | undefined,
): string[] {
  const form = markerFormFor(tier);
  if (form !== 'comment') return [];
  const room = commentRoom(tier, form);
  const out: string[] = [];
  for (const d of records) {
    const c = d.record.comment;
    if (typeof c === 'string' && c.length > room)
      out.push(
        `${d.path} (line ${d.line}) ${d.record.name} ${d.record.type}: a comment of ${c.length} characters leaves no room for zonectl's ownership marker (${COMMENT_MARKER}, manage.unmanaged: owned): ${room} at most on this zone's plan`,
      );
  }
  return out;
}

/** What is wrong with a file record that writes the marker itself, or undefined. */
export function markerInFile(r: Pick<CanonicalRecord, 'comment' | 'tags'>): 'comment' | 'tags' | undefined {
  if (commentMarked(r.comment)) return 'comment';
  if (r.tags?.some((t) => t.toLowerCase() === MARKER_TAG)) return 'tags';
  return undefined;
}
