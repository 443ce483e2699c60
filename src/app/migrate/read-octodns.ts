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
import type { SourceSpot } from '../../core/migrate/report.js';
import { buildOctodnsImport, type OctodnsImport } from '../../core/migrate/octodns/octodns-import.js';
import { readOctodnsConfig, type YamlSource } from '../../core/migrate/octodns/octodns-config.js';
import type { OctodnsZoneFile } from '../../core/migrate/octodns/octodns-zone.js';
import { expandedValues, type IncludedFile, mib, OCTODNS_MAX_BYTES, OCTODNS_MAX_VALUES } from '../../core/migrate/octodns/work-budget.js';
import { confine, readConfinedFile } from '../files/index.js';
import { repositoryRoot } from '../files/index.js';
import { type IncludeRef, parseYamlTree, spliceIncludes, type Spots } from '../../core/migrate/octodns/yaml-tree.js';

/** `!include` inside `!include`: as deep as this, no deeper (octoDNS sets no limit). */
const MAX_INCLUDE_DEPTH = 20;

/**
 * What one import has read so far, shared by the configuration and every zone's files (issue 39
 * item 2): each file once, by its real path (an `!include` of a file already read takes its tree,
 * the file is not read again), the bytes read and the values placed, against the budgets of
 * src/core/migrate/octodns/work-budget.ts. Once a budget is spent, nothing more is read.
 */
export interface ImportReads {
  readonly files: Map<string, { readonly root: unknown; readonly graph: IncludedFile; readonly refs: readonly IncludeRef[] }>;
  /** The text of each file read, by the path its spots name (their comments are carried, the configuration's edited for the handover). */
  readonly texts: Map<string, string>;
  bytes: number;
  values: number;
  spent: boolean;
}

export function newImportReads(): ImportReads {
  return { files: new Map(), texts: new Map(), bytes: 0, values: 0, spent: false };
}

/**
 * A file of the configuration, confined to its repository (src/app/files/confined-read.ts): an
 * octoDNS configuration may come from someone else, and `!include ~/.netrc` or a zone file linked
 * to /proc/self/environ would otherwise copy a secret of this machine into a zone file. The bytes
 * budget is checked before the file is read (by its size) and after.
 */
function readText(
  root: string,
  path: string,
  reads: ImportReads,
  problems: InputProblem[],
  at: { file: string; line?: number },
): string | undefined {
  const where = confine(root, path);
  if (where.ok) {
    let size = 0;
    try {
      size = statSync(where.real).size;
    } catch {
      // readConfinedFile says why
    }
    if (reads.bytes + size > OCTODNS_MAX_BYTES) return overBytes(path, reads, problems);
  }
  const read = readConfinedFile(root, path);
  if (!read.ok) {
    problems.push({ at, message: `cannot read ${path}: ${read.message}` });
    return undefined;
  }
  if (reads.bytes + read.bytes.length > OCTODNS_MAX_BYTES) return overBytes(path, reads, problems);
  reads.bytes += read.bytes.length;
  return read.bytes.toString('utf8');
}

function overBytes(path: string, reads: ImportReads, problems: InputProblem[]): undefined {
  reads.spent = true;
  problems.push({
    at: { file: path },
    message: `the octoDNS files of this import are larger than ${mib(OCTODNS_MAX_BYTES)} in all; zonectl stops reading here (import the zones in parts: a configuration for each part)`,
  });
  return undefined;
}

/**
 * A YAML file with its `!include`s read and spliced in (relative to the including file; `~`
 * expanded). Each file is read once per import (`reads`); a file that includes itself, directly
 * or through others, is a problem at the include; and the values the file stands for once its
 * includes are in place count against the import's budget before anything is spliced.
 */
export function readYamlWithIncludes(
  path: string,
  spots: Spots,
  problems: InputProblem[],
  repository: string,
  reads: ImportReads = newImportReads(),
): unknown {
  if (reads.spent) return undefined;
  const included = new Map<IncludeRef, unknown>();
  /** `file` loaded: its real path (undefined when not read). `chain`: the real paths including it. */
  const load = (file: string, chain: readonly string[], at: { file: string; line?: number }): string | undefined => {
    const where = confine(repository, file);
    const real = where.ok ? where.real : undefined;
    if (real !== undefined && reads.files.has(real)) return real;
    if (reads.spent) return undefined;
    const text = readText(repository, file, reads, problems, at);
    if (text === undefined || real === undefined) return undefined;
    reads.texts.set(file, text);
    const tree = parseYamlTree(text, file, spots);
    problems.push(...tree.problems);
    const targets: Array<string | undefined> = [];
    reads.files.set(real, { root: tree.root, graph: { values: tree.size, includes: targets }, refs: tree.includes });
    for (const ref of tree.includes) {
      const p = ref.path.startsWith('~') ? join(homedir(), ref.path.slice(1)) : ref.path;
      const target = isAbsolute(p) ? p : join(dirname(file), p);
      const targetWhere = confine(repository, target);
      if (targetWhere.ok && [...chain, real].includes(targetWhere.real)) {
        problems.push({ at: ref.at, message: `!include ${ref.path}: ${target} includes itself (a cycle)` });
        targets.push(undefined);
        continue;
      }
      if (chain.length >= MAX_INCLUDE_DEPTH) {
        problems.push({ at: ref.at, message: `!include ${ref.path}: includes nested too deeply (more than ${MAX_INCLUDE_DEPTH})` });
        targets.push(undefined);
        continue;
      }
      const loaded = load(target, [...chain, real], ref.at);
      targets.push(loaded);
      included.set(ref, loaded !== undefined ? reads.files.get(loaded)!.root : undefined);
    }
    return real;
  };
  const rootReal = load(path, [], { file: path });
  if (rootReal === undefined) return undefined;
  const graphs = new Map([...reads.files].map(([k, v]) => [k, v.graph]));
  const values = expandedValues(graphs, rootReal);
  if (reads.values + values > OCTODNS_MAX_VALUES) {
    reads.spent = true;
    const ref = crossingInclude(graphs, reads.files.get(rootReal)!.refs, rootReal, reads.values);
    problems.push({
      at: ref?.at ?? { file: path },
      message: `${ref !== undefined ? `!include ${ref.path}: ` : ''}the octoDNS files of this import expand to more than ${OCTODNS_MAX_VALUES.toLocaleString('en-US')} values (each included file counted every time it is included, aliases every time they are used); zonectl stops here`,
    });
    return undefined;
  }
  reads.values += values;
  return spliceIncludes(reads.files.get(rootReal)!.root, included, spots, problems);
}

