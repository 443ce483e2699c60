/**
 * Writing what an import made: one zone file per zone (`DIR/ZONE.yaml`, laid out as `zonectl
 * export` writes, with the schema line for editors) and the accounts' zonectl.yaml at the
 * repository root (issue 40 item 2: app/files/repository-root.ts `repositoryConfigDir`; an
 * existing one keeps what it says and gains the accounts). All or nothing: every file is
 * rendered and validated, and every path checked (inside the repository, never through a link:
 * app/files/confined-write.ts), before the first write; a zone file that exists is refused
 * without --force, and with --force edited through the editor (src/core/yaml-edit, as `export
 * --into` edits a file to match a live zone): the imported records and settings are made in it,
 * and its comments, layout and the team's additions stay (issue 40).
 */
import { existsSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve } from 'node:path';
import { ZonectlError } from '../../core/errors.js';
import { renderExportYaml } from '../../core/export/render-export.js';
import { migratedZoneExport, type MigratedZone } from '../../core/migrate/migrated-zone.js';
import { addToRepoConfig, needsRepoConfig, renderRepoConfigYaml, type RepoConfigOut } from '../../core/migrate/repo-config-out.js';
import type { MigrationReport } from '../../core/migrate/report.js';
import { formatProblem } from '../../core/yaml/index.js';
import { parseRepoConfig, parseZoneFile, REPO_CONFIG_FILE } from '../../core/zonefile/index.js';
import { confineWrite, readConfinedFile, repositoryConfigDir, schemaRefForOutput } from '../files/index.js';
import { confineOutputPaths, editExistingZoneFile, shown } from './edit-existing.js';
import { writeOutputFile } from '../output/index.js';

export interface WriteMigrationOptions {
  readonly outDir: string;
  readonly force: boolean;
  /** The old tool's name, for the comments of the written files. */
  readonly tool: string;
  /** A line naming where the files came from (`Imported by zonectl 1.2 from octodns.yaml.`). */
  readonly origin: string;
  readonly cwd?: string;
  /** `--handover FILE`: the patch of the report's hand-over is written there too. */
  readonly handover?: string;
}

export interface WrittenMigration {
  readonly report: MigrationReport;
  readonly written: readonly string[];
  /** The editor schema written at the repository root on the way, if it was missing. */
  readonly schema?: string;
  /** The repository configuration the zone files read (written or edited), when the import needs one. */
  readonly config?: string;
}

/** A file to write: its path as shown, and its text. */
interface Output {
  readonly path: string;
  readonly text: string;
}

/** A zone name as a file name: DNS names never hold `/`, but a name read from a file might. */
function fileNameOf(zone: string): string {
  if (!/^[a-z0-9._*-]+$/i.test(zone) || zone.startsWith('.'))
    throw new ZonectlError('UNSAFE_EXPORT_PATH', `zone name ${JSON.stringify(zone)} cannot be a file name`);
  return `${zone}.yaml`;
}

/**
 * The repository configuration: a new zonectl.yaml naming the accounts, or the one there with
 * the accounts added (its other lines as they are). An account it already names the same way is
 * left as it is; one it names otherwise is refused (nothing written).
 */
function repositoryConfig(path: string, shownPath: string, root: string, wanted: RepoConfigOut, origin: string): Output | undefined {
  if (!needsRepoConfig(wanted)) return undefined;
  if (!existsSync(path)) return { path: shownPath, text: renderRepoConfigYaml(wanted, origin) };
  const read = readConfinedFile(root, path);
  if (!read.ok) throw new ZonectlError('READ_FAILED', `cannot read ${shownPath}: ${read.message}; nothing was written`);
  const merged = addToRepoConfig(read.bytes.toString('utf8'), wanted);
  if (!merged.ok) throw new ZonectlError('OUTPUT_EXISTS', `${shownPath}: ${merged.message}; nothing was written`);
  return merged.text === undefined ? undefined : { path: shownPath, text: merged.text };
}

/**
 * The hand-over patch file (`--handover FILE`): inside the repository it is confined as the zone
 * files are; elsewhere (a patch for later) it is never written through a link at its place.
 */
