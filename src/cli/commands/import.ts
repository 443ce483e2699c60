import type { Command } from 'commander';
import { existsSync, readFileSync } from 'node:fs';
import { writeOutputFile } from '../../app/output/index.js';
import { importBindZone } from '../../core/bind/import-zone.js';
import { ZonectlError } from '../../core/errors.js';
import { renderExportYaml } from '../../core/export/render-export.js';
import { formatProblem, loadZoneFile } from '../../core/zonefile/index.js';
import { EXIT, info, log, out } from '../output/io.js';
import { schemaRefForOutput } from '../../app/files/index.js';
import { VERSION } from '../version.js';

interface ImportFlags {
  zone: string;
  out?: string;
  soa?: boolean;
  proxied?: boolean;
  strict?: boolean;
  force?: boolean;
}

class ImportRefusedError extends ZonectlError {}

export function registerImport(program: Command): void {
  program
    .command('import')
    .description("Turn a BIND zone file (another provider, named, or the service's own export) into a zone file; no API call")
    .argument('<file>', 'BIND zone file')
    .requiredOption('--zone <name>', 'the zone the file describes (its origin)')
    .option('--out <zone.yaml>', 'write the zone file here instead of stdout')
    .option('--soa', 'manage the SOA values from the file in settings.soa (only Enterprise zones may change them)')
    .option('--proxied', "proxy A/AAAA/CNAME records that carry no cf-proxied tag (as the service's import option)")
    .option('--strict', 'exit 1 when anything could not be imported')
    .option('--force', 'overwrite --out if it exists')
    .addHelpText('after', '\nExample:\n  zonectl import old-provider.zone --zone example.com --out zones/example.com.yaml')
    .action((file: string, flags: ImportFlags) => {
      if (flags.out !== undefined && flags.force !== true && existsSync(flags.out)) {
        throw new ImportRefusedError(
          'OUTPUT_EXISTS',
          `${flags.out} exists; zonectl import does not overwrite a zone file (use --force, or another --out)`,
        );
      }
      let text: string;
      try {
        text = readFileSync(file, 'utf8');
      } catch (err) {
        throw new ImportRefusedError('READ_FAILED', `cannot read ${file}: ${(err as NodeJS.ErrnoException).code ?? String(err)}`);
      }
      const result = importBindZone(text, { zone: flags.zone, soa: flags.soa === true, proxied: flags.proxied === true });
      const { ref, wrote } = schemaRefForOutput(flags.out);
      if (wrote !== undefined) info(`wrote the zone file schema to ${wrote} (editor completion; commit it)`);
      const yaml = renderExportYaml(result.export, {
        ...(ref !== undefined ? { schemaRef: ref } : {}),
        origin: `Imported by zonectl ${VERSION} from ${file}.`,
      });
      for (const p of result.problems) log(`${file}:${p.line}: warning: ${p.message}`);
      // The written file must itself be valid: its problems are reported against the output.
      const check = loadZoneFile({ path: flags.out ?? '<stdout>', text: yaml }, {});
      for (const p of check.problems) log(formatProblem(p));
      const errors = check.problems.filter((p) => p.severity === 'error').length;
      if (flags.out === undefined) out(yaml);
      else writeOutputFile(flags.out, yaml);
      info(
        `${file}: ${result.imported} record(s) imported, ${result.problems.length} warning(s)${errors > 0 ? `, ${errors} error(s) in the result` : ''}`,
      );
      process.exitCode = errors > 0 || (flags.strict === true && result.problems.length > 0) ? EXIT.error : EXIT.ok;
    });
}
