/**
 * Reading what `zonectl import --from octodns CONFIG` needs: the main configuration and the files
 * it includes, then each zone's YAML files as its YamlProvider finds them (octodns/provider/yaml.py:
 * `ZONE.yaml` in `directory`, every `*.yaml` of the split directory `ZONE<split_extension>`, the
 * `shared_filename`; read in sorted order). A provider's `directory` is relative to where octoDNS
 * runs: the current directory, else the configuration's own. The conversion is core's.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, isAbsolute, join, relative, resolve } from 'node:path';
import type { InputProblem } from '../../core/migrate/problems.js';
import { buildOctodnsImport, type OctodnsImport } from '../../core/migrate/octodns/octodns-import.js';
import { readOctodnsConfig, type YamlSource } from '../../core/migrate/octodns/octodns-config.js';
import type { OctodnsZoneFile } from '../../core/migrate/octodns/octodns-zone.js';
import { readConfinedFile } from '../files/confined-read.js';
import { repositoryRoot } from '../files/repository-root.js';
import { type IncludeRef, parseYamlTree, spliceIncludes, type Spots } from '../../core/migrate/octodns/yaml-tree.js';

/**
 * A file of the configuration, confined to its repository (src/app/files/confined-read.ts): an
 * octoDNS configuration may come from someone else, and `!include ~/.netrc` or a zone file linked
 * to /proc/self/environ would otherwise copy a secret of this machine into a zone file.
 */
function readText(root: string, path: string, problems: InputProblem[], at: { file: string; line?: number }): string | undefined {
  const read = readConfinedFile(root, path);
  if (read.ok) return read.bytes.toString('utf8');
  problems.push({ at, message: `cannot read ${path}: ${read.message}` });
  return undefined;
}

/** A YAML file with its `!include`s read and spliced in (relative to the including file; `~` expanded). */
export function readYamlWithIncludes(path: string, spots: Spots, problems: InputProblem[], repository: string): unknown {
  const included = new Map<IncludeRef, unknown>();
  const load = (file: string, depth: number, at: { file: string; line?: number }): unknown => {
    const text = readText(repository, file, problems, at);
    if (text === undefined) return undefined;
    const tree = parseYamlTree(text, file, spots);
    problems.push(...tree.problems);
    for (const ref of tree.includes) {
      const p = ref.path.startsWith('~') ? join(homedir(), ref.path.slice(1)) : ref.path;
      const target = isAbsolute(p) ? p : join(dirname(file), p);
      if (depth > 20) {
        problems.push({ at: ref.at, message: `!include ${ref.path}: includes nested too deeply (a cycle?)` });
        continue;
      }
      included.set(ref, load(target, depth + 1, ref.at));
    }
    return tree.root;
  };
  const root = load(path, 0, { file: path });
  return spliceIncludes(root, included, spots, problems);
}

function directoryOf(source: YamlSource, configPath: string, cwd: string): string {
  const fromCwd = resolve(cwd, source.directory);
  if (existsSync(fromCwd)) return fromCwd;
  return resolve(dirname(configPath), source.directory);
}

function isDir(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

/** Zones a YamlProvider lists (its `list_zones`): `NAME.yaml` files with two dots or more, split directories. */
function listZones(dir: string, source: YamlSource): string[] {
  if (!isDir(dir)) return [];
  const out: string[] = [];
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    if (source.splitExtension !== undefined && entry.endsWith(source.splitExtension) && isDir(path))
      out.push(entry.slice(0, entry.length - source.splitExtension.length));
    else if (!source.disableZonefile && entry.endsWith('.yaml') && entry.split('.').length > 2 && !isDir(path))
      out.push(entry.slice(0, -5));
  }
  return out;
}

/** A path as the report shows it: relative to the current directory when it lies below it. */
function shownPath(path: string, cwd: string): string {
  const r = relative(cwd, path);
  return r === '' || r.startsWith('..') || isAbsolute(r) ? path : r;
}

/** The files of one zone in one YAML source, in octoDNS's order. */
function zoneFiles(zone: string, dir: string, source: YamlSource): string[] {
  const files: string[] = [];
  if (source.splitExtension !== undefined) {
    const split = join(dir, `${zone}${source.splitExtension}`);
    if (isDir(split)) for (const f of readdirSync(split)) if (f.endsWith('.yaml')) files.push(join(split, f));
  }
  if (!source.disableZonefile) {
    const file = join(dir, `${zone}.yaml`);
    if (existsSync(file)) files.push(file);
  }
  if (source.sharedFilename !== undefined) files.push(join(dir, source.sharedFilename));
  return files.sort();
}

export function readOctodnsImport(configPath: string, options: { readonly allZones: boolean; readonly cwd?: string }): OctodnsImport {
  const cwd = options.cwd ?? process.cwd();
  const spots: Spots = new WeakMap();
  const problems: InputProblem[] = [];
  // Every file read lies in the configuration's repository (SECURITY.md).
  const repository = repositoryRoot(configPath);
  const root = readYamlWithIncludes(configPath, spots, problems, repository);
  if (problems.length > 0) return emptyImport(problems);
  let config = readOctodnsConfig(root, spots, configPath);
  if (config.dynamicZones !== undefined) {
    const names = new Set<string>();
    for (const s of config.dynamicZones.sources)
      for (const z of listZones(directoryOf(s, configPath, cwd), s)) names.add(z.replace(/\.$/, ''));
    config = readOctodnsConfig(root, spots, configPath, [...names].sort());
  }
  const filesOf = new Map<string, OctodnsZoneFile[]>();
  for (const z of config.zones) {
    if (z.aliasOf !== undefined || (z.cloudflare === undefined && !options.allZones)) continue;
    const files: OctodnsZoneFile[] = [];
    for (const source of z.sources) {
      const dir = directoryOf(source, configPath, cwd);
      const paths = zoneFiles(z.zone, dir, source);
      if (paths.length === 0)
        problems.push({ at: z.at, message: `zone ${z.zone}: no YAML files in ${dir} for source ${source.id} (octoDNS: "no YAMLs found")` });
      for (const path of paths)
        files.push({ file: shownPath(path, cwd), root: readYamlWithIncludes(shownPath(path, cwd), spots, problems, repository), source });
    }
    filesOf.set(z.zone, files);
  }
  const result = buildOctodnsImport(config, filesOf, spots, options);
  return { ...result, problems: [...problems, ...result.problems] };
}

function emptyImport(problems: InputProblem[]): OctodnsImport {
  return { zones: [], accounts: [], report: { from: 'octodns', zones: [], other: [] }, problems };
}
