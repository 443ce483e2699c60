/**
 * The zones of an account file's views against the zone files read with it (the repository's):
 * - a name that only public zone files describe is refused: "A DNS view cannot contain public
 *   DNS zones" (https://developers.cloudflare.com/dns/internal-dns/dns-views/); so is a
 *   `{ zone_id }` that a public zone file of the repository pins;
 * - a name that several internal zone files describe (each pinned by its `zone_id`: "There can
 *   be several internal zones with the same name in one account",
 *   https://developers.cloudflare.com/dns/internal-dns/internal-zones/setup/) does not say which
 *   one is meant: refused, name it by `{ zone_id }`;
 * - two entries that are zones of one name are refused: "two internal zones with the same name
 *   cannot be linked to the same view" (same page);
 * - a name no zone file describes is left to plan, which looks it up among the account's
 *   internal zones (src/app/engine/plan-account-run.ts): validate makes no request.
 * A name the repository describes takes the zone file's `zone_id` when it pins one. Pure.
 */
import type { ViewCheckCode } from '../../checks/view-checks.js';
import type { Problem } from '../../yaml/index.js';
import type { AccountConfig, ViewMemberSpec, ViewSpec } from '../account-types.js';
import type { ZoneConfig } from '../types.js';

type ZoneFacts = Pick<ZoneConfig, 'zone' | 'zoneId' | 'zoneType' | 'file'>;

function problem(account: AccountConfig, member: ViewMemberSpec, code: ViewCheckCode, message: string): Problem {
  return { severity: 'error', file: account.file, line: member.line, col: 1, path: member.path, message, code };
}

/** The member with what the repository says of it, or the problem that refuses it. */
function resolveMember(
  account: AccountConfig,
  view: ViewSpec,
  member: ViewMemberSpec,
  zones: readonly ZoneFacts[],
): { member: ViewMemberSpec; name?: string } | Problem {
  if (member.zoneId !== undefined) {
    const pinned = zones.find((z) => z.zoneId?.toLowerCase() === member.zoneId);
    if (pinned === undefined) return { member };
    if (pinned.zoneType !== 'internal')
      return problem(
        account,
        member,
        'view.public-zone',
        `view "${view.name}": zone id ${member.zoneId} is the public zone ${pinned.zone} (${pinned.file}); a DNS view cannot contain public DNS zones (https://developers.cloudflare.com/dns/internal-dns/dns-views/)`,
      );
    return { member: { ...member, zoneFile: pinned.file }, name: pinned.zone };
  }
  const name = member.zone!;
  const named = zones.filter((z) => z.zone === name);
  const internal = named.filter((z) => z.zoneType === 'internal');
  if (internal.length === 0 && named.length > 0)
    return problem(
      account,
      member,
      'view.public-zone',
      `view "${view.name}": ${name} is a public zone (${named.map((z) => z.file).join(', ')}), not an internal one (zone_type: internal); a DNS view cannot contain public DNS zones (https://developers.cloudflare.com/dns/internal-dns/dns-views/)`,
    );
  if (internal.length > 1)
    return problem(
      account,
      member,
      'view.ambiguous-zone',
      `view "${view.name}": ${internal.length} internal zone files name ${name} (${internal.map((z) => `${z.file}${z.zoneId !== undefined ? ` zone_id ${z.zoneId}` : ''}`).join(', ')}); say which one the view holds with { zone_id: ... }`,
    );
  const only = internal[0];
  if (only === undefined) return { member, name };
  return { member: { ...member, zoneFile: only.file, ...(only.zoneId !== undefined ? { zoneId: only.zoneId.toLowerCase() } : {}) }, name };
}

/** The account file's views checked against the zone files, and its config with each member resolved as far as the files say. */
export function checkViewMembers(account: AccountConfig, zones: readonly ZoneFacts[]): { account: AccountConfig; problems: Problem[] } {
  if (account.views === undefined) return { account, problems: [] };
  const problems: Problem[] = [];
  const views: ViewSpec[] = account.views.map((view) => {
    const members: ViewMemberSpec[] = [];
    const byName = new Map<string, ViewMemberSpec>();
    for (const spec of view.members) {
      const resolved = resolveMember(account, view, spec, zones);
      if ('severity' in resolved) {
        problems.push(resolved);
        continue;
      }
      const { member, name } = resolved;
      const earlier = name !== undefined ? byName.get(name) : undefined;
      if (name !== undefined && earlier !== undefined) {
        problems.push(
          problem(
            account,
            spec,
            'view.same-name-zones',
            earlier.zoneId !== undefined && earlier.zoneId === member.zoneId
              ? `view "${view.name}": ${spec.path} and ${earlier.path} are the same zone ${name} (${member.zoneId}); a zone is in a view once`
              : `view "${view.name}": ${spec.path} and ${earlier.path} are both internal zones named ${name}; two internal zones with the same name cannot be linked to the same view (https://developers.cloudflare.com/dns/internal-dns/internal-zones/setup/)`,
          ),
        );
        continue;
      }
      if (name !== undefined) byName.set(name, member);
      members.push(member);
    }
    return { ...view, members };
  });
  return { account: { ...account, views }, problems };
}
