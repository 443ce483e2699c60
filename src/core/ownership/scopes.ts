/**
 * Team scopes (zonectl.yaml `owners:`): each team owns name globs in some zones and some files of
 * the repository. A file that belongs to a team holds records of that team's names only; a file
 * of no team holds the names no team owns; a zone's plan touches the names its files' scopes
 * cover, and leaves another team's names alone (README.md, "Sharing a zone").
 *
 * - Name globs are `manage.ignore`'s (`*` any characters, dots included; `?` one; relative to the
 *   zone or fully qualified; `@` the apex: ./match-ignore.ts). A name belongs to the first team,
 *   in zonectl.yaml's order, whose globs in that zone match it.
 * - File globs are picomatch's (`*`, `**`, `?`, braces), relative to zonectl.yaml's directory; a
 *   file belongs to the team whose globs match it, and to two teams never.
 */
import picomatch from 'picomatch';
import { relativeRecordName } from '../model/names.js';
import { matchesNameGlob } from './match-ignore.js';
import type { TeamScope, ZoneScope } from './policy.js';

/** One team of zonectl.yaml's `owners:`. */
export interface TeamOwner {
  readonly name: string;
  /** Code owners (GitHub users `@name`, teams `@org/team`, or e-mail addresses) for `zonectl codeowners`. */
  readonly codeowners: readonly string[];
  /** The repository's files that belong to the team (globs relative to zonectl.yaml's directory). */
  readonly files: readonly string[];
  /** The team's name globs, by zone (canonical zone name). */
  readonly zones: Readonly<Record<string, readonly string[]>>;
}

const matchers = new Map<string, (path: string) => boolean>();

function fileMatcher(glob: string): (path: string) => boolean {
  let m = matchers.get(glob);
  if (m === undefined) {
    m = picomatch(glob, { dot: true, windows: false });
    if (matchers.size < 1000) matchers.set(glob, m);
  }
  return m;
}

/** The teams a file belongs to (`path` relative to zonectl.yaml's directory, `/`-separated): one, or none; two is a problem of the file. */
export function teamsOfFile(path: string, owners: readonly TeamOwner[]): string[] {
  return owners.filter((o) => o.files.some((g) => fileMatcher(g)(path))).map((o) => o.name);
}

/** zonectl.yaml's teams as the zone file reader gets them: the teams, the file they come from, and a file's path as their `files` globs read it. */
export interface TeamOwners {
  readonly owners: readonly TeamOwner[];
  /** zonectl.yaml (named in messages). */
  readonly source: string;
  /** A zone file's or fragment's path relative to zonectl.yaml's directory, `/`-separated (the app knows the file system). */
  readonly pathOf: (file: string) => string;
}

/** The teams of a zone's files (the zone file's, each fragment's) and the zone's scope they make. */
export interface FileScopes {
  readonly zone: ZoneScope | undefined;
  readonly zoneFileTeams: readonly string[];
  readonly fragmentTeams: ReadonlyArray<readonly string[]>;
}

/** What zonectl.yaml's teams say of a zone and its files (`fragments`: the files it includes, in order). */
export function scopesOfFiles(zone: string, file: string, fragments: readonly string[], teams: TeamOwners): FileScopes {
  const zoneFileTeams = teamsOfFile(teams.pathOf(file), teams.owners);
  const fragmentTeams = fragments.map((f) => teamsOfFile(teams.pathOf(f), teams.owners));
  const owner = (t: readonly string[]): string | null => t[0] ?? null;
  return {
    zone: zoneScopeOf(zone, [owner(zoneFileTeams), ...fragmentTeams.map(owner)], teams.owners, teams.source),
    zoneFileTeams,
    fragmentTeams,
  };
}

/** The team scopes of one zone, or undefined when no team names this zone and no file of it belongs to a team. */
export function zoneScopeOf(
  zone: string,
  fileOwners: ReadonlyArray<string | null>,
  owners: readonly TeamOwner[],
  source: string,
): ZoneScope | undefined {
  const teams: TeamScope[] = owners.flatMap((o) => (o.zones[zone] !== undefined ? [{ owner: o.name, names: o.zones[zone]! }] : []));
  if (teams.length === 0 && fileOwners.every((o) => o === null)) return undefined;
  return { teams, covers: [...new Set(fileOwners)], source };
}

/** The team whose scope holds a name in this zone, or null when none does. */
export function teamOfName(name: string, zone: string, scope: ZoneScope): string | null {
  for (const t of scope.teams) if (t.names.some((g) => matchesNameGlob(g, name, zone))) return t.owner;
  return null;
}

/** True when one of the zone's files covers the scope a name is in. */
export function coveredByZone(name: string, zone: string, scope: ZoneScope): boolean {
  return scope.covers.includes(teamOfName(name, zone, scope));
}

function globsOf(scope: ZoneScope, team: string): string {
  return (scope.teams.find((t) => t.owner === team)?.names ?? []).join(', ');
}

/**
 * Why a record of a file is outside that file's scope (`fileTeam`: the file's team, null for a
 * file of no team), or undefined when it is inside: the name, the file's scope, and whose the
 * name is (`www is outside team payments' scope in example.com (pay, *.pay in zonectl.yaml):
 * it is team web's (www, @)`).
 */
export function outsideFileScope(name: string, zone: string, fileTeam: string | null, scope: ZoneScope): string | undefined {
  const team = teamOfName(name, zone, scope);
  if (team === fileTeam) return undefined;
  const shown = relativeRecordName(name, zone);
  const globs = (t: string): string => {
    const g = globsOf(scope, t);
    return g === '' ? 'no names' : g;
  };
  if (fileTeam === null)
    return `${shown} is team ${team}'s in ${zone} (${globs(team!)} in ${scope.source}), and this file belongs to no team: write it in a file of team ${team} (owners.${team}.files)`;
  const holder = team === null ? "it is in no team's scope" : `it is team ${team}'s (${globs(team)})`;
  return `${shown} is outside the scope of team ${fileTeam} in ${zone} (${globs(fileTeam)} in ${scope.source}): ${holder}`;
}