/** The `!include` of the file whose values take the import over the budget, counted in order (where the problem points). */
function crossingInclude(
  graphs: ReadonlyMap<string, IncludedFile>,
  refs: readonly IncludeRef[],
  real: string,
  already: number,
): IncludeRef | undefined {
  const file = graphs.get(real);
  if (file === undefined) return undefined;
  const memo = new Map<string, number>();
  let sum = already + file.values;
  for (let i = 0; i < file.includes.length; i += 1) {
    const target = file.includes[i];
    if (target !== undefined) sum += expandedValues(graphs, target, memo) - 1;
    if (sum > OCTODNS_MAX_VALUES) return refs[i];
  }
  return undefined;
}

/**
 * The directory a YamlProvider reads, as octoDNS finds it (relative to where it runs, else to the
 * configuration), confined to the repository before anything in it is listed (issue 39 item 9): a
 * `directory:` that is absolute, climbs out with `../` or is a link out would otherwise list
 * another directory's file names into the report and the errors. Undefined (with a problem at the
 * provider) when it is refused.
 */
function directoryOf(
  source: YamlSource,
  configPath: string,
  cwd: string,
  repository: string,
  problems: InputProblem[],
): string | undefined {
  const fromCwd = resolve(cwd, source.directory);
  const dir = existsSync(fromCwd) ? fromCwd : resolve(dirname(configPath), source.directory);
  const where = confine(repository, dir);
  if (where.ok || where.why === 'not-found') return dir;
  problems.push({
    at: source.at,
    message: `provider ${source.id}: directory ${source.directory}: ${where.message}; nothing in it is listed or read`,
  });
  return undefined;
}

/** A directory found inside a provider's directory (a split zone's), listed only when it is confined too. */
function confinedDirectory(dir: string, repository: string, problems: InputProblem[], at: SourceSpot): boolean {
  if (!isDir(dir)) return false;
  const where = confine(repository, dir);
  if (where.ok) return true;
  problems.push({ at, message: `${at.file}: ${where.message}; nothing in it is listed or read` });
  return false;
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

/** The files of one zone in one YAML source, in octoDNS's order (a split directory listed only inside the repository). */
function zoneFiles(zone: string, dir: string, source: YamlSource, repository: string, problems: InputProblem[], cwd: string): string[] {
  const files: string[] = [];
  if (source.splitExtension !== undefined) {
    const split = join(dir, `${zone}${source.splitExtension}`);
    if (confinedDirectory(split, repository, problems, { file: shownPath(split, cwd) }))
      for (const f of readdirSync(split)) if (f.endsWith('.yaml')) files.push(join(split, f));
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
  // Every file read lies in the configuration's repository (SECURITY.md), each read once, within the budgets.
  const repository = repositoryRoot(configPath);
  const reads = newImportReads();
  const root = readYamlWithIncludes(configPath, spots, problems, repository, reads);
  if (problems.length > 0) return emptyImport(problems);
  let config = readOctodnsConfig(root, spots, configPath);
  if (config.dynamicZones !== undefined) {
    const names = new Set<string>();
    for (const s of config.dynamicZones.sources) {
      const dir = directoryOf(s, configPath, cwd, repository, problems);
      if (dir !== undefined) for (const z of listZones(dir, s)) names.add(z.replace(/\.$/, ''));
    }
    if (problems.length > 0) return emptyImport(problems);
    config = readOctodnsConfig(root, spots, configPath, [...names].sort());
  }
  const filesOf = new Map<string, OctodnsZoneFile[]>();
  const refused = new Set<YamlSource>();
  for (const z of config.zones) {
    if (z.aliasOf !== undefined || (z.cloudflare === undefined && !options.allZones)) continue;
    const files: OctodnsZoneFile[] = [];
    for (const source of z.sources) {
      if (refused.has(source) || reads.spent) continue;
      const dir = directoryOf(source, configPath, cwd, repository, problems);
      if (dir === undefined) {
        refused.add(source);
        continue;
      }
      const before = problems.length;
      const paths = zoneFiles(z.zone, dir, source, repository, problems, cwd);
      if (paths.length === 0 && problems.length === before)
        problems.push({ at: z.at, message: `zone ${z.zone}: no YAML files in ${dir} for source ${source.id} (octoDNS: "no YAMLs found")` });
      for (const path of paths)
        files.push({
          file: shownPath(path, cwd),
          root: readYamlWithIncludes(shownPath(path, cwd), spots, problems, repository, reads),
          source,
        });
    }
    filesOf.set(z.zone, files);
  }
  if (reads.spent) return emptyImport(problems);
  const result = buildOctodnsImport(config, filesOf, spots, { ...options, texts: reads.texts, configFile: configPath });
  return { ...result, problems: [...problems, ...result.problems] };
}

function emptyImport(problems: InputProblem[]): OctodnsImport {
  return { zones: [], accounts: [], report: { from: 'octodns', zones: [], other: [] }, problems };
}
