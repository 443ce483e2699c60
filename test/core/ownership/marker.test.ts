/** zonectl's ownership marker (src/core/ownership/marker.ts): its two forms, kept apart from the user's comment and tags. */
import { describe, expect, it } from 'vitest';
import { normalizeRecord } from '../../../src/core/model/normalize.js';
import {
  COMMENT_MARKER,
  commentRoom,
  isMarked,
  markedFields,
  markerCommentProblems,
  markerFormFor,
  markerInFile,
  MARKER_TAG,
  withoutMarker,
} from '../../../src/core/ownership/index.js';

const rec = (comment?: string | null, tags?: string[]) =>
  normalizeRecord(
    { name: 'www', type: 'A', content: '192.0.2.1', ...(comment !== undefined ? { comment } : {}), ...(tags ? { tags } : {}) },
    'example.com',
  );

describe('the ownership marker', () => {
  it('a tag on paid plans, the comment on Free and where the plan is unknown (tags: paid plans only)', () => {
    expect(markerFormFor('free')).toBe('comment');
    expect(markerFormFor(undefined)).toBe('comment');
    expect(markerFormFor('pro')).toBe('tag');
    expect(markerFormFor('enterprise')).toBe('tag');
  });

  it('is written after the user comment, one space apart, or alone; the tag beside the user tags', () => {
    expect(markedFields(rec('origin'), undefined, 'comment')).toEqual({ comment: `origin ${COMMENT_MARKER}` });
    expect(markedFields(rec(null), undefined, 'comment')).toEqual({ comment: COMMENT_MARKER });
    expect(markedFields(rec(undefined, ['team:web']), undefined, 'tag')).toEqual({ tags: [MARKER_TAG, 'team:web'].sort() });
    // A file that leaves the comment unmanaged keeps the live one's user text.
    expect(markedFields(rec(undefined), rec('dashboard note'), 'comment')).toEqual({ comment: `dashboard note ${COMMENT_MARKER}` });
    expect(markedFields(rec(undefined), rec(`dashboard note ${COMMENT_MARKER}`), 'comment')).toEqual({
      comment: `dashboard note ${COMMENT_MARKER}`,
    });
  });

  it('either form marks a record; the user comment and tags read without it (never a difference)', () => {
    expect(isMarked(rec(`origin ${COMMENT_MARKER}`))).toBe(true);
    expect(isMarked(rec(COMMENT_MARKER))).toBe(true);
    expect(isMarked(rec(undefined, [MARKER_TAG]))).toBe(true);
    expect(isMarked(rec('origin[zonectl]'))).toBe(false);
    expect(isMarked(rec('origin'))).toBe(false);
    expect(withoutMarker(rec(`origin ${COMMENT_MARKER}`)).comment).toBe('origin');
    expect(withoutMarker(rec(COMMENT_MARKER)).comment).toBeNull();
    expect(withoutMarker(rec(undefined, ['team:web', MARKER_TAG])).tags).toEqual(['team:web']);
    const plain = rec('origin');
    expect(withoutMarker(plain)).toBe(plain);
  });

  it('takes its room out of the comment limit on Free (100) and no room from a tag', () => {
    expect(commentRoom('free', 'comment')).toBe(100 - COMMENT_MARKER.length - 1);
    expect(commentRoom('pro', 'tag')).toBe(500);
    const long = { record: rec('x'.repeat(95)), path: 'records[0]', line: 4 };
    const fits = { record: rec('x'.repeat(90)), path: 'records[1]', line: 5 };
    const problems = markerCommentProblems([long, fits], 'free');
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain('records[0] (line 4) www.example.com A: a comment of 95 characters');
    expect(problems[0]).toContain('90 at most');
    expect(markerCommentProblems([long], 'pro')).toEqual([]);
  });

  it('a file never writes the marker itself', () => {
    expect(markerInFile(rec(`note ${COMMENT_MARKER}`))).toBe('comment');
    expect(markerInFile(rec(undefined, ['Zonectl:Owned']))).toBe('tags');
    expect(markerInFile(rec('note'))).toBeUndefined();
  });
});
