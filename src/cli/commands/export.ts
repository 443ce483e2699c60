import { type Command, Option } from 'commander';
import { existsSync, mkdirSync, statSync } from 'node:fs';
import { listZones, type ApiZone } from '../../api/index.js';
import { exportFileIn, readLiveZone } from '../../app/export/index.js';
import { connect } from '../../app/connect/index.js';
import { renderBindZone } from '../../core/bind/render-bind.js';
import { exportZone } from '../../core/export/export-zone.js';
import { writeOutputFile } from '../../app/output/index.js';
import { ZonectlError } from '../../core/errors.js';
import { renderExportJson, renderExportYaml } from '../../core/export/render-export.js';
import { info, log, out } from '../output/io.js';
import { credentialVariablesOf, schemaRefForOutput } from '../../app/files/index.js';
import { VERSION } from '../version.js';
import { baseUrlOption } from '../options.js';

type ExportFormat = 'yaml' | 'json' | 'bind';

interface ExportFlags {
  zone?: string;
  all?: boolean;
  out?: string;
  format: ExportFormat;
  force?: boolean;
  baseUrl?: string;
}

class ExportRefusedError extends ZonectlError {}

function refuseOverwrite(path: string, force: boolean | undefined): void {
  if (force !== true && existsSync(path)) {
    throw new ExportRefusedError(
      'OUTPUT_EXISTS',
      `${path} exists; zonectl export does not overwrite a zone file (use --force, or another --out)`,
    );
  }
}

/** The `$schema` reference of a YAML export (writing the repository's schema on the first one). */
function schemaLine(outFile: string | undefined): { schemaRef?: string } {
  const { ref, wrote } = schemaRefForOutput(outFile);
  if (wrote !== undefined) info(`wrote the zone file schema to ${wrote} (editor completion; commit it)`);
  return ref !== undefined ? { schemaRef: ref } : {};
}

async function exportOne(
  flags: ExportFlags,
  zone: string | ApiZone,
  outFile: string | undefined,
  client: ReturnType<typeof connect>,
): Promise<void> {
  const { zoneId, input } = await readLiveZone(client, zone);
  const exp = exportZone(input);
  const now = new Date();
  const origin = `Exported by zonectl ${VERSION} from zone ${exp.file.zone} (id ${zoneId}) on ${now.toISOString().slice(0, 10)}.`;
  const text =
    flags.format === 'json'
      ? renderExportJson(exp)
      : flags.format === 'bind'
        ? renderBindZone({
            zone: input.zone,
            records: input.records,
            nameServers: input.nameServers ?? [],
            settings: input.settings,
            serial: Math.floor(now.getTime() / 1000),
            header: [`Exported:   ${now.toISOString().replace('T', ' ').slice(0, 19)} by zonectl ${VERSION}`],
            unknownTypes: input.unknownTypes,
          })
        : renderExportYaml(exp, { ...schemaLine(outFile), origin });
  if (outFile === undefined) out(text);
  else writeOutputFile(outFile, text);
  const where = outFile ?? 'stdout';
  info(`${exp.file.zone}: ${exp.file.records.length} record(s), ${exp.file.tokens?.length ?? 0} token(s) written to ${where}`);
  for (const line of exp.leftOut) log(`  left out: ${line}`);
  for (const line of exp.unknown) log(`  left out: ${line}`);
  for (const note of exp.notes) info(`  note: ${note}`);
}

export function registerExport(program: Command): void {
  program
    .command('export')
    .description('Write the live zone as a zone file that plans clean (records, DNS settings, the tokens that name it)')
    .option('--zone <name>', 'the zone to export')
    .option('--all', 'export every zone the credentials can see, one file per zone (needs --out DIR)')
    .option('--out <path>', 'write to this file (with --all: this directory) instead of stdout')
    .addOption(new Option('--format <format>', 'output format').choices(['yaml', 'json', 'bind']).default('yaml'))
    .option('--force', 'overwrite existing files')
    .addOption(baseUrlOption())
    .addHelpText(
      'after',
      '\nExamples:\n  zonectl export --zone example.com --out zones/example.com.yaml\n  zonectl export --zone example.com --format bind > example.com.zone\n  zonectl export --all --out zones/',
    )
    .action(async (flags: ExportFlags) => {
      if ((flags.zone === undefined) === (flags.all !== true))
        throw new ExportRefusedError('BAD_ARGS', 'give --zone NAME or --all (with --out DIR)');
      if (flags.all === true && flags.out === undefined)
        throw new ExportRefusedError('BAD_ARGS', '--all writes one file per zone: give --out DIR');
      // The repository's zonectl.yaml (found from where the files go): its credentials' values are masked in what is written.
      credentialVariablesOf([flags.out ?? process.cwd()], undefined, process.env);
      const client = connect({ baseUrl: flags.baseUrl });
      try {
        if (flags.zone !== undefined) {
          if (flags.out !== undefined) refuseOverwrite(flags.out, flags.force);
          await exportOne(flags, flags.zone, flags.out, client);
          return;
        }
        const dir = flags.out as string;
        if (existsSync(dir) && !statSync(dir).isDirectory()) throw new ExportRefusedError('BAD_ARGS', `--out ${dir} is not a directory`);
        mkdirSync(dir, { recursive: true });
        const zones = await listZones(client);
        // Every name is checked before any file is written (src/app/export/export-paths.ts).
        const files = zones.map((z) =>
          exportFileIn(dir, z.name, flags.format === 'yaml' ? 'yaml' : flags.format === 'json' ? 'json' : 'zone'),
        );
        for (const f of files) refuseOverwrite(f, flags.force);
        for (const [i, zone] of zones.entries()) await exportOne(flags, zone, files[i], client);
      } finally {
        await client.close();
      }
    });
}
