/**
 * Writing what an import made: one zone file per zone (`DIR/ZONE.yaml`, laid out as `zonectl
 * export` writes, with the schema line for editors) and the accounts' zonectl.yaml. All or
 * nothing: every file is rendered and validated, and every path checked (inside the repository,
 * never through a link: app/files/confined-write.ts), before the first write; a file that exists
 * is refused without --force.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ZonectlError } from '../../core/errors.js';
import { renderExportYaml } from '../../core/export/render-export.js';
import { migratedZoneExport, type MigratedZone } from '../../core/migrate/migrated-zone.js';
import { renderAccountsYaml, type AccountOut } from '../../core/migrate/render-accounts.js';
import type { MigrationReport } from '../../core/migrate/report.js';
import { formatProblem } from '../../core/yaml/index.js';
import { parseZoneFile } from '../../core/zonefile/index.js';
import { confineWrite, repositoryRoot, schemaRefForOutput } from '../files/index.js';
import { writeOutputFile } from '../output/index.js';

export interface WriteMigrationOptions {
  readonly outDir: string;
  readonly force: boolean;
  /** The old tool's name, for the comments of the written files. */
  readonly tool: string;
  /** A line naming where the files came from (`Imported by zonectl 1.2 from octodns.yaml.`). */
  readonly origin: string;
}

export interface WrittenMigration {
  readonly report: MigrationReport;
  readonly written: readonly string[];
  /** The editor schema written at the repository root on the way, if it was missing. */
  readonly schema?: string;
}

/** A zone name as a file name: DNS names never hold `/`, but a name read from a file might. */
function fileNameOf(zone: string): string {
  if (!/^[a-z0-9._*-]+$/i.test(zone) || zone.startsWith('.'))
    throw new ZonectlError('UNSAFE_EXPORT_PATH', `zone name ${JSON.stringify(zone)} cannot be a file name`);
  return `${zone}.yaml`;
}

export function writeMigration(
  zones: readonly MigratedZone[],
  accounts: readonly AccountOut[],
  report: MigrationReport,
  options: WriteMigrationOptions,
): WrittenMigration {
  const invalid: string[] = [];
  for (const z of zones) {
    const path = join(options.outDir, fileNameOf(z.zone));
    const check = parseZoneFile({ path, text: renderExportYaml(migratedZoneExport(z, options.tool), { origin: options.origin }) }, {});
    invalid.push(...check.problems.filter((p) => p.severity === 'error').map(formatProblem));
  }
  if (invalid.length > 0)
    throw new ZonectlError(
      'IMPORT_INVALID',
      `the zone files made from the import are not valid; nothing written:\n  ${invalid.join('\n  ')}`,
    );
  const paths = zones.map((z) => join(options.outDir, fileNameOf(z.zone)));
  const all = [...paths, ...(accounts.length > 0 ? [join(options.outDir, 'zonectl.yaml')] : [])];
  // Confined as reads are (issue 39 item 8): no write through a link the repository holds.
  for (const p of all) {
    const where = confineWrite(repositoryRoot(p), p);
    if (!where.ok) throw new ZonectlError('UNSAFE_EXPORT_PATH', `${p}: ${where.message}; nothing was written`);
  }
  const existing = all.filter((p) => existsSync(p));
  if (existing.length > 0 && !options.force)
    throw new ZonectlError(
      'OUTPUT_EXISTS',
      `${existing.join(', ')} exist${existing.length === 1 ? 's' : ''}; zonectl import does not overwrite files (use --force, or another --out)`,
    );
  // Only now (the import is sound) the editor schema may be written at the repository root.
  const { ref, wrote } = paths[0] !== undefined ? schemaRefForOutput(paths[0]) : { ref: undefined, wrote: undefined };
  const outputs = zones.map((z, i) => ({
    path: paths[i]!,
    text: renderExportYaml(migratedZoneExport(z, options.tool), {
      ...(ref !== undefined ? { schemaRef: ref } : {}),
      origin: options.origin,
    }),
  }));
  if (accounts.length > 0) outputs.push({ path: join(options.outDir, 'zonectl.yaml'), text: renderAccountsYaml(accounts, options.origin) });
  for (const o of outputs) writeOutputFile(o.path, o.text);
  const zonesWithOutput = report.zones.map((z) => ({ ...z, output: join(options.outDir, fileNameOf(z.zone)) }));
  return {
    report: { ...report, zones: zonesWithOutput },
    written: outputs.map((o) => o.path),
    ...(wrote !== undefined ? { schema: wrote } : {}),
  };
}
