/**
 * The import session: another tool's files made zone files, with no API call. A BIND zone file
 * becomes one zone file (on stdout without `out`), checked as zonectl reads it; an octoDNS
 * configuration, Terraform state or .tf files, or DNSControl's print-ir JSON become a zone file
 * per zone in the directory `out` (src/app/migrate), with a migration report.
 */
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { importBindZone } from '../../core/bind/import-zone.js';
import { ZonectlError } from '../../core/errors.js';
import { renderExportYaml } from '../../core/export/render-export.js';
import { isReportEmpty, type MigrationReport, type MigrationSource } from '../../core/migrate/report.js';
import { parseZoneFile } from '../../core/zonefile/index.js';
import { confineWrite, plannedSchemaRef, repositoryRoot, writeRepoSchema } from '../files/index.js';
import { confineOutputPaths, editExistingZoneFile, importFrom } from '../migrate/index.js';
import { writeOutputFile } from '../output/index.js';
import { type MessageEvent, note, type SessionOutput, warning } from '../session/index.js';

export const IMPORT_SOURCES = ['bind', 'octodns', 'terraform', 'dnscontrol'] as const;
export type ImportSource = 'bind' | MigrationSource;

export type ImportRequest =
  | {
      readonly from: 'bind';
      readonly file: string;
      /** The zone the file describes (its origin). */
      readonly zone: string;
      readonly out?: string | undefined;
      readonly soa: boolean;
      readonly proxied: boolean;
      readonly force: boolean;
      readonly version: string;
    }
  | {
      readonly from: MigrationSource;
      readonly files: readonly string[];
      /** The directory of the zone files (and zonectl.yaml). */
      readonly outDir: string;
      readonly zone?: string | undefined;
      readonly allZones: boolean;
      readonly force: boolean;
      readonly version: string;
      /** `--handover FILE`: the edit of the old tool's files, as a patch. */
      readonly handover?: string | undefined;
    };

/** A zone file written to stdout (BIND without `out`), besides the messages. */
export type ImportEvent = MessageEvent | { readonly kind: 'zone-text'; readonly text: string };

export interface ImportResult {
  /** The zone files written are valid (a BIND import whose result has errors is not). */
  readonly valid: boolean;
  /** Nothing was left out: no BIND line skipped, an empty migration report. */
  readonly complete: boolean;
  /** The migration report (octoDNS, Terraform, DNSControl). */
  readonly report?: MigrationReport;
}

/** An import refused before anything is written (its flags, an unreadable file, a path outside the repository). */
export class ImportRefusedError extends ZonectlError {}

export async function runImport(request: ImportRequest, output: SessionOutput<ImportEvent>): Promise<ImportResult> {
  if (request.from === 'bind') return importBind(request, output);
  const result = await importFrom(request.from, request.files, {
    outDir: request.outDir,
    force: request.force,
    allZones: request.allZones,
    ...(request.zone !== undefined ? { zone: request.zone } : {}),
    ...(request.handover !== undefined ? { handover: request.handover } : {}),
    origin: `Imported by zonectl ${request.version} from ${request.from} (${request.files.join(', ')}).`,
  });
  if (result.schema !== undefined) output.emit(note(`wrote the zone file schema to ${result.schema} (editor completion; commit it)`));
  for (const w of result.written) output.emit(note(`wrote ${w}`));
  return { valid: true, complete: isReportEmpty(result.report), report: result.report };
}

/**
 * A BIND zone file made a zone file. All or nothing: the result is rendered and checked before
 * anything is written, and a result zonectl refuses (an error in it) writes nothing, neither the
 * file nor the repository's schema, nor the zone text on stdout. With `--force`, a zone file at
 * `out` is edited through the editor (src/app/migrate `editExistingZoneFile`, as `import --from
 * ... --force` edits one): its comments and layout stay, and what the BIND file could not give
 * (the lines left out, the SOA not applied) is said in notes and warnings rather than comments.
 */
async function importBind(request: Extract<ImportRequest, { from: 'bind' }>, output: SessionOutput<ImportEvent>): Promise<ImportResult> {
  const { file, out } = request;
  const exists = out !== undefined && existsSync(out);
  if (exists && !request.force) {
    throw new ImportRefusedError(
      'OUTPUT_EXISTS',
      `${out} exists; zonectl import does not overwrite a zone file (use --force, or another --out)`,
    );
  }
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    throw new ImportRefusedError('READ_FAILED', `cannot read ${file}: ${(err as NodeJS.ErrnoException).code ?? String(err)}`);
  }
  const result = importBindZone(text, { zone: request.zone, soa: request.soa, proxied: request.proxied });
  let root: string | undefined;
  if (out !== undefined) {
    // Confined as reads are (issue 39 item 8): no write through a link the repository holds.
    root = repositoryRoot(out);
    const where = confineWrite(root, out);
    if (!where.ok) throw new ImportRefusedError('UNSAFE_EXPORT_PATH', `${out}: ${where.message}; nothing was written`);
  }
  const { ref, missing } = exists ? {} : plannedSchemaRef(out);
  const yaml = renderExportYaml(result.export, {
    ...(ref !== undefined ? { schemaRef: ref } : {}),
    origin: `Imported by zonectl ${request.version} from ${file}.`,
  });
  for (const p of result.problems) output.emit(warning(`${file}:${p.line}: warning: ${p.message}`));
  // The result must itself be valid: its problems are reported against the output (when the
  // output is edited instead, against the zone file the import makes, which is not written).
  const check = parseZoneFile({ path: exists ? `${out} (as imported from ${file})` : (out ?? '<stdout>'), text: yaml }, {});
  for (const problem of check.problems) output.emit({ kind: 'problem', problem });
  const errors = check.problems.filter((p) => p.severity === 'error').length;
  const warnings = `${result.problems.length} warning(s)`;
  if (errors > 0) {
    output.emit(
      note(
        `${file}: ${result.imported} record(s) read, ${warnings}, ${errors} error(s) in the result; nothing was written${out !== undefined ? ` to ${out}` : ''}`,
      ),
    );
    return { valid: false, complete: result.problems.length === 0 };
  }
  if (out === undefined) output.emit({ kind: 'zone-text', text: yaml });
  else if (exists && root !== undefined) {
    const cwd = process.cwd();
    const zone = { zone: result.export.file.zone, records: result.records, settings: result.settings };
    const edited = await editExistingZoneFile(resolve(cwd, out), out, zone, root, cwd);
    confineOutputPaths(
      root,
      cwd,
      edited.map((o) => o.path),
    );
    for (const line of [
      ...result.export.notes,
      ...(result.export.sections ?? []).filter((s) => s.title === 'Left out:').flatMap((s) => s.lines),
    ])
      output.emit(note(`${file}: ${line}`));
    for (const o of edited) writeOutputFile(resolve(cwd, o.path), o.text);
    for (const o of edited) output.emit(note(`wrote ${o.path}`));
    if (edited.length === 0) output.emit(note(`${out} already says what ${file} does: nothing to change`));
  } else {
    if (missing !== undefined)
      output.emit(note(`wrote the zone file schema to ${writeRepoSchema(missing).path} (editor completion; commit it)`));
    writeOutputFile(out, yaml);
  }
  output.emit(note(`${file}: ${result.imported} record(s) imported, ${warnings}`));
  return { valid: true, complete: result.problems.length === 0 };
}
