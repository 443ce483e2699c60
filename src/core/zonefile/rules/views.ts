import type { PathSegment } from '../../text/index.js';
import type { ProblemSink } from '../../yaml/index.js';
import type { RawAccountFile, ViewMemberSpec, ViewSpec } from '../account-types.js';
import { viewZoneId, viewZoneName } from '../view-member-names.js';

/**
 * `views:` as the account's views. Within one file: a view named by an empty name, and a zone
 * named twice in one view, are refused ("Each internal DNS zone name must be unique within a
 * given DNS view", https://developers.cloudflare.com/dns/internal-dns/dns-views/); the rules that
 * need the repository's zone files are src/core/zonefile/rules/view-members.ts.
 */
export function buildViews(raw: NonNullable<RawAccountFile['views']>, sink: ProblemSink): ViewSpec[] {
  const views: ViewSpec[] = [];
  for (const [name, entries] of Object.entries(raw)) {
    if (name.trim() === '')
      sink.keyError('view.name-empty', ['views', name], 'a DNS view needs a name (the key of its entry under `views`)');
    const members: ViewMemberSpec[] = [];
    const seen = new Map<string, number>();
    for (const [i, entry] of entries.entries()) {
      const at: PathSegment[] = ['views', name, i];
      const member: ViewMemberSpec =
        typeof entry === 'string'
          ? { zone: viewZoneName(entry), path: `views.${name}[${i}]`, line: sink.lineOf(at) }
          : { zoneId: viewZoneId(entry.zone_id), path: `views.${name}[${i}].zone_id`, line: sink.lineOf([...at, 'zone_id']) };
      const key = member.zone ?? member.zoneId!;
      const earlier = seen.get(key);
      if (earlier !== undefined) {
        sink.error(
          'view.duplicate-zone',
          at,
          `view "${name}" names ${member.zone !== undefined ? `zone ${key}` : `zone id ${key}`} twice (also at [${earlier}]): a zone is in a view once, and a zone name is unique within a DNS view (https://developers.cloudflare.com/dns/internal-dns/dns-views/)`,
        );
        continue;
      }
      seen.set(key, i);
      members.push(member);
    }
    views.push({ name, members, line: sink.lineOf(['views', name]) });
  }
  return views;
}