function handoverOutput(options: WriteMigrationOptions, report: MigrationReport, cwd: string): Output | undefined {
  if (options.handover === undefined) return undefined;
  const path = options.handover;
  const target = resolve(cwd, path);
  const root = repositoryConfigDir(options.outDir, cwd);
  const rel = relative(root, target);
  const inside = rel !== '' && !rel.startsWith('..') && !isAbsolute(rel);
  const where = confineWrite(inside ? root : dirname(target), target);
  if (!where.ok) throw new ZonectlError('UNSAFE_EXPORT_PATH', `${path}: ${where.message}; nothing was written`);
  const patch = report.handover?.patch ?? '';
  if (patch === '')
    throw new ZonectlError(
      'BAD_ARGS',
      `--handover ${path}: there is no edit of the old tool's files to write (${report.handover?.byHand.join('; ') || 'nothing to hand over'}); nothing was written`,
    );
  return { path, text: patch };
}

export async function writeMigration(
  zones: readonly MigratedZone[],
  repoConfig: RepoConfigOut,
  report: MigrationReport,
  options: WriteMigrationOptions,
): Promise<WrittenMigration> {
  const cwd = options.cwd ?? process.cwd();
  const root = repositoryConfigDir(options.outDir, cwd);
  const configPath = shown(join(root, REPO_CONFIG_FILE), cwd);
  const paths = zones.map((z) => join(options.outDir, fileNameOf(z.zone)));
  const invalid: string[] = [];
  zones.forEach((z, i) => {
    const check = parseZoneFile(
      { path: paths[i]!, text: renderExportYaml(migratedZoneExport(z, options.tool), { origin: options.origin }) },
      {},
    );
    invalid.push(...check.problems.filter((p) => p.severity === 'error').map(formatProblem));
  });
  if (invalid.length > 0)
    throw new ZonectlError(
      'IMPORT_INVALID',
      `the zone files made from the import are not valid; nothing written:\n  ${invalid.join('\n  ')}`,
    );
  const all = [...paths, ...(needsRepoConfig(repoConfig) ? [configPath] : [])];
  confineOutputPaths(root, cwd, all);
  const handover = handoverOutput(options, report, cwd);
  const existing = [...paths, ...(handover !== undefined ? [handover.path] : [])].filter((p) => existsSync(resolve(cwd, p)));
  if (existing.length > 0 && !options.force)
    throw new ZonectlError(
      'OUTPUT_EXISTS',
      `${existing.join(', ')} exist${existing.length === 1 ? 's' : ''}; zonectl import does not overwrite files (use --force, or another --out)`,
    );
  const config = repositoryConfig(resolve(cwd, configPath), configPath, root, repoConfig, options.origin);
  if (config !== undefined) {
    const check = parseRepoConfig({ path: configPath, text: config.text }, {});
    const errors = check.problems.filter((p) => p.severity === 'error').map(formatProblem);
    if (errors.length > 0)
      throw new ZonectlError(
        'IMPORT_INVALID',
        `the ${configPath} made from the import is not valid; nothing written:\n  ${errors.join('\n  ')}`,
      );
  }
  // Only now (the import is sound) the editor schema may be written at the repository root.
  const { ref, wrote } = paths[0] !== undefined ? schemaRefForOutput(paths[0], cwd, root) : { ref: undefined, wrote: undefined };
  const outputs: Output[] = [];
  for (const [i, z] of zones.entries()) {
    const path = paths[i]!;
    if (existsSync(resolve(cwd, path))) {
      outputs.push(...(await editExistingZoneFile(resolve(cwd, path), path, z, root, cwd)));
      continue;
    }
    outputs.push({
      path,
      text: renderExportYaml(migratedZoneExport(z, options.tool), {
        ...(ref !== undefined ? { schemaRef: ref } : {}),
        origin: options.origin,
      }),
    });
  }
  // An edited fragment is written where it is, confined as the zone files are.
  confineOutputPaths(
    root,
    cwd,
    outputs.map((o) => o.path),
  );
  if (config !== undefined) outputs.push({ path: configPath, text: config.text });
  if (handover !== undefined) outputs.push(handover);
  for (const o of outputs) writeOutputFile(resolve(cwd, o.path), o.text);
  const zonesWithOutput = report.zones.map((z) => ({ ...z, output: join(options.outDir, fileNameOf(z.zone)) }));
  return {
    report: { ...report, zones: zonesWithOutput },
    written: outputs.map((o) => o.path),
    ...(wrote !== undefined ? { schema: wrote } : {}),
    ...(needsRepoConfig(repoConfig) ? { config: configPath } : {}),
  };
}
