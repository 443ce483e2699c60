/**
 * Team scopes (zonectl.yaml `owners:`; src/core/ownership/scopes.ts): a file that belongs to a
 * team holds records of that team's names only, a file of no team the names no team owns, so
 * that each team's review rules (`zonectl codeowners`) cover what its files can change:
 * - `scope.outside`: a record outside its file's scope, at the record's name (in the fragment's
 *   own file and line for a fragment's record), naming the scope;
 * - `scope.two-teams`: a file that two teams' `files` globs match (it would belong to both).
 * Nothing to check without zonectl.yaml's teams.
 */
import { outsideFileScope } from '../../ownership/index.js';
import type { Rule } from './context.js';

export const checkScopes: Rule = (ctx) => {
  const scopes = ctx.scopes;
  if (scopes === undefined) return;
  const twoTeams = (teams: readonly string[]): string =>
    `belongs to ${teams.length} teams in ${scopes.zone?.source ?? 'zonectl.yaml'} (${teams.join(', ')}): a file belongs to one team at most; narrow their owners.*.files globs`;
  if (scopes.zoneFileTeams.length > 1) ctx.sink.error('scope.two-teams', ['zone'], `this zone file ${twoTeams(scopes.zoneFileTeams)}`);
  scopes.fragmentTeams.forEach((teams, k) => {
    if (teams.length > 1) ctx.sink.error('scope.two-teams', ['include', k], `this fragment ${twoTeams(teams)}`);
  });
  const zoneScope = scopes.zone;
  if (zoneScope === undefined) return;
  for (const e of ctx.records) {
    const k = e.path[0] === 'include' && typeof e.path[1] === 'number' ? e.path[1] : -1;
    const teams = k < 0 ? scopes.zoneFileTeams : (scopes.fragmentTeams[k] ?? []);
    if (teams.length > 1) continue;
    const outside = outsideFileScope(e.record.name, ctx.zone, teams[0] ?? null, zoneScope);
    if (outside !== undefined) ctx.sink.error('scope.outside', [...e.path, 'name'], outside);
  }
};
