/**
 * The export session: the live zone (or every zone the credentials can see) written as a zone
 * file that plans clean: records, DNS settings and the tokens that name it, as YAML, JSON or a
 * BIND zone file. Nothing is overwritten without `force`; with `all`, every file name is checked
 * before any file is written (export-paths.ts).
 */
import { existsSync, mkdirSync, statSync } from 'node:fs';
import { type ApiZone, type CloudflareClient, listZones } from '../../api/index.js';
import { renderBindZone } from '../../core/bind/render-bind.js';
import { ZonectlError } from '../../core/errors.js';
import { exportZone } from '../../core/export/export-zone.js';
import { renderExportJson, renderExportYaml } from '../../core/export/render-export.js';
import { connect } from '../connect/index.js';
import { credentialVariablesOf, schemaRefForOutput } from '../files/index.js';
import { writeOutputFile } from '../output/index.js';
import { type MessageEvent, note, type SessionOutput, warning } from '../session/index.js';
import { exportFileIn } from './export-paths.js';
import { readLiveZone } from './read-export.js';

export const EXPORT_FORMATS = ['yaml', 'json', 'bind'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** One zone (`zone`, to `out` or stdout), or every zone (`all`, one file each in the directory `out`). */
export type ExportTarget =
  | { readonly kind: 'zone'; readonly zone: string; readonly out?: string | undefined }
  | { readonly kind: 'all'; readonly dir: string };

export interface ExportRequest {
  readonly target: ExportTarget;
  readonly format: ExportFormat;
  /** Overwrite files that exist. */
  readonly force: boolean;
  readonly baseUrl?: string | undefined;
  /** zonectl's version, named in each file's header. */
  readonly version: string;
  readonly env?: Readonly<Record<string, string | undefined>>;
}

/** A zone file written to stdout (no `out`), besides the messages. */
export type ExportEvent = MessageEvent | { readonly kind: 'zone-text'; readonly text: string };

class ExportRefusedError extends ZonectlError {}

function refuseOverwrite(path: string, force: boolean): void {
  if (!force && existsSync(path)) {
    throw new ExportRefusedError(
      'OUTPUT_EXISTS',
      `${path} exists; zonectl export does not overwrite a zone file (use --force, or another --out)`,
    );
  }
}

/** The `$schema` reference of a YAML export (writing the repository's schema on the first one). */
function schemaLine(outFile: string | undefined, output: SessionOutput<ExportEvent>): { schemaRef?: string } {
  const { ref, wrote } = schemaRefForOutput(outFile);
  if (wrote !== undefined) output.emit(note(`wrote the zone file schema to ${wrote} (editor completion; commit it)`));
  return ref !== undefined ? { schemaRef: ref } : {};
}

async function exportOne(
  request: ExportRequest,
  client: CloudflareClient,
  zone: string | ApiZone,
  outFile: string | undefined,
  output: SessionOutput<ExportEvent>,
): Promise<void> {
  const { zoneId, input } = await readLiveZone(client, zone);
  const exp = exportZone(input);
  const now = new Date();
  const origin = `Exported by zonectl ${request.version} from zone ${exp.file.zone} (id ${zoneId}) on ${now.toISOString().slice(0, 10)}.`;
  const text =
    request.format === 'json'
      ? renderExportJson(exp)
      : request.format === 'bind'
        ? renderBindZone({
            zone: input.zone,
            records: input.records,
            nameServers: input.nameServers ?? [],
            settings: input.settings,
            serial: Math.floor(now.getTime() / 1000),
            header: [`Exported:   ${now.toISOString().replace('T', ' ').slice(0, 19)} by zonectl ${request.version}`],
            unknownTypes: input.unknownTypes,
          })
        : renderExportYaml(exp, { ...schemaLine(outFile, output), origin });
  if (outFile === undefined) output.emit({ kind: 'zone-text', text });
  else writeOutputFile(outFile, text);
  const where = outFile ?? 'stdout';
  output.emit(note(`${exp.file.zone}: ${exp.file.records.length} record(s), ${exp.file.tokens?.length ?? 0} token(s) written to ${where}`));
  for (const line of exp.leftOut) output.emit(warning(`  left out: ${line}`));
  for (const line of exp.unknown) output.emit(warning(`  left out: ${line}`));
  for (const line of exp.notes) output.emit(note(`  note: ${line}`));
}

export async function runExport(request: ExportRequest, output: SessionOutput<ExportEvent>): Promise<void> {
  const env = request.env ?? process.env;
  const { target } = request;
  // The repository's zonectl.yaml (found from where the files go): its credentials' values are masked in what is written.
  credentialVariablesOf([(target.kind === 'zone' ? target.out : target.dir) ?? process.cwd()], undefined, env);
  const client = connect({ baseUrl: request.baseUrl, env });
  try {
    if (target.kind === 'zone') {
      if (target.out !== undefined) refuseOverwrite(target.out, request.force);
      await exportOne(request, client, target.zone, target.out, output);
      return;
    }
    const dir = target.dir;
    if (existsSync(dir) && !statSync(dir).isDirectory()) throw new ExportRefusedError('BAD_ARGS', `--out ${dir} is not a directory`);
    mkdirSync(dir, { recursive: true });
    const zones = await listZones(client);
    // Every name is checked before any file is written (export-paths.ts).
    const extension = request.format === 'yaml' ? 'yaml' : request.format === 'json' ? 'json' : 'zone';
    const files = zones.map((z) => exportFileIn(dir, z.name, extension));
    for (const f of files) refuseOverwrite(f, request.force);
    for (const [i, zone] of zones.entries()) await exportOne(request, client, zone, files[i], output);
  } finally {
    await client.close();
  }
}
